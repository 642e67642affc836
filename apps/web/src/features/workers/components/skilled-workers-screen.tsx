import { lazy, Suspense, useEffect, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { PanelBoundary } from '../../../components/panel-boundary'
import { QueryState } from '../../../components/query-state'
import { loadWithTimeout } from '../../../lib/lazy-with-timeout'
import { useSkilledWorkers } from '../api/get-skilled-workers'
import { describeWorkersError } from './error-text'
import type * as ShortlistModuleType from './skilled-workers-shortlist'
import { WorkerCards, type BookWorker } from './worker-cards'
import './worker-cards.css'
import './workers.css'

type ShortlistModule = typeof ShortlistModuleType

// The shortlist (its table, select and cart calls) is fetched as the screen first renders, and
// painted after the cards: it is below them on every screen, and not in the first paint's budget.
let shortlistModule: Promise<ShortlistModule> | undefined
const loadShortlist = () => {
  shortlistModule ??= loadWithTimeout(() => import('./skilled-workers-shortlist'))
  shortlistModule.catch(() => {
    shortlistModule = undefined
  })
  return shortlistModule
}
const Shortlist = lazy(() => loadShortlist().then((m) => ({ default: m.Shortlist })))

/**
 * Skilled Workers (/swl): worker cards a customer books from ("Book this worker" calls `onBook`), then
 * the shortlist (skilled-workers-shortlist.tsx, loaded after the cards).
 */
export function SkilledWorkersScreen({ onBook }: { onBook: BookWorker }) {
  const { t } = useTranslation('workers')
  const list = useSkilledWorkers()
  const workers = list.data?.skilledworkers ?? []
  const cardsId = useId()
  const shortlistId = useId()
  // Fetch the shortlist's code as the screen first renders, while the workers are read.
  useEffect(() => void loadShortlist().catch(() => undefined), [])

  return (
    <div className="workers-scope">
      <QueryState
        query={list}
        loading={t('skilledWorkers.loading')}
        errorTitle={t('errors.load')}
        describeError={(error) => describeWorkersError(error, t)}
        isEmpty={(data) => data.skilledworkers.length === 0}
        empty={t('skilledWorkers.empty')}
      >
        {() => (
          <>
            <section aria-labelledby={cardsId}>
              <h2 id={cardsId} className="workers-section-title">
                {t('skilledWorkers.cards.title')}
              </h2>
              <WorkerCards workers={workers} onBook={onBook} />
            </section>
            <section aria-labelledby={shortlistId}>
              <h2 id={shortlistId} className="workers-section-title">
                {t('skilledWorkers.shortlist.title')}
              </h2>
              <p>{t('skilledWorkers.shortlist.intro')}</p>
              <PanelBoundary label={t('skilledWorkers.shortlist.title')}>
                <Suspense
                  fallback={
                    <p role="status" className="workers-cards__count">
                      {t('skilledWorkers.shortlist.loading')}
                    </p>
                  }
                >
                  <Shortlist workers={workers} />
                </Suspense>
              </PanelBoundary>
            </section>
          </>
        )}
      </QueryState>
    </div>
  )
}
