import { Alert, Anchor, Badge, Button, Group, Loader, Modal, Paper, Stack, Text, Timeline, Title } from '@mantine/core'
import type { MyRequest, MyRequestTask, TaskStatus } from '@townworks/contract'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from '../../../lib/router'
import { useMyRequests } from '../api/get-my-requests'
import { useUpdateStatus } from '../../../lib/shared-api/tasks'
import { apiFailure, describeApiError } from '../../../lib/api-error-text'
import { formatDate, formatDateTime, formatTime } from '../../../lib/format'
import './requests.css'

/** The moves a customer may be offered; others (if the machine ever grows) are not shown. */
const CUSTOMER_ACTIONS = ['cancelled', 'payment_pending', 'work_inprogress'] as const
type CustomerAction = (typeof CUSTOMER_ACTIONS)[number]
const isCustomerAction = (s: TaskStatus): s is CustomerAction => (CUSTOMER_ACTIONS as readonly string[]).includes(s)

interface Pending {
  request: MyRequest
  taskId: number
  from: TaskStatus
  to: CustomerAction
}

export interface MyRequestsListProps {
  /** What the screen shows about a task's money (price, line items, Pay): composed by the route. */
  renderPayment?: (task: MyRequestTask) => ReactNode
}

/** The customer's requests, each with its status, worker and timeline; refreshes by itself. */
export function MyRequestsList({ renderPayment }: MyRequestsListProps = {}) {
  const { t, i18n } = useTranslation(['requests', 'common'])
  const query = useMyRequests()
  const update = useUpdateStatus()
  const [pending, setPending] = useState<Pending | null>(null)
  const [dialogError, setDialogError] = useState<string | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const lng = i18n.language

  const confirm = async () => {
    if (!pending) return
    setDialogError(null)
    const reference = pending.request.reference
    try {
      await update.mutateAsync({ taskId: pending.taskId, status: pending.to, expectedStatus: pending.from })
      setPending(null)
      setAnnouncement(t(`mine.success.${pending.to}`, { reference }))
    } catch (error) {
      const failure = apiFailure(error)
      if (failure === 'STALE_STATUS' || failure === 'INVALID_TRANSITION') {
        setPending(null)
        setAnnouncement(t('mine.failed.stale', { reference }))
      } else {
        setDialogError(
          describeApiError(error, {
            network: t('mine.failed.network'),
            rest: (message) => t('mine.failed.other', { message }),
          }),
        )
      }
    }
  }

  const status = (
    <div role="status" aria-live="polite" className="requests-mine__announce">
      {announcement ? (
        <Alert
          color="blue"
          variant="light"
          withCloseButton
          onClose={() => setAnnouncement('')}
          closeButtonLabel={t('common:close')}
        >
          {announcement}
        </Alert>
      ) : null}
    </div>
  )

  if (query.isPending) {
    return (
      <Group gap="xs" role="status" aria-live="polite">
        <Loader size="sm" aria-hidden="true" />
        <Text>{t('mine.loading')}</Text>
      </Group>
    )
  }
  if (query.isError && !query.data) {
    return (
      <Alert color="red" role="alert" title={t('mine.retry')}>
        <Stack gap="xs" align="flex-start">
          <Text>
            {describeApiError(query.error, {
              network: t('mine.noServer'),
              rest: (message) => t('mine.loadFailed', { message }),
            })}
          </Text>
          <Button variant="outline" onClick={() => void query.refetch()}>
            {t('mine.retry')}
          </Button>
        </Stack>
      </Alert>
    )
  }
  const requests = query.data.requests
  return (
    <Stack gap="md" className="requests-scope">
      {status}
      {query.isError ? (
        <Alert color="yellow" variant="light">
          {describeApiError(query.error, { network: t('mine.noServer') })}
        </Alert>
      ) : null}
      {requests.length === 0 ? (
        <Text>
          {t('mine.empty')}{' '}
          <Anchor component={Link} to="/imdDisplay" underline="always">
            {t('mine.emptyLink')}
          </Anchor>
        </Text>
      ) : (
        <ul className="requests-mine">
          {requests.map((r) => {
            const current = r.task ? r.task.status : r.state
            const headingId = `request-${r.id}`
            return (
              <li key={r.id}>
                <Paper withBorder p="md" component="article" aria-labelledby={headingId}>
                  <Stack gap="xs">
                    <Group justify="space-between" align="flex-start" wrap="wrap">
                      <div>
                        <Title order={2} size="h4" id={headingId}>
                          {t('mine.heading', { reference: r.reference, service: t(`services.${r.service}`) })}
                        </Title>
                        <Text size="sm">
                          {t('mine.summary', { town: t(`towns.${r.town}`), date: formatDate(r.service_date, lng) })}
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
                    {r.task?.worker ? (
                      <dl className="requests-mine__facts">
                        <dt>{t('mine.worker')}</dt>
                        <dd>
                          {r.task.worker.name}
                          {r.task.worker.phone ? (
                            <>
                              {' · '}
                              <Anchor href={`tel:${r.task.worker.phone}`} underline="always">
                                {r.task.worker.phone}
                              </Anchor>
                            </>
                          ) : null}
                        </dd>
                        {r.task.date ? (
                          <>
                            <dt>{t('mine.when')}</dt>
                            <dd>
                              {t('mine.slot', {
                                date: formatDate(r.task.date, lng),
                                start: formatTime(r.task.start_time),
                                end: formatTime(r.task.end_time),
                              })}
                            </dd>
                          </>
                        ) : null}
                      </dl>
                    ) : null}
                    {r.task && renderPayment ? renderPayment(r.task) : null}
                    {r.task ? (
                      <section aria-label={t('mine.timeline')}>
                        <Title order={3} size="h5" mb="xs">
                          {t('mine.timeline')}
                        </Title>
                        {r.task.workflows.length === 0 ? (
                          <Text size="sm">{t('mine.noRecords')}</Text>
                        ) : (
                          <Timeline active={r.task.workflows.length - 1} bulletSize={14} lineWidth={2}>
                            {r.task.workflows.map((w) => (
                              <Timeline.Item key={w.id} title={t(`status.${w.status}`)}>
                                <Text size="sm">
                                  <time dateTime={w.timestamp}>{formatDateTime(w.timestamp, lng)}</time>
                                  {' · '}
                                  {w.by ? t('mine.recordBy', { who: w.by }) : t('mine.recordBySystem')}
                                </Text>
                                {w.notes ? <Text size="sm">{w.notes}</Text> : null}
                              </Timeline.Item>
                            ))}
                          </Timeline>
                        )}
                      </section>
                    ) : null}
                    {r.task && r.task.next_statuses.some(isCustomerAction) ? (
                      <Group gap="xs" role="group" aria-label={t('mine.actions')}>
                        {r.task.next_statuses.filter(isCustomerAction).map((to) => (
                          <Button
                            key={to}
                            variant={to === 'cancelled' ? 'outline' : 'filled'}
                            color={to === 'cancelled' ? 'red' : 'brand'}
                            onClick={() => {
                              setDialogError(null)
                              setPending({ request: r, taskId: r.task!.id, from: r.task!.status, to })
                            }}
                          >
                            {t(`mine.action.${to}`)}
                          </Button>
                        ))}
                      </Group>
                    ) : null}
                  </Stack>
                </Paper>
              </li>
            )
          })}
        </ul>
      )}
      <Modal
        opened={pending !== null}
        onClose={() => setPending(null)}
        title={t('mine.confirm.title')}
        classNames={{ content: 'requests-scope' }}
        closeButtonProps={{ 'aria-label': t('form.close') }}
      >
        {pending ? (
          <Stack gap="sm">
            <Text>{t(`mine.confirm.${pending.to}`, { reference: pending.request.reference })}</Text>
            {dialogError ? (
              <Alert color="red" role="alert">
                {dialogError}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPending(null)} disabled={update.isPending}>
                {t('mine.confirm.back')}
              </Button>
              <Button
                color={pending.to === 'cancelled' ? 'red' : 'brand'}
                loading={update.isPending}
                onClick={() => void confirm()}
              >
                {t('mine.confirm.yes')}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  )
}
