import type { TaskStatus } from '@townworks/contract/constants'
import type { MyJobsResponse, MyJobWithEarning } from '@townworks/contract'
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import { QueryState } from '../../../components/query-state'
import { useMyJobs } from '../api/get-my-jobs'
import { useUpdateStatus } from '../../../lib/shared-api/tasks'
import { describeMyJobsError } from './error-text'
import { JobCard } from './job-card'
import type { MyJobsSectionsProps } from './my-jobs-sections'
import { useSession } from '../../../lib/session'
import type * as JobQueueModule from './job-queue'
import { onTap } from './on-tap'
import { useAfterPaint } from '../../../lib/use-after-paint'
import './workers.css'
import { useStatusLabel } from '../../../lib/status-labels'

// My ratings and My working time come after the jobs: their code and words (`myJobsMore`, which the
// start code form also reads) are asked for once the jobs are drawn (as the payouts panel, decision
// 047), so they never compete with the jobs on a slow line; should the code not arrive, the jobs show
// without them. What their buttons open loads on the tap (my-jobs-sections.tsx).
const MyJobsSections = lazy(() =>
  onTap(() => import('./my-jobs-sections'), 'myJobsMore')().then(
    (m) => ({ default: m.MyJobsSections }),
    (): { default: ComponentType<MyJobsSectionsProps> } => ({ default: () => null }),
  ),
)

// With a weak signal (issue 23): the bar above the jobs, each card's "Waiting to send" and "Not sent",
// and the keeping on the phone of what the network could not take come once the jobs are drawn, with
// the `myJobsMore` words (job-queue.tsx); until then, and should they not arrive, moves go as before.
const loadQueue = onTap(() => import('./job-queue'), 'myJobsMore')

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

/** The jobs by day (earlier, today, upcoming), the outcome of the last move, the worker's ratings and hours. */
function JobsBoard({ data, isFetching, onRefresh }: JobsBoardProps) {
  const { t } = useTranslation('myJobs')
  const statusName = useStatusLabel()
  const move = useUpdateStatus()
  const [outcome, setOutcome] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null)
  const jobsDrawn = useAfterPaint(true)
  const owner = useSession().user ?? ''
  const [queue, setQueue] = useState<typeof JobQueueModule>()
  // Each job with actions on the phone, as it will be once they are sent (the status they lead to).
  const [queued, setQueued] = useState<Record<number, MyJobWithEarning>>({})
  useEffect(() => {
    if (jobsDrawn) loadQueue().then(setQueue, () => undefined)
  }, [jobsDrawn])
  const { worker, today, jobs: list } = data
  if (!worker) return <p className="jobs__empty">{t('notLinked')}</p>

  const handleMove = async (job: MyJobWithEarning, to: TaskStatus, title: string) => {
    setOutcome(null)
    const send = (idempotencyKey?: string) =>
      move.mutateAsync({ taskId: job.task_id, status: to, expectedStatus: job.status, idempotencyKey })
    try {
      // Kept on the phone when there is no signal (or this job's earlier actions still wait): it says so.
      const kept = queue ? await queue.move(owner, job, to, title, send) : void (await send())
      setOutcome({ tone: 'ok', text: kept ?? t('moved', { task: title, status: statusName(to) }) })
    } catch (error) {
      setOutcome({ tone: 'error', text: describeMyJobsError(error, t, t('errors.jobNotFound')) })
    }
  }

  // Started with the customer's code (the card's form): said as a move is; kept on the phone, said so.
  const started = (title: string, kept?: string) =>
    setOutcome({ tone: 'ok', text: kept ?? t('moved', { task: title, status: statusName('work_inprogress') }) })

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
                <JobCard
                  job={queued[job.task_id] ?? job}
                  busy={move.isPending}
                  onMove={handleMove}
                  onStarted={started}
                  note={queue ? <queue.JobQueueNote owner={owner} job={job} /> : null}
                />
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
      {queue ? <queue.JobsQueueBar owner={owner} jobs={list} onQueued={setQueued} /> : null}
      {section('jobs-earlier', t('earlier'), earlier)}
      {section('jobs-today', t('today'), todays, t('noneToday'))}
      {section('jobs-upcoming', t('upcoming'), upcoming, t('noneUpcoming'))}

      {jobsDrawn ? (
        <Suspense fallback={null}>
          <MyJobsSections worker={worker} />
        </Suspense>
      ) : null}
    </div>
  )
}
