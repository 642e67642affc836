import type { MyRequest, MyRequestTask, TimelineActor } from '@townworks/contract'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate, formatDateTime, formatTime } from '../../../lib/format'
import { isCustomerAction, type CustomerAction, type PendingAction } from './use-customer-action'
import { useNames } from '../../../lib/names'
import { PhoneLink } from '../../../components/phone-link'
import { RequestDetailsList } from '../../../lib/request-details'
import { useStatusLabel } from '../../../lib/status-labels'

export interface MyRequestCardProps {
  request: MyRequest
  renderPayment?: ((task: MyRequestTask) => ReactNode) | undefined
  onAction: (action: PendingAction) => void
}

/** One of the customer's requests: its status, worker and slot, money, timeline and the moves they may make. */
export function MyRequestCard({ request: r, renderPayment, onAction }: MyRequestCardProps) {
  const { t, i18n } = useTranslation('myRequests')
  const statusName = useStatusLabel()
  const names = useNames()
  const lng = i18n.language
  const current = r.task ? r.task.status : r.state
  const headingId = `request-${r.id}`
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
          <p className="requests-mine-card__small requests-mine-card__dimmed">
            {t('requestedOn', { when: formatDateTime(r.created_at, lng) })}
          </p>
        </div>
        <span
          className={`requests-mine-card__badge${r.state === 'rejected' ? ' requests-mine-card__badge--rejected' : ''}`}
        >
          <span className="visually-hidden">{t('currentStatus')}: </span>
          {statusName(current)}
        </span>
      </div>
      <RequestDetailsList request={r} />
      {r.state === 'rejected' && r.reject_reason ? <p>{t('rejectedBecause', { reason: r.reject_reason })}</p> : null}
      {r.state === 'open' ? <p>{t('waiting')}</p> : null}
      {r.task?.worker ? <TaskWorker task={r.task} /> : null}
      {r.task && renderPayment ? renderPayment(r.task) : null}
      {r.task ? <TaskTimeline task={r.task} /> : null}
      {r.task ? <TaskActions request={r} task={r.task} onAction={onAction} /> : null}
    </article>
  )
}

function TaskWorker({ task }: { task: MyRequestTask }) {
  const { t, i18n } = useTranslation('myRequests')
  if (!task.worker) return null
  return (
    <dl className="requests-mine__facts">
      <dt>{t('worker')}</dt>
      <dd>
        <span translate="no">{task.worker.name}</span>
        {task.worker.phone ? (
          <>
            {' · '}
            <PhoneLink phone={task.worker.phone} label={t('callWorker', { name: task.worker.name })} />
          </>
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
