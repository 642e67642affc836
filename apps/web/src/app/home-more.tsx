import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { CategoryTiles } from '../features/requests/components/category-tiles'
import { QueuedRequestsHost } from '../features/requests/components/queued-requests-host'
import { Link } from '../lib/router'
import { useSession } from '../lib/session'

const STEPS = ['ask', 'assign', 'follow', 'confirm', 'close'] as const
const REASONS = ['vetted', 'convenience', 'transparency', 'support'] as const

/**
 * The home page under its search box: the categories, the way to every service (and, for a
 * visitor, to an account), how it works and why choose TownWorks. Fetched with its texts
 * (`homeMore.json`) as the search box paints, so the home page's first load stays within its budget.
 */
export default function HomeMore() {
  const { t } = useTranslation(['homeMore', 'home'])
  const { user } = useSession()
  const tilesId = useId()
  const howId = useId()
  const reasonsId = useId()
  return (
    <>
      {/* A request kept on this phone with no signal: waiting, sent (its reference) or refused (issue 23). */}
      <QueuedRequestsHost />
      <section className="catalog-section" aria-labelledby={tilesId}>
        <h2 id={tilesId} className="catalog-section__title">
          {t('home:categories.title')}
        </h2>
        <CategoryTiles labelledBy={tilesId} />
      </section>

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
