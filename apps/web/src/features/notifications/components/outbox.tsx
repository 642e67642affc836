import { Alert, Badge, Button, Group, Pagination, Select, Table, Text } from '@mantine/core'
import type { Notification, NotificationEvent, NotificationState } from '@townworks/contract'
import { NOTIFICATION_STATES, RESENDABLE_NOTIFICATION_STATES } from '@townworks/contract/constants'
import { useState } from 'react'
import { Notice } from '../../../components/notice'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from '../../../lib/router'
import { isApiError } from '../../../lib/api-client'
import { useNotificationsList } from '../api/list-notifications'
import { useRetryNotification } from '../api/retry-notification'
import { failureText } from '../model/failure-text'
import './notifications.css'
import { ScrollRegion } from '../../../components/scroll-region'

const PAGE_SIZE = 25

/** Dark enough for 4.5:1 on white as outline badges (Mantine's light badges are not). */
const STATE_COLORS: Record<NotificationState, string> = {
  queued: '#495057',
  sending: '#1c4f86',
  sent: '#1e6b34',
  failed: '#b02a2a',
  held: '#8a4500',
  suppressed: '#6f2c91',
}

/** States an operator may send again; held and suppressed ones also say why they were not sent. */
const RESENDABLE: readonly NotificationState[] = RESENDABLE_NOTIFICATION_STATES

const when = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' }).format(
    new Date(iso),
  )

/** The outbox (operators): every message and what became of it; the state filter and page live in the URL. */
export function Outbox() {
  const { t } = useTranslation('notifications')
  const [params, setParams] = useSearchParams()
  const stateParam = params.get('state')
  const state = NOTIFICATION_STATES.includes(stateParam as NotificationState)
    ? (stateParam as NotificationState)
    : undefined
  const page = Math.max(1, Number(params.get('page')) || 1)
  const list = useNotificationsList({ state, page, pageSize: PAGE_SIZE })
  const retry = useRetryNotification()
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null)

  const setParam = (name: 'state' | 'page', value: string | undefined) => {
    const next = new URLSearchParams(params)
    if (value) next.set(name, value)
    else next.delete(name)
    if (name !== 'page') next.delete('page')
    setParams(next, { replace: true })
  }

  const handleRetry = (n: Notification) => {
    setNotice(null)
    retry.mutate(n.id, {
      onSuccess: () => setNotice({ tone: 'ok', text: t('outbox.retried', { id: n.id }) }),
      onError: (error) =>
        setNotice({ tone: 'error', text: t('errors.retry', { id: n.id, detail: failureText(t, error) }) }),
    })
  }

  const totalPages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1
  return (
    <div className="notifications-scope">
      <Group align="end" wrap="wrap">
        <Select
          label={t('outbox.filter')}
          placeholder={t('outbox.anyState')}
          clearable
          data={NOTIFICATION_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
          value={state ?? null}
          onChange={(value) => setParam('state', value ?? undefined)}
        />
        {list.data ? (
          <Text size="sm" pb={8}>
            {t('outbox.total', { count: list.data.total })}
          </Text>
        ) : null}
      </Group>

      <Notice notice={notice} onClose={() => setNotice(null)} />

      {list.isError && !list.data ? (
        <Alert color="red" mt="md" role="alert">
          {isApiError(list.error) && list.error.kind === 'network' ? t('errors.noServer') : t('errors.load')}
        </Alert>
      ) : list.isPending ? (
        <Text mt="md">{t('outbox.loading')}</Text>
      ) : list.data.notifications.length === 0 ? (
        <Text mt="md">
          {state ? t('outbox.emptyFiltered', { state: t(`states.${state}`).toLowerCase() }) : t('outbox.empty')}
        </Text>
      ) : (
        <>
          <ScrollRegion minWidth={980} className="tw-table-region" label={t('outbox.caption')}>
            <Table striped highlightOnHover verticalSpacing="xs">
              <Table.Caption>{t('outbox.caption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('outbox.columns.id')}</Table.Th>
                  <Table.Th scope="col">{t('outbox.columns.created')}</Table.Th>
                  <Table.Th scope="col">{t('outbox.columns.event')}</Table.Th>
                  <Table.Th scope="col">{t('outbox.columns.channel')}</Table.Th>
                  <Table.Th scope="col">{t('outbox.columns.to')}</Table.Th>
                  <Table.Th scope="col">{t('outbox.columns.body')}</Table.Th>
                  <Table.Th scope="col">{t('outbox.columns.state')}</Table.Th>
                  <Table.Th scope="col">{t('outbox.columns.attempts')}</Table.Th>
                  <Table.Th scope="col">{t('outbox.columns.lastError')}</Table.Th>
                  <Table.Th scope="col">{t('outbox.columns.providerId')}</Table.Th>
                  <Table.Th scope="col">{t('outbox.columns.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.notifications.map((n) => (
                  <Table.Tr key={n.id} data-testid={`outbox-row-${n.id}`}>
                    <Table.Td>{n.id}</Table.Td>
                    <Table.Td>{when(n.created_at)}</Table.Td>
                    <Table.Td>{t(`events.${n.event as NotificationEvent}`, { defaultValue: n.event })}</Table.Td>
                    <Table.Td>{t(`channels.${n.channel}`)}</Table.Td>
                    <Table.Td>{n.to}</Table.Td>
                    <Table.Td style={{ maxWidth: 280, overflowWrap: 'anywhere' }}>{n.body}</Table.Td>
                    <Table.Td>
                      <Badge color={STATE_COLORS[n.state]} variant="outline">
                        {t(`states.${n.state}`)}
                      </Badge>
                      {n.state === 'held' || n.state === 'suppressed' ? (
                        <Text size="xs" mt={4} maw={220} data-testid={`outbox-reason-${n.id}`}>
                          {t(`reasons.${n.state}`)}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{n.attempts}</Table.Td>
                    <Table.Td style={{ maxWidth: 220, overflowWrap: 'anywhere' }}>
                      {n.last_error ?? t('outbox.none')}
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{n.provider_id ?? t('outbox.none')}</Table.Td>
                    <Table.Td>
                      {RESENDABLE.includes(n.state) ? (
                        <Button
                          size="xs"
                          variant="outline"
                          aria-label={t('outbox.retryLabel', { id: n.id })}
                          loading={retry.isPending && retry.variables === n.id}
                          onClick={() => handleRetry(n)}
                        >
                          {t('outbox.retry')}
                        </Button>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
          {totalPages > 1 ? (
            <nav aria-label={t('outbox.pages')}>
              <Pagination mt="md" total={totalPages} value={page} onChange={(p) => setParam('page', String(p))} />
            </nav>
          ) : null}
        </>
      )}
    </div>
  )
}
