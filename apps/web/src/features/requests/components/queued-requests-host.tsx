import { lazy, Suspense } from 'react'
import { ErrorBoundary } from '../../../components/error-boundary'
import { i18n } from '../../../lib/i18n'
import { loadWithTimeout } from '../../../lib/lazy-with-timeout'
import { useQueuedRequestsHint } from '../model/queued-hint'
import type { QueuedRequestsProps } from './queued-requests'

// The notices of requests kept on this phone (issue 23) and the outbox's code (IndexedDB) that sends
// them: fetched after the first paint, and only when a request was queued on this phone.
const QueuedRequests = lazy(() =>
  loadWithTimeout(() =>
    Promise.all([import('./queued-requests'), i18n.loadNamespaces('requests').catch(() => undefined)]),
  ).then(([m]) => ({ default: m.QueuedRequests })),
)

/** Home's and the catalog's place for requests waiting on this phone, sent or refused. */
export function QueuedRequestsHost(props: QueuedRequestsProps) {
  const queued = useQueuedRequestsHint()
  if (!queued) return null
  return (
    <ErrorBoundary fallback={() => null}>
      <Suspense fallback={null}>
        <QueuedRequests {...props} />
      </Suspense>
    </ErrorBoundary>
  )
}
