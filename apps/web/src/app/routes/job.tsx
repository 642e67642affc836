import { useTranslation } from 'react-i18next'
import { JobView } from '../../features/jobs/components/job-view'
import { MantineScope } from '../../lib/mantine'
import { useParams } from '../../lib/router'
import { Screen } from '../screen'
import { parseTaskId } from '../../lib/job-address'

/** /jobs/:taskId (operators and admins): one job, everything the office does with it. */
export function Component() {
  const { t } = useTranslation('jobs')
  const taskId = parseTaskId(useParams<{ taskId: string }>().taskId)
  return (
    <MantineScope>
      <Screen id="job">
        {taskId === undefined ? <p role="status">{t('invalidId')}</p> : <JobView taskId={taskId} />}
      </Screen>
    </MantineScope>
  )
}
