import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { intlLocale } from '../../../lib/format'
import { useCopySavedAt } from '../../../lib/offline/device-copy'
import { requestsKeys } from '../../../lib/query-keys'
import { useSession } from '../../../lib/session'

// The requests waiting on this phone, and the outbox's code: a chunk of their own, so that the list's
// first load names as few files as it can (the 130 kB limit).
const QueuedRequests = lazy(() => import('./queued-requests').then((m) => ({ default: m.QueuedRequests })))

/** HH:MM in India's time, as the person's phone shows it. */
function clock(at: number, language: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Asia/Kolkata',
  }).format(at)
}

/**
 * My requests with a weak signal (issue 23), after the list's first paint: the requests waiting on this
 * phone at the top ("Waiting to send", then the reference or the refusal), and, while the list is the
 * device's copy, when it was loaded. A request sent from the outbox reads the list again.
 */
export default function MyRequestsOffline() {
  const { t, i18n } = useTranslation('myRequests')
  const { user } = useSession()
  const savedAt = useCopySavedAt(user, requestsKeys.mine())
  const queryClient = useQueryClient()
  return (
    <>
      {savedAt !== undefined ? (
        <div className="requests-note requests-mine__offline" role="status" data-testid="my-requests-offline">
          <p>
            <strong>{t('offline.lastUpdated', { time: clock(savedAt, i18n.language) })}</strong> {t('offline.note')}
          </p>
        </div>
      ) : null}
      <Suspense fallback={null}>
        <QueuedRequests onSent={() => void queryClient.invalidateQueries({ queryKey: requestsKeys.all })} />
      </Suspense>
    </>
  )
}
