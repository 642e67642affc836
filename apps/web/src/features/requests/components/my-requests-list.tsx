import type { MyRequest, MyRequestTask } from '@townworks/contract'
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorBoundary } from '../../../components/error-boundary'
import { QueryState } from '../../../components/query-state'
import { Link, useSearchParams } from '../../../lib/router'
import { useMyRequests } from '../api/get-my-requests'
import { describeApiError } from '../../../lib/api-error-text'
import { loadWithTimeout } from '../../../lib/lazy-with-timeout'
import { i18n } from '../../../lib/i18n'
import { MyRequestCard } from './my-request-card'
import { useCustomerAction } from './use-customer-action'
import './requests.css'

// The confirming dialog (Mantine's Modal: focus trap, Escape, a portal) is not part of the list's first
// paint: it is fetched when a pointer, a finger or the keyboard reaches a card's buttons, at the latest
// on the press (decision 046: /my/requests without Mantine before it is usable).
const loadConfirmDialog = () =>
  loadWithTimeout(() =>
    Promise.all([
      import('./confirm-action-dialog'),
      // Its words (and the outcome's) are a namespace of their own (decision 047).
      i18n.loadNamespaces('requestActions').catch(() => undefined),
    ]).then(([m]) => m),
  )
const warmConfirmDialog = () => void loadConfirmDialog().catch(() => undefined)
const ConfirmActionDialog = lazy(loadConfirmDialog)

// With a weak signal (issue 23): when the list shown was loaded, and the requests waiting on this phone.
// After the first paint, with the outbox's code (IndexedDB); its words (requests.json) come as it renders.
const MyRequestsOffline = lazy(() => import('./my-requests-offline'))

export interface MyRequestsListProps {
  /** What the screen shows about a task's money (price, line items, Pay): composed by the route. */
  renderPayment?: (task: MyRequestTask, request: MyRequest, gstInvoices: boolean) => ReactNode
  /** A request's quote, shown and decided on its card (issue 22): composed by the route. */
  renderQuote?: (request: MyRequest) => ReactNode
}

/** The customer's requests, each with its status, worker and timeline; refreshes by itself. */
export function MyRequestsList({ renderPayment, renderQuote }: MyRequestsListProps = {}) {
  const { t } = useTranslation(['myRequests', 'common'])
  const query = useMyRequests()
  const action = useCustomerAction()
  // The payment's message links to /my/requests?rate=ID: that task's rating opens (issue 21).
  const [search] = useSearchParams()
  const rateTaskId = Number(search.get('rate')) || null
  // Mounted from the first question on, so that closing it keeps its way out.
  const [asked, setAsked] = useState(false)
  if (action.pending && !asked) setAsked(true)

  return (
    <div className="requests-scope requests-mine__screen">
      <div role="status" aria-live="polite" className="requests-mine__announce">
        {action.announcement ? (
          <div className="requests-note">
            <p>{action.announcement}</p>
            <button
              type="button"
              className="requests-note__close"
              aria-label={t('common:close')}
              onClick={action.clearAnnouncement}
            >
              ×
            </button>
          </div>
        ) : null}
      </div>
      <ErrorBoundary fallback={() => null}>
        <Suspense fallback={null}>
          <MyRequestsOffline />
        </Suspense>
      </ErrorBoundary>
      <QueryState
        query={query}
        loading={t('loading')}
        describeError={(error) =>
          describeApiError(error, {
            network: t('noServer'),
            rest: (message) => t('loadFailed', { message }),
          })
        }
        isEmpty={(data) => data.requests.length === 0}
        empty={
          <>
            {t('empty')}{' '}
            <Link to="/imdDisplay" className="requests-link">
              {t('emptyLink')}
            </Link>
          </>
        }
      >
        {(data) => (
          <ul
            className="requests-mine"
            onPointerOver={warmConfirmDialog}
            onTouchStart={warmConfirmDialog}
            onFocus={warmConfirmDialog}
          >
            {data.requests.map((r) => (
              <li key={r.id}>
                <MyRequestCard
                  request={r}
                  renderPayment={renderPayment && ((task) => renderPayment(task, r, data.gst_invoices))}
                  renderQuote={renderQuote}
                  onAction={action.ask}
                  rateNow={rateTaskId !== null && r.task?.id === rateTaskId}
                  onAnnounce={action.announce}
                />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {asked ? (
        <Suspense fallback={<p role="status">{t('opening')}</p>}>
          <ConfirmActionDialog pending={action.pending} onDone={action.finish} onCancel={action.cancel} />
        </Suspense>
      ) : null}
    </div>
  )
}
