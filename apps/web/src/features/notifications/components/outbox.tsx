import { Badge, Button, Group, Select, Text } from '@mantine/core'
import type { Notification, NotificationEvent, NotificationState } from '@townworks/contract'
import { NOTIFICATION_STATES, RESENDABLE_NOTIFICATION_STATES } from '@townworks/contract/constants'
import { useState, type ReactNode } from 'react'
import { DataTable, type DataColumn } from '../../../components/data-table/data-table'
import { JobLink } from '../../../components/job-link'
import { Notice } from '../../../components/notice'
import { QueryState } from '../../../components/query-state'
import { formatPhone } from '../../../lib/phone'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from '../../../lib/router'
import { outboxCsvUrl } from '../api/export-outbox'
import { isApiError } from '../../../lib/api-client'
import { useNotificationsList } from '../api/list-notifications'
import { useRetryNotification } from '../api/retry-notification'
import { failureText } from '../model/failure-text'
import './notifications.css'

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
  const columns = outboxColumns(t, (n) => (
    <Button
      size="xs"
      variant="outline"
      aria-label={t('outbox.retryLabel', { id: n.id })}
      loading={retry.isPending && retry.variables === n.id}
      onClick={() => handleRetry(n)}
    >
      {t('outbox.retry')}
    </Button>
  ))
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

      <QueryState
        query={list}
        loading={t('outbox.loading')}
        describeError={(error) =>
          isApiError(error) && error.kind === 'network' ? t('errors.noServer') : t('errors.load')
        }
        isEmpty={(data) => data.notifications.length === 0}
        empty={state ? t('outbox.emptyFiltered', { state: t(`states.${state}`).toLowerCase() }) : t('outbox.empty')}
      >
        {(data) => (
          <DataTable
            columns={columns}
            rows={data.notifications}
            rowKey={(n) => n.id}
            rowProps={(n) => ({ 'data-testid': `outbox-row-${n.id}` })}
            caption={t('outbox.caption')}
            label={t('outbox.caption')}
            minWidth={980}
            exportFile={{
              href: outboxCsvUrl(state),
              fileName: 'outbox.csv',
              label: t('outbox.exportCsv'),
              beforeDownload: () => list.refetch(),
            }}
            paging={{ page, pages: totalPages, onPage: (p) => setParam('page', String(p)) }}
          />
        )}
      </QueryState>
    </div>
  )
}

/** The outbox's columns; `retryButton` draws the action of a message that may be sent again. */
function outboxColumns(
  t: TFunction<'notifications'>,
  retryButton: (n: Notification) => ReactNode,
): DataColumn<Notification>[] {
  const none = t('outbox.none')
  return [
    { id: 'id', header: t('outbox.columns.id'), value: (n) => n.id },
    { id: 'created', header: t('outbox.columns.created'), value: (n) => when(n.created_at) },
    {
      id: 'event',
      header: t('outbox.columns.event'),
      value: (n) => t(`events.${n.event as NotificationEvent}`, { defaultValue: n.event }),
    },
    { id: 'channel', header: t('outbox.columns.channel'), value: (n) => t(`channels.${n.channel}`) },
    {
      id: 'to',
      header: t('outbox.columns.to'),
      value: (n) => formatPhone(n.to).text,
      cellProps: () => ({ style: { whiteSpace: 'nowrap' } }),
    },
    {
      id: 'body',
      header: t('outbox.columns.body'),
      value: (n) => n.body,
      cellProps: () => ({ style: { maxWidth: 280, overflowWrap: 'anywhere' } }),
    },
    {
      id: 'state',
      header: t('outbox.columns.state'),
      value: (n) => t(`states.${n.state}`),
      cell: (n) => (
        <>
          <Badge color={STATE_COLORS[n.state]} variant="outline">
            {t(`states.${n.state}`)}
          </Badge>
          {n.state === 'held' || n.state === 'suppressed' ? (
            <Text size="xs" mt={4} maw={220} data-testid={`outbox-reason-${n.id}`}>
              {t(`reasons.${n.state}`)}
            </Text>
          ) : null}
        </>
      ),
    },
    { id: 'attempts', header: t('outbox.columns.attempts'), value: (n) => n.attempts },
    {
      id: 'lastError',
      header: t('outbox.columns.lastError'),
      value: (n) => n.last_error ?? none,
      cellProps: () => ({ style: { maxWidth: 220, overflowWrap: 'anywhere' } }),
    },
    {
      id: 'providerId',
      header: t('outbox.columns.providerId'),
      value: (n) => n.provider_id ?? none,
      cellProps: () => ({ style: { overflowWrap: 'anywhere' } }),
    },
    {
      id: 'actions',
      header: t('outbox.columns.actions'),
      cell: (n) => (
        <>
          {RESENDABLE.includes(n.state) ? retryButton(n) : null}
          {n.task_id !== null ? (
            <JobLink taskId={n.task_id} label={t('outbox.openJobLabel', { id: n.id })}>
              {t('outbox.openJob')}
            </JobLink>
          ) : null}
        </>
      ),
    },
  ]
}
