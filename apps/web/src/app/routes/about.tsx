import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Screen } from '../screen'

const TOWNS = ['armoor', 'nizamabad', 'nirmal'] as const

/** About (/about): who we are and the towns we serve. */
export function Component() {
  const { t } = useTranslation('about')
  const whoId = useId()
  const townsId = useId()
  const workersId = useId()
  return (
    <Screen id="about" lead={t('lead')}>
      <section className="section" aria-labelledby={whoId}>
        <h2 id={whoId}>{t('whoWeAre.title')}</h2>
        <p>{t('whoWeAre.body')}</p>
      </section>
      <section className="section" aria-labelledby={townsId}>
        <h2 id={townsId}>{t('towns.title')}</h2>
        <p>{t('towns.intro')}</p>
        <ul className="pill-list">
          {TOWNS.map((town) => (
            <li key={town}>{t(`towns.${town}`)}</li>
          ))}
        </ul>
      </section>
      <section className="section" aria-labelledby={workersId}>
        <h2 id={workersId}>{t('workers.title')}</h2>
        <p>{t('workers.body')}</p>
      </section>
    </Screen>
  )
}
