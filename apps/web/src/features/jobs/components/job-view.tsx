import type { JobResponse } from '@townworks/contract'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { PanelBoundary } from '../../../components/panel-boundary'
import { QueryState } from '../../../components/query-state'
import { useJob } from '../api/get-job'
import { JobAssignmentPanel } from './job-assignment'
import { JobHeader } from './job-header'
import { JobHistory } from './job-history'
import { JobMessages } from './job-messages'
import { JobMoney } from './job-money'
import { JobRequestPanel } from './job-request'
import { JobStatusPanel } from './job-status'
import { loadWithTimeout } from '../../../lib/lazy-with-timeout'
import './jobs.css'

// The photos of the work (issue 21) come after the job's parts: their code (the photo strip, the
// photos' read) is no part of the job page's first load, nor of the office's other screens' route map.
const JobPhotos = lazy(() => loadWithTimeout(() => import('./job-photos')).then((m) => ({ default: m.JobPhotos })))

export interface JobViewProps {
  taskId: number
  /** Shown in the header: the job page's address (the drawer links to it), or nothing on the page itself. */
  fullPageHref?: string | undefined
}

/**
 * Everything about one job, as the office works on it: what was asked, who goes when (and changing
 * it), the status with its legal next steps, the money, the messages and the history. The same view
 * fills the /jobs/:taskId page and the drawer opened from lists.
 */
export function JobView({ taskId, fullPageHref }: JobViewProps) {
  const { t } = useTranslation('jobs')
  const job = useJob(taskId)
  return (
    <QueryState query={job} loading={t('loading')} errorTitle={t('loadFailed')}>
      {(data) => <JobParts job={data} fullPageHref={fullPageHref} />}
    </QueryState>
  )
}

function JobParts({ job, fullPageHref }: { job: JobResponse; fullPageHref: string | undefined }) {
  const { t } = useTranslation('jobs')
  return (
    <div className="job">
      <JobHeader job={job} fullPageHref={fullPageHref} />
      <div className="job__grid">
        <div className="job__column">
          <PanelBoundary label={t('request.heading')}>
            <JobRequestPanel task={job.task} request={job.request} />
          </PanelBoundary>
          <PanelBoundary label={t('assignment.heading')}>
            <JobAssignmentPanel job={job} />
          </PanelBoundary>
          <PanelBoundary label={t('status.heading')}>
            <JobStatusPanel
              task={job.task}
              waitsForStartCode={job.request !== null && !job.history.some((r) => r.proof === 'start_code')}
            />
          </PanelBoundary>
        </div>
        <div className="job__column">
          <PanelBoundary label={t('photos.heading')}>
            <Suspense fallback={<p role="status">{t('photos.loading')}</p>}>
              <JobPhotos taskId={job.task.id} />
            </Suspense>
          </PanelBoundary>
          <PanelBoundary label={t('money.heading')}>
            <JobMoney money={job.money} />
          </PanelBoundary>
          <PanelBoundary label={t('messages.heading')}>
            <JobMessages messages={job.messages} />
          </PanelBoundary>
          <PanelBoundary label={t('history.heading')}>
            <JobHistory taskId={job.task.id} history={job.history} />
          </PanelBoundary>
        </div>
      </div>
    </div>
  )
}
