import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from '../lib/router'
import { useSession } from '../lib/session'

const STEPS = ['ask', 'assign', 'follow', 'confirm', 'close'] as const
const REASONS = ['vetted', 'convenience', 'transparency', 'support'] as const

/**
 * The home page below its first screen: the way to every service (and, for a visitor, to an
 * account), how it works and why choose TownWorks. Loaded just after the first paint with its own
 * texts (`homeMore.json`), so the home page's first load carries only the search and the categories.
 */
export default function HomeMore() {
  const { t } = useTranslation('homeMore')
  const { user } = useSession()
  const howId = useId()
  const reasonsId = useId()
  return (
    <>
      <p className="actions">
        <Link className="button button--primary" to="/imdDisplay">
          {t('cta.request')}
        </Link>
        {user ? null : (
          <Link className="button" to="/register">
            {t('cta.register')}
          </Link>
        )}
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
    </>
  )
}
