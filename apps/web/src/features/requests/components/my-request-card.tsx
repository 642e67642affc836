import { Badge, Button, Group, Paper, Stack, Text, Timeline, Title } from '@mantine/core'
import type { MyRequest, MyRequestTask } from '@townworks/contract'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate, formatDateTime, formatTime } from '../../../lib/format'
import { isCustomerAction, type PendingAction } from './use-customer-action'
import { useNames } from '../../../lib/names'
import { PhoneLink } from '../../../components/phone-link'

export interface MyRequestCardProps {
  request: MyRequest
  renderPayment?: ((task: MyRequestTask) => ReactNode) | undefined
  onAction: (action: PendingAction) => void
}

/** One of the customer's requests: its status, worker and slot, money, timeline and the moves they may make. */
export function MyRequestCard({ request: r, renderPayment, onAction }: MyRequestCardProps) {
  const { t, i18n } = useTranslation('requests')
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
            {t(`status.${current}`)}
          </Badge>
        </Group>
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
        {task.worker.name}
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
            <Timeline.Item key={w.id} title={t(`status.${w.status}`)}>
              <Text size="sm">
                <time dateTime={w.timestamp}>{formatDateTime(w.timestamp, i18n.language)}</time>
                {' · '}
                {w.by ? t('mine.recordBy', { who: w.by }) : t('mine.recordBySystem')}
              </Text>
              {w.notes ? <Text size="sm">{w.notes}</Text> : null}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </section>
  )
}

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
      {actions.map((to) => (
        <Button
          key={to}
          variant={to === 'cancelled' ? 'outline' : 'filled'}
          color={to === 'cancelled' ? 'red' : 'brand'}
          onClick={() => onAction({ request, taskId: task.id, from: task.status, to })}
        >
          {t(`mine.action.${to}`)}
        </Button>
      ))}
    </Group>
  )
}
