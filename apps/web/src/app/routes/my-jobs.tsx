import { useTranslation } from 'react-i18next'
import { PanelBoundary } from '../../components/panel-boundary'
import { MyPayouts } from '../../features/payments/components/my-payouts'
import { myJobsQuery, useMyJobs } from '../../features/workers/api/get-my-jobs'
import { MyJobsScreen } from '../../features/workers/components/my-jobs-screen'
import { queryClient } from '../../lib/query-client'
import { STORED_USER_KEY } from '../../lib/session'
import { Screen } from '../screen'

// The jobs are asked for as soon as this screen's code arrives, alongside the session check
// (GET /api/me) rather than after the guard has its answer: one round trip less before a worker
// sees the day's jobs on a slow phone. Only when someone logged in from this browser.
try {
  if (localStorage.getItem(STORED_USER_KEY) !== null) void queryClient.prefetchQuery(myJobsQuery())
} catch {
  // No storage (private mode): the screen asks once the session is known.
}

/** My jobs (/my/jobs): a worker's day on their phone. No UI library here: it must stay light. */
export function Component() {
  const { t } = useTranslation('workers')
  // Payouts load alongside the jobs but show only once the jobs are drawn above them: a short
  // answer arriving first would otherwise be painted and then pushed down by the job list.
  const jobsPending = useMyJobs().isPending
  return (
    <Screen id="myJobs" lead={t('myJobs.lead')}>
      <MyJobsScreen />
      <div hidden={jobsPending}>
        <PanelBoundary label={t('myJobs.payoutsPanel')}>
          <MyPayouts />
        </PanelBoundary>
      </div>
    </Screen>
  )
}
