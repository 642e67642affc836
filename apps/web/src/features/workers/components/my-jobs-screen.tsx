import type { TaskStatus } from '@townworks/contract/constants'
import type { MyJobsResponse, MyJobWithEarning } from '@townworks/contract'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { QueryState } from '../../../components/query-state'
import { useMyJobs } from '../api/get-my-jobs'
import { useUpdateStatus } from '../../../lib/shared-api/tasks'
import { describeMyJobsError } from './error-text'
import { JobCard } from './job-card'
import './workers.css'
import { useStatusLabel } from '../../../lib/status-labels'
import { loadWithTimeout } from '../../../lib/lazy-with-timeout'
import { i18n } from '../../../lib/i18n'

// "My working time" opens on a tap: its form is not part of the jobs' first paint (decision 046), nor
// are its words, the office's `workers` namespace (decision 047): both are fetched together.
const loadAvailabilityForm = () =>
  loadWithTimeout(() =>
    Promise.all([import('./availability-form'), i18n.loadNamespaces('workers').catch(() => undefined)]).then(
      ([m]) => m,
    ),
  )
const warmAvailabilityForm = () => void loadAvailabilityForm().catch(() => undefined)
const AvailabilityForm = lazy(() => loadAvailabilityForm().then((m) => ({ default: m.AvailabilityForm })))

/**
 * My jobs (/my/jobs), a worker's phone screen: today's jobs, open ones from earlier days, and the
 * days ahead, each with the customer to call and a large button for each next step. Plain HTML
 * and CSS (no UI library), so it stays small on a slow connection.
 */
export function MyJobsScreen() {
  const { t } = useTranslation('myJobs')
  const jobs = useMyJobs()
  return (
    <QueryState
      query={jobs}
      loading={t('loading')}
      errorTitle={t('errors.load')}
      describeError={(error) => describeMyJobsError(error, t)}
    >
      {(data) => <JobsBoard data={data} isFetching={jobs.isFetching} onRefresh={() => void jobs.refetch()} />}
    </QueryState>
  )
}

interface JobsBoardProps {
  data: MyJobsResponse
  isFetching: boolean
  onRefresh: () => void
}

/** The jobs by day (earlier, today, upcoming), the outcome of the last move, and the worker's hours. */
function JobsBoard({ data, isFetching, onRefresh }: JobsBoardProps) {
  const { t } = useTranslation('myJobs')
  const statusName = useStatusLabel()
  const move = useUpdateStatus()
  const [outcome, setOutcome] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null)
  const [showTime, setShowTime] = useState(false)
  const { worker, today, jobs: list } = data
  if (!worker) return <p className="jobs__empty">{t('notLinked')}</p>

  const handleMove = async (job: MyJobWithEarning, to: TaskStatus, title: string) => {
    setOutcome(null)
    try {
      await move.mutateAsync({ taskId: job.task_id, status: to, expectedStatus: job.status })
      setOutcome({ tone: 'ok', text: t('moved', { task: title, status: statusName(to) }) })
    } catch (error) {
      setOutcome({ tone: 'error', text: describeMyJobsError(error, t, t('errors.jobNotFound')) })
    }
  }

  const earlier = list.filter((j) => j.assignment_date < today)
  const todays = list.filter((j) => j.assignment_date === today)
  const upcoming = list.filter((j) => j.assignment_date > today)

  const section = (id: string, title: string, items: MyJobWithEarning[], empty?: string) =>
    items.length === 0 && !empty ? null : (
      <section className="jobs__section" aria-labelledby={id}>
        <h2 id={id} className="jobs__heading">
          {title}
        </h2>
        {items.length === 0 ? (
          <p className="jobs__empty">{empty}</p>
        ) : (
          <ul className="jobs__list">
            {items.map((job) => (
              <li key={job.assignment_id}>
                <JobCard job={job} busy={move.isPending} onMove={handleMove} />
              </li>
            ))}
          </ul>
        )}
      </section>
    )

  return (
    <div className="jobs">
      {/* Refresh, and beside it what the last change did: no empty band above the jobs. */}
      <div className="jobs__bar">
        <button type="button" className="button jobs__button" onClick={onRefresh} disabled={isFetching}>
          {t('refresh')}
        </button>
        <div aria-live="polite" className="jobs__outcome">
          {outcome ? (
            <p className={outcome.tone === 'ok' ? 'workers-form__ok' : 'workers-form__error'}>{outcome.text}</p>
          ) : null}
        </div>
      </div>
      {section('jobs-earlier', t('earlier'), earlier)}
      {section('jobs-today', t('today'), todays, t('noneToday'))}
      {section('jobs-upcoming', t('upcoming'), upcoming, t('noneUpcoming'))}

      <section className="jobs__section" aria-labelledby="jobs-time">
        <h2 id="jobs-time" className="jobs__heading">
          {t('myTime')}
        </h2>
        <button
          type="button"
          className="button jobs__button"
          aria-expanded={showTime}
          aria-controls="jobs-time-panel"
          onPointerOver={warmAvailabilityForm}
          onTouchStart={warmAvailabilityForm}
          onFocus={warmAvailabilityForm}
          onClick={() => setShowTime((v) => !v)}
        >
          {showTime ? t('availability.close') : t('myTime')}
        </button>
        <div id="jobs-time-panel" hidden={!showTime}>
          {showTime ? (
            <Suspense fallback={<p role="status">{t('availability.loading')}</p>}>
              <AvailabilityForm workerId={worker.worker_id} />
            </Suspense>
          ) : null}
        </div>
      </section>
    </div>
  )
}
