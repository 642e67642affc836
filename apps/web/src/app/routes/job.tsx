import { useTranslation } from 'react-i18next'
import { JobView } from '../../features/jobs/components/job-view'
import { useParams } from '../../lib/router'
import { Screen } from '../screen'
import { parseTaskId } from '../../features/jobs/model/task-id'

/** /jobs/:taskId (operators and admins): one job, everything the office does with it. */
export function Component() {
  const { t } = useTranslation('jobs')
  const taskId = parseTaskId(useParams<{ taskId: string }>().taskId)
  return (
    <Screen id="job">
      {taskId === undefined ? <p role="status">{t('invalidId')}</p> : <JobView taskId={taskId} />}
    </Screen>
  )
}
