import type { JobResponse } from '@townworks/contract'
import { useTranslation } from 'react-i18next'
import { Link } from '../../../lib/router'
import { useNames } from '../../../lib/names'
import { StatusBadge } from './status-badge'

/** The job's name as the office says it: reference, service, town, and where its status stands. */
export function JobHeader({ job, fullPageHref }: { job: JobResponse; fullPageHref: string | undefined }) {
  const { t } = useTranslation('jobs')
  const names = useNames()
  const { task } = job
  const place = [task.service ? names.service(task.service) : null, task.town ? names.town(task.town) : null]
    .filter(Boolean)
    .join(' · ')
  return (
    <header className="job__header">
      <div>
        <h2 className="job__reference">
          {task.reference}
          {place ? <span className="job__place"> · {place}</span> : null}
        </h2>
        <p className="job__name">{task.name}</p>
      </div>
      <div className="job__header-side">
        <StatusBadge status={task.status} />
        {fullPageHref ? (
          <Link to={fullPageHref} className="job__full-link">
            {t('openFullPage', { reference: task.reference })}
          </Link>
        ) : null}
      </div>
    </header>
  )
}
