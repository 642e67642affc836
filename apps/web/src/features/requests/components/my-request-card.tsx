import type { MyRequest, MyRequestTask, TimelineActor } from '@townworks/contract'
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { i18n } from '../../../lib/i18n'
import { loadWithTimeout } from '../../../lib/lazy-with-timeout'
import { formatDate, formatDateTime, formatTime } from '../../../lib/format'
import { isCustomerAction, type CustomerAction, type PendingAction } from './use-customer-action'
import { useNames } from '../../../lib/names'
import { ErrorBoundary } from '../../../components/error-boundary'
import { PhoneLink } from '../../../components/phone-link'
import { useStatusLabel } from '../../../lib/status-labels'

// The start code, the photos of the work and the rating, and their words, come only for a task that
// shows one (decision 046: the list paints first within its budget, like the Pay area for a job
// awaiting payment).
const TaskTrust = lazy(() =>
  loadWithTimeout(() =>
    Promise.all([import('./task-rating'), i18n.loadNamespaces('trust').catch(() => undefined)]).then(([m]) => ({
      default: m.TaskTrust,
    })),
  ),
)

// What the customer asked for (address, landmark, problems, time, photo) comes just after the
// card's first paint, with its words: it is theirs to read again, not what the card is for now
// (decision 046: /my/requests within 130 kB).
const RequestDetailsList = lazy(() =>
  loadWithTimeout(() =>
    Promise.all([import('../../../lib/request-details'), i18n.loadNamespaces('requestDetails').catch(() => undefined)]),
  ).then(([m]) => ({ default: m.RequestDetailsList })),
)

// A materials order's line (decision 069) says its quantity in the quotes' unit words: those words and
// the line come only for a request that has an order, as the card's other parts do.
const RequestOrder = lazy(() =>
  loadWithTimeout(() =>
    Promise.all([import('./request-order'), i18n.loadNamespaces('quotes').catch(() => undefined)]),
  ).then(([m]) => ({ default: m.RequestOrder })),
)

export interface MyRequestCardProps {
  request: MyRequest
  renderPayment?: ((task: MyRequestTask) => ReactNode) | undefined
  /** The request's quote (issue 22), for a request that has one: composed by the route, loaded lazily. */
  renderQuote?: ((request: MyRequest) => ReactNode) | undefined
  onAction: (action: PendingAction) => void
  /** The rating link of the payment's message (/my/requests?rate=ID) names this card's task: open its rating. */
  rateNow?: boolean | undefined
  /** Say something to the customer in the list's live region (a saved rating). */
  onAnnounce?: ((text: string) => void) | undefined
}

/** One of the customer's requests: its status, worker and slot, money, timeline and the moves they may make. */
export function MyRequestCard({
  request: r,
  renderPayment,
  renderQuote,
  onAction,
  rateNow,
  onAnnounce,
}: MyRequestCardProps) {
  const { t, i18n } = useTranslation(['myRequests', 'common'])
  const statusName = useStatusLabel()
  const names = useNames()
  const lng = i18n.language
  const current = r.task ? r.task.status : r.state
  const headingId = `request-${r.id}`
  // The customer declined the office's quote: closed by them, not "not possible" (the quote says why).
  const declinedQuote = r.quote?.status === 'declined'
  // Plain elements and requests.css, no UI library: a customer's phone screen (decision 046).
  return (
    <article className="requests-mine-card" aria-labelledby={headingId}>
      <div className="requests-mine-card__head">
        <div>
          <h2 className="requests-mine-card__title" id={headingId}>
            {t('heading', { reference: r.reference, service: names.service(r.service) })}
          </h2>
          <p className="requests-mine-card__small">
            {t('summary', { town: names.town(r.town), date: formatDate(r.service_date, lng) })}
          </p>
          {r.order ? (
            <ErrorBoundary fallback={() => null}>
              <Suspense fallback={null}>
                <RequestOrder order={r.order} />
              </Suspense>
            </ErrorBoundary>
          ) : null}
          <p className="requests-mine-card__small requests-mine-card__dimmed">
            {t('requestedOn', { when: formatDateTime(r.created_at, lng) })}
          </p>
        </div>
        <span
          className={`requests-mine-card__badge${r.state === 'rejected' ? ' requests-mine-card__badge--rejected' : ''}`}
        >
          <span className="visually-hidden">{t('currentStatus')}: </span>
          {declinedQuote ? t('closed') : statusName(current)}
        </span>
      </div>
      <ErrorBoundary fallback={() => null}>
        <Suspense fallback={null}>
          <RequestDetailsList request={r} />
        </Suspense>
      </ErrorBoundary>
      {r.state === 'rejected' && r.reject_reason && !declinedQuote ? (
        <p>{t('rejectedBecause', { reason: r.reject_reason })}</p>
      ) : null}
      {r.quote && renderQuote ? (
        <TrustPart panel={t('quote')} loading={t('opening')}>
          {renderQuote(r)}
        </TrustPart>
      ) : null}
      {r.state === 'open' && !r.quote?.can_decide ? <p>{t(r.order ? 'waitingOrder' : 'waiting')}</p> : null}
      {r.task?.worker ? <TaskWorker task={r.task} /> : null}
      {r.task?.start_code && r.task.worker ? (
        <Suspense fallback={null}>
          <TaskTrust part="code" task={r.task} />
        </Suspense>
      ) : null}
      {r.task && renderPayment ? renderPayment(r.task) : null}
      {r.task && (r.task.photo_count || (r.task.worker && (r.task.can_rate || r.task.rating || rateNow))) ? (
        <TrustPart panel={t('ratingPanel')}>
          <TaskTrust part="after" task={r.task} open={rateNow === true} onAnnounce={onAnnounce} />
        </TrustPart>
      ) : null}
      {r.task ? <TaskTimeline task={r.task} /> : null}
      {r.task ? <TaskActions request={r} task={r.task} onAction={onAction} /> : null}
    </article>
  )
}

/**
 * A lazily loaded part (trust, the quote) in its own boundary (the shell's, already loaded): a failed
 * load says so here, naming the panel, with a retry; the rest of the card keeps working.
 */
function TrustPart({ panel, loading, children }: { panel: string; loading?: string; children: ReactNode }) {
  const { t } = useTranslation('common')
  return (
    <ErrorBoundary
      fallback={(_error, retry) => (
        <p role="alert">
          {t('panel.failed', { panel })}{' '}
          <button type="button" className="button" onClick={retry}>
            {t('retry')}
          </button>
        </p>
      )}
    >
      <Suspense fallback={loading ? <p role="status">{loading}</p> : null}>{children}</Suspense>
    </ErrorBoundary>
  )
}

function TaskWorker({ task }: { task: MyRequestTask }) {
  const { t, i18n } = useTranslation('myRequests')
  const [profileOpen, setProfileOpen] = useState(false)
  const profileId = `worker-profile-${task.id}`
  if (!task.worker) return null
  return (
    <dl className="requests-mine__facts">
      <dt>{t('worker')}</dt>
      <dd>
        <div className="requests-worker">
          {task.worker.photo_url ? (
            // The face to expect at the door (issue 21); sized before it loads, so nothing moves.
            <img
              className="requests-worker__photo"
              src={task.worker.photo_url}
              alt={t('workerPhoto', { name: task.worker.name })}
              width={56}
              height={56}
            />
          ) : null}
          <span>
            <span translate="no">{task.worker.name}</span>
            {task.worker.phone ? (
              <>
                {' · '}
                <PhoneLink phone={task.worker.phone} label={t('callWorker', { name: task.worker.name })} />
              </>
            ) : null}
            <WorkerStanding worker={task.worker} />
            <button
              type="button"
              className="requests-link requests-profile__toggle"
              aria-expanded={profileOpen}
              aria-controls={profileId}
              onClick={() => setProfileOpen((open) => !open)}
            >
              {profileOpen ? t('hideProfile') : t('seeProfile', { name: task.worker.name })}
            </button>
          </span>
        </div>
        {profileOpen ? (
          <TrustPart panel={t('seeProfile', { name: task.worker.name })} loading={t('opening')}>
            <TaskTrust part="profile" task={task} id={profileId} />
          </TrustPart>
        ) : null}
      </dd>
      {task.date ? (
        <>
          <dt>{t('when')}</dt>
          <dd>
            {t('slot', {
              date: formatDate(task.date, i18n.language),
              start: formatTime(task.start_time),
              end: formatTime(task.end_time),
            })}
          </dd>
        </>
      ) : null}
    </dl>
  )
}

function TaskTimeline({ task }: { task: MyRequestTask }) {
  const { t, i18n } = useTranslation('myRequests')
  // Who moved it, in the customer's terms: never a login name (the office is the TownWorks team).
  const recordBy = (who: TimelineActor | null) =>
    who === 'you'
      ? t('recordByYou')
      : who === 'team'
        ? t('recordByTeam')
        : who === 'worker'
          ? task.worker
            ? t('recordByWorker', { who: task.worker.name })
            : t('recordByWorkerUnnamed')
          : t('recordBySystem')
  const statusName = useStatusLabel()
  return (
    <section aria-label={t('timeline')}>
      <h3 className="requests-mine-card__subtitle">{t('timeline')}</h3>
      {task.workflows.length === 0 ? (
        <p className="requests-mine-card__small">{t('noRecords')}</p>
      ) : (
        <ol className="requests-timeline">
          {task.workflows.map((w) => (
            <li key={w.id} className="requests-timeline__item">
              <p className="requests-timeline__title">{statusName(w.status)}</p>
              <p className="requests-mine-card__small">
                <time dateTime={w.timestamp}>{formatDateTime(w.timestamp, i18n.language)}</time>
                {' · '}
                {recordBy(w.by_who)}
              </p>
              {w.notes ? <p className="requests-mine-card__small">{w.notes}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

/**
 * How each of the customer's moves looks: confirming the work (the safe, common one) is the filled,
 * primary button and comes first; asking for rework is an outline beside it, cancelling a red outline.
 */
const ACTION_CLASS: Record<CustomerAction, string> = {
  payment_pending: 'button button--primary',
  work_inprogress: 'button',
  cancelled: 'button button--danger',
}
const ACTION_ORDER: readonly CustomerAction[] = ['payment_pending', 'work_inprogress', 'cancelled']
const byProminence = (a: CustomerAction, b: CustomerAction) => ACTION_ORDER.indexOf(a) - ACTION_ORDER.indexOf(b)

function TaskActions({
  request,
  task,
  onAction,
}: { request: MyRequest; task: MyRequestTask } & Pick<MyRequestCardProps, 'onAction'>) {
  const { t } = useTranslation('myRequests')
  const actions = task.next_statuses.filter(isCustomerAction)
  if (actions.length === 0) return null
  return (
    <div className="requests-mine-card__actions" role="group" aria-label={t('actions')}>
      {[...actions].sort(byProminence).map((to) => (
        <button
          key={to}
          type="button"
          className={ACTION_CLASS[to]}
          onClick={() => onAction({ request, taskId: task.id, from: task.status, to })}
        >
          {t(`action.${to}`)}
        </button>
      ))}
    </div>
  )
}

/**
 * Who is coming, in numbers others left (issue 21), as /swl's cards say it: the rating and the jobs
 * done here; "New on TownWorks" before either.
 */
function WorkerStanding({ worker }: { worker: NonNullable<MyRequestTask['worker']> }) {
  const { t } = useTranslation('myRequests')
  if (worker.rating_avg === null && worker.jobs_done === 0) {
    return <span className="requests-standing">{t('standing.new')}</span>
  }
  // One decimal, as /swl and My jobs say it (our three languages write Western digits).
  const rating = worker.rating_avg?.toFixed(1)
  return (
    <span className="requests-standing">
      {rating ? t('standing.rated', { rating, count: worker.rating_count }) : t('standing.notRated')}
      {' · '}
      {t('standing.jobsDone', { count: worker.jobs_done })}
    </span>
  )
}
