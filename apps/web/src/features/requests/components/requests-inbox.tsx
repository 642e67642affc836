import { Alert, Anchor, Badge, Button, Group, Select, Stack, Text } from '@mantine/core'
import type { InboxRequest, ServiceRequestDetail } from '@townworks/contract'
import { REQUEST_STATES } from '@townworks/contract/constants'
import { mapsLink } from '../../../lib/maps'
import { problemText } from '../../../lib/request-details'
import { OrderText } from '../../../lib/order-text'
import { RequestPhotoButton } from '../../../lib/shared-api/request-photo-button'
import type { TFunction } from 'i18next'
import { lazy, Suspense, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable, type DataColumn } from '../../../components/data-table/data-table'
import { JobLink } from '../../../components/job-link'
import { PhoneLink } from '../../../components/phone-link'
import { QueryState } from '../../../components/query-state'
import { Link, useLocation } from '../../../lib/router'
import { requestsCsvUrl } from '../api/export-requests'
import { useRequestsList, type InboxQuery } from '../api/list-requests'
import { describeApiError } from '../../../lib/api-error-text'
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format'
import { useNames, type Names } from '../../../lib/names'
import { loadWithTimeout } from '../../../lib/lazy-with-timeout'
import { INBOX_PAGE_SIZE, useInboxQuery } from './use-inbox-query'
import './requests.css'
import { useStatusLabel, type ReadableStatus } from '../../../lib/status-labels'

export { INBOX_PAGE_SIZE } from './use-inbox-query'

// The reject dialog (Mantine's Modal, its focus trap and Textarea: ≈ 9 kB) is not part of the inbox's
// first paint: it is fetched when a pointer, a finger or the keyboard reaches a Reject button, at the
// latest on the press (decision 047).
const loadRejectDialog = () => loadWithTimeout(() => import('./reject-dialog'))
const warmRejectDialog = () => void loadRejectDialog().catch(() => undefined)
const RejectDialog = lazy(() => loadRejectDialog().then((m) => ({ default: m.RejectDialog })))

/**
 * "Prepare quote" beside Schedule and Reject on an open request: the app opens the quotes feature's
 * dialog (a feature never imports another), and `warm` starts fetching its code when the button is reached.
 */
export interface InboxQuoteAction {
  open: (request: ServiceRequestDetail) => void
  warm: () => void
}

/**
 * Operators' inbox: newest first, filtered, paged; Schedule opens /ts for the request, Prepare quote
 * (when the app gives it) the quote dialog, Reject asks why.
 */
export function RequestsInbox({ quote }: { quote?: InboxQuoteAction | undefined } = {}) {
  const { t, i18n } = useTranslation('requests')
  const statusLabel = useStatusLabel()
  const names = useNames()
  const [query, change] = useInboxQuery()
  const list = useRequestsList(query)
  const [rejecting, setRejecting] = useState<ServiceRequestDetail | null>(null)
  const [announcement, setAnnouncement] = useState('')
  // Mounted from the first Reject on, so that closing it keeps its way out.
  const [asked, setAsked] = useState(false)
  if (rejecting && !asked) setAsked(true)
  useScrollToLinkedRow(list.data)

  return (
    <Stack gap="md" className="requests-scope">
      <InboxFilters query={query} onChange={change} />
      <div role="status" aria-live="polite">
        {announcement ? (
          <Alert color="blue" variant="light">
            {announcement}
          </Alert>
        ) : null}
      </div>
      <QueryState
        query={list}
        loading={t('inbox.loading')}
        describeError={(error) =>
          describeApiError(error, {
            network: t('inbox.noServer'),
            rest: (message) => t('inbox.loadFailed', { message }),
          })
        }
      >
        {({ requests, total }) => (
          <Stack gap="sm">
            <Text role="status" aria-live="polite">
              {t('inbox.total', { count: total })}
            </Text>
            {requests.length === 0 ? (
              <Text>{t('inbox.empty')}</Text>
            ) : (
              <DataTable
                columns={inboxColumns(t, names, i18n.language, statusLabel, setRejecting, quote)}
                rows={requests}
                rowKey={(r) => r.id}
                rowProps={(r) => ({ 'data-request-id': r.id, id: `request-${r.id}` })}
                label={t('inbox.tableLabel')}
                minWidth={900}
                exportFile={{
                  href: requestsCsvUrl(query),
                  fileName: 'requests.csv',
                  label: t('inbox.exportCsv'),
                  beforeDownload: () => list.refetch(),
                }}
                paging={{
                  page: query.page ?? 1,
                  pages: Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE)),
                  onPage: (p) => change({ page: String(p) }),
                }}
              />
            )}
          </Stack>
        )}
      </QueryState>
      {asked ? (
        <Suspense fallback={<Text role="status">{t('inbox.rejectDialog.opening')}</Text>}>
          <RejectDialog
            request={rejecting}
            onClose={() => setRejecting(null)}
            onRejected={(reference) => {
              setRejecting(null)
              setAnnouncement(t('inbox.rejected', { reference }))
            }}
          />
        </Suspense>
      ) : null}
    </Stack>
  )
}

function InboxFilters({
  query,
  onChange: change,
}: {
  query: InboxQuery
  onChange: (change: Record<string, string | null>) => void
}) {
  const { t, i18n } = useTranslation('requests')
  const statusName = useStatusLabel()
  const names = useNames()
  const any = t('inbox.any')
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label={t('inbox.filters')}>
      <Select
        label={t('inbox.state')}
        data={REQUEST_STATES.map((s) => ({ value: s, label: statusName(s) }))}
        value={query.state ?? null}
        placeholder={any}
        clearable
        onChange={(v) => change({ state: v })}
        w={160}
      />
      <Select
        label={t('inbox.town')}
        data={names.allTownOptions}
        value={query.town ?? null}
        placeholder={any}
        clearable
        onChange={(v) => change({ town: v })}
        w={160}
      />
      <Select
        label={t('inbox.service')}
        data={names.allServiceOptions}
        value={query.service ?? null}
        placeholder={any}
        clearable
        onChange={(v) => change({ service: v })}
        w={240}
      />
      {query.createdFrom || query.createdTo ? (
        <Badge size="lg" variant="light" color="gray" tt="none">
          {query.createdFrom === query.createdTo
            ? t('inbox.receivedOn', { day: formatDate(query.createdFrom, i18n.language) })
            : t('inbox.receivedBetween', {
                from: query.createdFrom ? formatDate(query.createdFrom, i18n.language) : '…',
                to: query.createdTo ? formatDate(query.createdTo, i18n.language) : '…',
              })}
        </Badge>
      ) : null}
      {query.state || query.town || query.service || query.createdFrom || query.createdTo ? (
        <Button
          variant="default"
          onClick={() => change({ state: null, town: null, service: null, createdFrom: null, createdTo: null })}
        >
          {t('inbox.reset')}
        </Button>
      ) : null}
    </Group>
  )
}

function inboxColumns(
  t: TFunction<'requests'>,
  names: Names,
  lng: string,
  statusLabel: (status: ReadableStatus) => string,
  onReject: (request: ServiceRequestDetail) => void,
  quote: InboxQuoteAction | undefined,
): DataColumn<InboxRequest>[] {
  return [
    {
      id: 'reference',
      header: t('inbox.columns.reference'),
      value: (r) => r.reference,
      rowHeader: true,
      cell: (r) => <ReferenceCell request={r} />,
    },
    { id: 'name', header: t('inbox.columns.name'), value: (r) => r.name },
    {
      id: 'phone',
      header: t('inbox.columns.phone'),
      value: (r) => r.phone,
      cell: (r) => <PhoneLink phone={r.phone} label={t('inbox.callLabel', { name: r.name })} />,
    },
    {
      id: 'service',
      header: t('inbox.columns.service'),
      value: (r) => names.service(r.service),
      cell: (r) => (
        <>
          {names.service(r.service)}
          {r.order ? (
            // A materials order (decision 069): how much, so the office sees at a glance it is a delivery.
            <Text size="xs" fw={600} data-testid="inbox-order">
              <OrderText order={r.order}>{(order) => t('inbox.order', { order })}</OrderText>
            </Text>
          ) : null}
        </>
      ),
    },
    { id: 'town', header: t('inbox.columns.town'), value: (r) => names.town(r.town) },
    { id: 'serviceDate', header: t('inbox.columns.serviceDate'), value: (r) => formatDate(r.service_date, lng) },
    { id: 'created', header: t('inbox.columns.created'), value: (r) => formatDateTime(r.created_at, lng) },
    {
      id: 'state',
      header: t('inbox.columns.state'),
      value: (r) => statusLabel(r.state),
      cell: (r) => (
        <>
          <Badge variant="outline" color={r.state === 'rejected' ? 'red' : 'brand'} className="requests-inbox__state">
            {statusLabel(r.state)}
          </Badge>
          {r.state === 'rejected' && r.reject_reason ? <Text size="xs">{r.reject_reason}</Text> : null}
          <QuoteState request={r} lng={lng} />
        </>
      ),
    },
    {
      id: 'actions',
      header: t('inbox.columns.actions'),
      cell: (r) => <InboxActions request={r} onReject={onReject} quote={quote} />,
    },
  ]
}

/** Where the request's latest quote stands, in the office's words (issue 22: the office is told). */
function quoteStatusText(t: TFunction<'requests'>, r: InboxRequest): string {
  const quote = r.latest_quote
  if (!quote) return ''
  if (quote.status === 'accepted')
    return t(r.state === 'open' ? 'inbox.quoteStatus.accepted' : 'inbox.quoteStatus.acceptedDone')
  if (quote.status === 'declined') return t('inbox.quoteStatus.declined')
  return t(quote.expired ? 'inbox.quoteStatus.expired' : 'inbox.quoteStatus.sent')
}

/** The text colour of each state of the latest quote: an acceptance to schedule in green, a decline in red. */
const QUOTE_TEXT_COLOR = { sent: undefined, accepted: '#1e6b2f', declined: '#a51d1d', superseded: 'dimmed' } as const

/**
 * Under the request's state, its latest quote: where it stands ("Quote accepted: schedule it"), its
 * version and total. In the state's cell, not a column of its own: the row keeps its width at 1280 px.
 */
function QuoteState({ request: r, lng }: { request: InboxRequest; lng: string }) {
  const { t } = useTranslation('requests')
  const quote = r.latest_quote
  if (!quote) return null
  const toSchedule = quote.status === 'accepted' && r.state === 'open'
  return (
    <div className="requests-inbox__quote" data-quote-status={quote.status}>
      <Text
        size="xs"
        fw={toSchedule ? 700 : 400}
        c={quote.expired && quote.status === 'sent' ? 'dimmed' : QUOTE_TEXT_COLOR[quote.status]}
      >
        {quoteStatusText(t, r)}
      </Text>
      <Text size="xs">
        {t('inbox.quoteLine', { version: quote.version, total: formatMoney(quote.total_paise, lng) })}
      </Text>
    </div>
  )
}

function InboxActions({
  request: r,
  onReject,
  quote,
}: {
  request: ServiceRequestDetail
  onReject: (request: ServiceRequestDetail) => void
  quote: InboxQuoteAction | undefined
}) {
  const { t } = useTranslation('requests')
  if (r.state !== 'open')
    return r.task_id !== null ? (
      <Button
        component={JobLink}
        taskId={r.task_id}
        size="xs"
        variant="outline"
        label={t('inbox.openJobLabel', { reference: r.reference })}
      >
        {t('inbox.openJob')}
      </Button>
    ) : null
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        component={Link}
        to={`/ts?requestId=${r.id}`}
        size="xs"
        aria-label={t('inbox.scheduleLabel', { reference: r.reference })}
      >
        {t('inbox.schedule')}
      </Button>
      {quote ? (
        <Button
          size="xs"
          variant="outline"
          aria-label={t('inbox.quoteLabel', { reference: r.reference })}
          onPointerEnter={quote.warm}
          onTouchStart={quote.warm}
          onFocus={quote.warm}
          onClick={() => quote.open(r)}
        >
          {t('inbox.quote')}
        </Button>
      ) : null}
      <Button
        size="xs"
        variant="outline"
        color="red"
        aria-label={t('inbox.rejectLabel', { reference: r.reference })}
        onPointerEnter={warmRejectDialog}
        onTouchStart={warmRejectDialog}
        onFocus={warmRejectDialog}
        onClick={() => onReject(r)}
      >
        {t('inbox.reject')}
      </Button>
    </Group>
  )
}

/** A link to one request (`#request-12`, from a duplicate warning) scrolls to its row once the rows arrive. */
function useScrollToLinkedRow(rows: unknown) {
  const { hash } = useLocation()
  useEffect(() => {
    if (!rows || !/^#request-\d+$/.test(hash)) return
    document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'center' })
  }, [hash, rows])
}

/**
 * Where the request a row repeats is shown: the inbox narrowed to the service and day both share
 * (same phone, service and day make a duplicate), scrolled to it, whichever page it was on.
 */
function duplicateHref(r: ServiceRequestDetail, otherId: number): string {
  const day = r.service_date
  return `/requests?${new URLSearchParams({ service: r.service, from: day, to: day })}#request-${otherId}`
}

/** The request's reference (opening its job once it has one) and a warning when it repeats another. */
function ReferenceCell({ request: r }: { request: ServiceRequestDetail }) {
  const { t } = useTranslation('requests')
  const { t: td } = useTranslation('requestDetails')
  return (
    <>
      <span className="requests-inbox__reference">
        {r.task_id !== null ? <JobLink taskId={r.task_id}>{r.reference}</JobLink> : r.reference}
      </span>
      {r.address || r.description || r.problems.length > 0 || r.time_window ? (
        <Text size="sm" className="requests-inbox__details" data-testid="inbox-details">
          {r.address ? (
            <>
              {[r.address, r.landmark].filter(Boolean).join(', ')}{' '}
              <Anchor
                href={mapsLink({ location: r.location, address: r.address, town: r.town })}
                target="_blank"
                rel="noopener noreferrer"
                underline="always"
              >
                {td('maps')}
              </Anchor>
              <br />
            </>
          ) : null}
          {[
            r.time_window ? td(`window.${r.time_window}`) : null,
            problemText(td, r),
            r.preferred_worker ? `${td('preferred')}: ${r.preferred_worker.name}` : null,
          ]
            .filter(Boolean)
            .join(' · ')}
          {r.has_photo ? (
            <RequestPhotoButton
              requestId={r.id}
              label={td('showPhoto')}
              alt={td('photoAlt', { reference: r.reference })}
            />
          ) : null}
        </Text>
      ) : null}
      {r.duplicate_of ? (
        <Text size="sm" className="inbox-duplicate" data-duplicate-of={r.duplicate_of.id}>
          {t('inbox.duplicate')}{' '}
          <Anchor component={Link} to={duplicateHref(r, r.duplicate_of.id)} underline="always">
            {r.duplicate_of.reference}
          </Anchor>
        </Text>
      ) : null}
    </>
  )
}
