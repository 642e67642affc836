import { Badge, Button, Group, Paper, Stack, Text, Timeline, Title } from '@mantine/core'
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
  const { t, i18n } = useTranslation('requests')
  const statusName = useStatusLabel()
  const names = useNames()
  const lng = i18n.language
  const current = r.task ? r.task.status : r.state
  const headingId = `request-${r.id}`
  return (
    <Paper withBorder p="md" component="article" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={2} size="h4" id={headingId}>
              {t('mine.heading', { reference: r.reference, service: names.service(r.service) })}
            </Title>
            <Text size="sm">
              {t('mine.summary', { town: names.town(r.town), date: formatDate(r.service_date, lng) })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('mine.requestedOn', { when: formatDateTime(r.created_at, lng) })}
            </Text>
          </div>
          <Badge size="lg" variant="light" color={r.state === 'rejected' ? 'red' : 'brand'}>
            <span className="visually-hidden">{t('mine.currentStatus')}: </span>
            {statusName(current)}
          </Badge>
        </Group>
        <RequestDetailsList request={r} />
        {r.state === 'rejected' && r.reject_reason ? (
          <Text>{t('mine.rejectedBecause', { reason: r.reject_reason })}</Text>
        ) : null}
        {r.state === 'open' ? <Text>{t('mine.waiting')}</Text> : null}
        {r.task?.worker ? <TaskWorker task={r.task} /> : null}
        {r.task && renderPayment ? renderPayment(r.task) : null}
        {r.task ? <TaskTimeline task={r.task} /> : null}
        {r.task ? <TaskActions request={r} task={r.task} onAction={onAction} /> : null}
      </Stack>
    </Paper>
  )
}

function TaskWorker({ task }: { task: MyRequestTask }) {
  const { t, i18n } = useTranslation('requests')
  if (!task.worker) return null
  return (
    <dl className="requests-mine__facts">
      <dt>{t('mine.worker')}</dt>
      <dd>
        <span translate="no">{task.worker.name}</span>
        {task.worker.phone ? (
          <>
            {' · '}
            <PhoneLink phone={task.worker.phone} label={t('mine.callWorker', { name: task.worker.name })} />
          </>
        ) : null}
      </dd>
      {task.date ? (
        <>
          <dt>{t('mine.when')}</dt>
          <dd>
            {t('mine.slot', {
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
  const { t, i18n } = useTranslation('requests')
  // Who moved it, in the customer's terms: never a login name (the office is the TownWorks team).
  const recordBy = (who: TimelineActor | null) =>
    who === 'you'
      ? t('mine.recordByYou')
      : who === 'team'
        ? t('mine.recordByTeam')
        : who === 'worker'
          ? task.worker
            ? t('mine.recordByWorker', { who: task.worker.name })
            : t('mine.recordByWorkerUnnamed')
          : t('mine.recordBySystem')
  const statusName = useStatusLabel()
  return (
    <section aria-label={t('mine.timeline')}>
      <Title order={3} size="h5" mb="xs">
        {t('mine.timeline')}
      </Title>
      {task.workflows.length === 0 ? (
        <Text size="sm">{t('mine.noRecords')}</Text>
      ) : (
        <Timeline active={task.workflows.length - 1} bulletSize={14} lineWidth={2}>
          {task.workflows.map((w) => (
            <Timeline.Item key={w.id} title={statusName(w.status)}>
              <Text size="sm">
                <time dateTime={w.timestamp}>{formatDateTime(w.timestamp, i18n.language)}</time>
                {' · '}
                {recordBy(w.by_who)}
              </Text>
              {w.notes ? <Text size="sm">{w.notes}</Text> : null}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </section>
  )
}

/**
 * How each of the customer's moves looks: confirming the work (the safe, common one) is the filled,
 * primary button and comes first; asking for rework is an outline beside it, cancelling a red outline.
 */
const ACTION_VARIANT: Record<CustomerAction, 'filled' | 'outline'> = {
  payment_pending: 'filled',
  work_inprogress: 'outline',
  cancelled: 'outline',
}
const ACTION_ORDER: readonly CustomerAction[] = ['payment_pending', 'work_inprogress', 'cancelled']
const byProminence = (a: CustomerAction, b: CustomerAction) => ACTION_ORDER.indexOf(a) - ACTION_ORDER.indexOf(b)

function TaskActions({
  request,
  task,
  onAction,
}: { request: MyRequest; task: MyRequestTask } & Pick<MyRequestCardProps, 'onAction'>) {
  const { t } = useTranslation('requests')
  const actions = task.next_statuses.filter(isCustomerAction)
  if (actions.length === 0) return null
  return (
    <Group gap="xs" role="group" aria-label={t('mine.actions')}>
      {[...actions].sort(byProminence).map((to) => (
        <Button
          key={to}
          variant={ACTION_VARIANT[to]}
          color={to === 'cancelled' ? 'red' : 'brand'}
          onClick={() => onAction({ request, taskId: task.id, from: task.status, to })}
        >
          {t(`mine.action.${to}`)}
        </Button>
      ))}
    </Group>
  )
}
