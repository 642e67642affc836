import { useTranslation } from 'react-i18next'
import { MyPayouts } from '../../features/payments/components/my-payouts'
import { MyJobsScreen } from '../../features/workers/components/my-jobs-screen'
import { Screen } from '../screen'

/** My jobs (/my/jobs): a worker's day on their phone. No UI library here: it must stay light. */
export function Component() {
  const { t } = useTranslation('workers')
  return (
    <Screen id="myJobs" lead={t('myJobs.lead')}>
      <MyJobsScreen />
      <MyPayouts />
    </Screen>
  )
}
