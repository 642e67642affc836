import type { TaskStatus } from '@townworks/contract/constants'
import { useTranslation } from 'react-i18next'
import { useStatusLabel } from '../../../lib/status-labels'

/** A task's status in words, coloured by where it stands (done, waiting, cancelled). */
export function StatusBadge({ status }: { status: TaskStatus }) {
  const { t } = useTranslation('jobs')
  const statusName = useStatusLabel()
  return (
    <span className={`job-status-badge job-status-badge--${status}`}>
      <span className="visually-hidden">{t('status.label')}: </span>
      {statusName(status)}
    </span>
  )
}
