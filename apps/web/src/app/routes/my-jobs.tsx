import { lazy, Suspense, type ComponentType } from 'react'
import { useAfterPaint } from '../../lib/use-after-paint'
import { useTranslation } from 'react-i18next'
import { myJobsQuery, useMyJobs } from '../../features/workers/api/get-my-jobs'
import { MyJobsScreen } from '../../features/workers/components/my-jobs-screen'
import { loadWithTimeout } from '../../lib/lazy-with-timeout'
import { queryClient } from '../../lib/query-client'
import { STORED_USER_KEY } from '../../lib/session'
import { Screen } from '../screen'

// The jobs are asked for as soon as this screen's code arrives, alongside the session check
// (GET /api/me) rather than after the guard has its answer: one round trip less before a worker
// sees the day's jobs on a slow phone. Only when someone logged in from this browser.
try {
  const user = localStorage.getItem(STORED_USER_KEY)
  if (user !== null) void queryClient.prefetchQuery(myJobsQuery(user))
} catch {
  // No storage (private mode): the screen asks once the session is known.
}

// The payouts panel shows below the jobs once they are drawn: its code, its boundary and its words (the
// payments namespace) are no part of its first paint (decision 047), and are asked for only once the
// jobs are on screen, so they never compete with the jobs on a slow line. Should its code not arrive,
// the jobs show without it.
const MyJobsPayouts = lazy<ComponentType<{ label: string }>>(() =>
  loadWithTimeout(() => import('./my-jobs-payouts')).then(
    (m) => ({ default: m.MyJobsPayouts }),
    () => ({ default: () => null }),
  ),
)

/** My jobs (/my/jobs): a worker's day on their phone. No UI library here: it must stay light. */
export function Component() {
  const { t } = useTranslation('myJobs')
  // Payouts load once the jobs are drawn above them (after that paint), never before: a short answer
  // arriving first would otherwise be painted and then pushed down by the job list.
  const jobsDrawn = useAfterPaint(!useMyJobs().isPending)
  return (
    <Screen id="myJobs" lead={t('lead')}>
      <MyJobsScreen />
      {jobsDrawn ? (
        <Suspense fallback={null}>
          <MyJobsPayouts label={t('payoutsPanel')} />
        </Suspense>
      ) : null}
    </Screen>
  )
}
