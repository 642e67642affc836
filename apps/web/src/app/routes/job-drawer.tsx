import { Drawer } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { JobView } from '../../features/jobs/components/job-view'
import { MantineScope } from '../../lib/mantine'
import { QueryScope } from '../../lib/query-scope'
import { useSearchParams } from '../../lib/router'
import { JOB_PARAM, jobPageHref, parseTaskId } from '../../lib/job-address'

/** The job view in a drawer over the list it was opened from, with a link to its full page. */
export function JobDrawer({ value }: { value: string }) {
  const { t } = useTranslation('jobs')
  const [, setParams] = useSearchParams()
  const taskId = parseTaskId(value)
  const close = () =>
    setParams(
      (params) => {
        params.delete(JOB_PARAM)
        return params
      },
      { replace: true },
    )
  return (
    <MantineScope>
      <QueryScope>
        <Drawer
          opened
          onClose={close}
          position="right"
          size="min(100vw, 56rem)"
          title={t('drawerLoading')}
          closeButtonProps={{ 'aria-label': t('close') }}
        >
          {taskId === undefined ? (
            <p role="status">{t('invalidId')}</p>
          ) : (
            <JobView taskId={taskId} fullPageHref={jobPageHref(taskId)} />
          )}
        </Drawer>
      </QueryScope>
    </MantineScope>
  )
}
