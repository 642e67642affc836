import { useEffect, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { JobView } from '../../features/jobs/components/job-view'
import { JOB_PARAM, jobPageHref } from '../../components/job-link'
import { parseTaskId } from '../../features/jobs/model/task-id'
import { QueryScope } from '../../lib/query-scope'
import { useSearchParams } from '../../lib/router'

/**
 * The job view in a drawer over the list it was opened from, with a link to its full page. A native
 * modal <dialog>: focus stays inside, Escape closes it, the list behind is inert; no Mantine Drawer,
 * whose parts would split Mantine's shared chunks and grow every Mantine screen (decision 021).
 */
export function JobDrawer({ value }: { value: string }) {
  const { t } = useTranslation('jobs')
  const [, setParams] = useSearchParams()
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const taskId = parseTaskId(value)
  const close = () =>
    setParams(
      (params) => {
        params.delete(JOB_PARAM)
        return params
      },
      { replace: true },
    )
  useEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open && typeof dialog.showModal === 'function') dialog.showModal()
  }, [])
  return (
    <QueryScope>
      <dialog ref={ref} className="job-drawer" aria-labelledby={titleId} onClose={close}>
        <div className="job-drawer__head">
          <h2 id={titleId} className="job-drawer__title">
            {t('drawerLoading')}
          </h2>
          <button type="button" className="job-drawer__close" aria-label={t('close')} onClick={close}>
            ×
          </button>
        </div>
        {taskId === undefined ? (
          <p role="status">{t('invalidId')}</p>
        ) : (
          <JobView taskId={taskId} fullPageHref={jobPageHref(taskId)} />
        )}
      </dialog>
    </QueryScope>
  )
}
