import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from '../../lib/router'
import { Screen } from '../screen'

const STEPS = ['ask', 'assign', 'follow', 'confirm', 'close'] as const
const REASONS = ['vetted', 'convenience', 'transparency', 'support'] as const

/** Home (/): welcome, how it works and why choose TownWorks. */
export function Component() {
  const { t } = useTranslation('home')
  const howId = useId()
  const reasonsId = useId()
  return (
    <Screen id="home" lead={t('lead')}>
      <p className="actions">
        <Link className="button button--primary" to="/imdDisplay">
          {t('cta.request')}
        </Link>
        <Link className="button" to="/register">
          {t('cta.register')}
        </Link>
      </p>

      <section className="section" aria-labelledby={howId}>
        <h2 id={howId}>{t('howItWorks.title')}</h2>
        <ol className="steps">
          {STEPS.map((step) => (
            <li key={step}>{t(`howItWorks.steps.${step}`)}</li>
          ))}
        </ol>
      </section>

      <section className="section" aria-labelledby={reasonsId}>
        <h2 id={reasonsId}>{t('reasons.title')}</h2>
        <ul className="cards">
          {REASONS.map((reason) => (
            <li key={reason} className="card">
              <h3>{t(`reasons.${reason}.title`)}</h3>
              <p>{t(`reasons.${reason}.body`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </Screen>
  )
}
