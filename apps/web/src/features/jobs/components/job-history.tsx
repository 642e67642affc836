import type { WorkflowRecord } from '@townworks/contract'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../../lib/format'
import { Link } from '../../../lib/router'
import { JobSection } from './job-section'
import { useStatusLabel } from '../../../lib/status-labels'

/**
 * Every status change of the job, oldest first, with who made it and why (a start with the customer's
 * start code says so); the diagram on /wfs.
 */
export function JobHistory({ taskId, history }: { taskId: number; history: readonly WorkflowRecord[] }) {
  const { t, i18n } = useTranslation('jobs')
  const statusName = useStatusLabel()
  return (
    <JobSection
      title={t('history.heading')}
      actions={
        <Link to={`/wfs?task=${taskId}`} className="job-section__action">
          {t('history.diagram')}
        </Link>
      }
    >
      {history.length === 0 ? (
        <p className="job-muted">{t('history.none')}</p>
      ) : (
        <ol className="job-list job-history">
          {history.map((record) => (
            <li key={record.id}>
              <strong>{statusName(record.status)}</strong>
              {record.from_status ? <span className="job-muted"> ← {statusName(record.from_status)}</span> : null}
              <br />
              <span className="job-muted">
                {formatDateTime(record.timestamp, i18n.language)}
                {record.by ? ` · ${record.by}` : ''}
              </span>
              {record.proof === 'start_code' ? (
                <>
                  <br />
                  <span className="job-history__proof">{t('history.startCode')}</span>
                </>
              ) : null}
              {record.notes ? <p className="job-history__notes">{record.notes}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </JobSection>
  )
}
