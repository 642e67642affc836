import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core'
import type { ServiceRequestDetail } from '@townworks/contract'
import { REQUEST_STATES, SERVICES, TOWNS } from '@townworks/contract/constants'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from '../../../lib/router'
import { useRequestsList, type InboxQuery } from '../api/list-requests'
import { useRejectRequest } from '../api/reject-request'
import { describeApiError, serverDetail } from '../../../lib/api-error-text'
import { formatDate, formatDateTime } from '../../../lib/format'
import './requests.css'
import { ScrollRegion } from '../../../components/scroll-region'

export const INBOX_PAGE_SIZE = 20

const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined

/** The filters live in the address (?state=&town=&service=&page=), so a link or a reload keeps them. */
function useInboxQuery(): [InboxQuery, (change: Record<string, string | null>) => void] {
  const [params, setParams] = useSearchParams()
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1)
  const query: InboxQuery = {
    state: pick(params.get('state'), REQUEST_STATES),
    town: pick(params.get('town'), TOWNS),
    service: pick(params.get('service'), SERVICES),
    page,
    pageSize: INBOX_PAGE_SIZE,
  }
  const change = (next: Record<string, string | null>) => {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current)
        for (const [key, value] of Object.entries(next)) {
          if (value) updated.set(key, value)
          else updated.delete(key)
        }
        // A new filter starts at its first page.
        if (!('page' in next)) updated.delete('page')
        return updated
      },
      { replace: true },
    )
  }
  return [query, change]
}

/** Operators' inbox: newest first, filtered, paged; Schedule opens /ts for the request, Reject asks why. */
export function RequestsInbox() {
  const { t, i18n } = useTranslation('requests')
  const [query, change] = useInboxQuery()
  const list = useRequestsList(query)
  const [rejecting, setRejecting] = useState<ServiceRequestDetail | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const lng = i18n.language
  const any = t('inbox.any')

  const filters = (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label={t('inbox.filters')}>
      <Select
        label={t('inbox.state')}
        data={REQUEST_STATES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        value={query.state ?? null}
        placeholder={any}
        clearable
        onChange={(v) => change({ state: v })}
        w={160}
      />
      <Select
        label={t('inbox.town')}
        data={[...TOWNS]}
        value={query.town ?? null}
        placeholder={any}
        clearable
        onChange={(v) => change({ town: v })}
        w={160}
      />
      <Select
        label={t('inbox.service')}
        data={SERVICES.map((s) => ({ value: s, label: t(`services.${s}`) }))}
        value={query.service ?? null}
        placeholder={any}
        clearable
        onChange={(v) => change({ service: v })}
        w={240}
      />
      {query.state || query.town || query.service ? (
        <Button variant="default" onClick={() => change({ state: null, town: null, service: null })}>
          {t('inbox.reset')}
        </Button>
      ) : null}
    </Group>
  )

  let body
  if (list.isPending) {
    body = (
      <Group gap="xs" role="status" aria-live="polite">
        <Loader size="sm" aria-hidden="true" />
        <Text>{t('inbox.loading')}</Text>
      </Group>
    )
  } else if (list.isError && !list.data) {
    body = (
      <Alert color="red" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text>
            {describeApiError(list.error, {
              network: t('inbox.noServer'),
              rest: (message) => t('inbox.loadFailed', { message }),
            })}
          </Text>
          <Button variant="outline" onClick={() => void list.refetch()}>
            {t('inbox.retry')}
          </Button>
        </Stack>
      </Alert>
    )
  } else {
    const { requests, total } = list.data
    const pages = Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE))
    body = (
      <Stack gap="sm">
        <Text role="status" aria-live="polite">
          {t('inbox.total', { count: total })}
        </Text>
        {requests.length === 0 ? (
          <Text>{t('inbox.empty')}</Text>
        ) : (
          <ScrollRegion minWidth={900} label={t('inbox.tableRegion')}>
            <Table striped highlightOnHover className="requests-inbox__table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('inbox.columns.reference')}</Table.Th>
                  <Table.Th scope="col">{t('inbox.columns.name')}</Table.Th>
                  <Table.Th scope="col">{t('inbox.columns.phone')}</Table.Th>
                  <Table.Th scope="col">{t('inbox.columns.service')}</Table.Th>
                  <Table.Th scope="col">{t('inbox.columns.town')}</Table.Th>
                  <Table.Th scope="col">{t('inbox.columns.serviceDate')}</Table.Th>
                  <Table.Th scope="col">{t('inbox.columns.created')}</Table.Th>
                  <Table.Th scope="col">{t('inbox.columns.state')}</Table.Th>
                  <Table.Th scope="col">{t('inbox.columns.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {requests.map((r) => (
                  <Table.Tr key={r.id} data-request-id={r.id}>
                    <Table.Th scope="row">{r.reference}</Table.Th>
                    <Table.Td>{r.name}</Table.Td>
                    <Table.Td>
                      <Anchor href={`tel:${r.phone}`}>{r.phone}</Anchor>
                    </Table.Td>
                    <Table.Td>{t(`services.${r.service}`)}</Table.Td>
                    <Table.Td>{r.town}</Table.Td>
                    <Table.Td>{formatDate(r.service_date, lng)}</Table.Td>
                    <Table.Td>{formatDateTime(r.created_at, lng)}</Table.Td>
                    <Table.Td>
                      <Badge variant="outline" color={r.state === 'rejected' ? 'red' : 'brand'}>
                        {t(`status.${r.state}`)}
                      </Badge>
                      {r.state === 'rejected' && r.reject_reason ? <Text size="xs">{r.reject_reason}</Text> : null}
                    </Table.Td>
                    <Table.Td>
                      {r.state === 'open' ? (
                        <Group gap="xs" wrap="nowrap">
                          <Button
                            component={Link}
                            to={`/ts?requestId=${r.id}`}
                            size="xs"
                            aria-label={t('inbox.scheduleLabel', { reference: r.reference })}
                          >
                            {t('inbox.schedule')}
                          </Button>
                          <Button
                            size="xs"
                            variant="outline"
                            color="red"
                            aria-label={t('inbox.rejectLabel', { reference: r.reference })}
                            onClick={() => setRejecting(r)}
                          >
                            {t('inbox.reject')}
                          </Button>
                        </Group>
                      ) : r.task_id !== null ? (
                        <Text size="sm">{t('inbox.task', { id: r.task_id })}</Text>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        )}
        {pages > 1 ? (
          <Pagination
            total={pages}
            value={query.page ?? 1}
            onChange={(p) => change({ page: String(p) })}
            getControlProps={(control) => ({ 'aria-label': control })}
            aria-label={t('inbox.pagination')}
          />
        ) : null}
      </Stack>
    )
  }

  return (
    <Stack gap="md" className="requests-scope">
      {filters}
      <div role="status" aria-live="polite">
        {announcement ? (
          <Alert color="blue" variant="light">
            {announcement}
          </Alert>
        ) : null}
      </div>
      {body}
      <RejectDialog
        request={rejecting}
        onClose={() => setRejecting(null)}
        onRejected={(reference) => {
          setRejecting(null)
          setAnnouncement(t('inbox.rejected', { reference }))
        }}
      />
    </Stack>
  )
}

function RejectDialog({
  request,
  onClose,
  onRejected,
}: {
  request: ServiceRequestDetail | null
  onClose: () => void
  onRejected: (reference: string) => void
}) {
  const { t, i18n } = useTranslation('requests')
  const reject = useRejectRequest()
  const [reason, setReason] = useState('')
  const [fieldError, setFieldError] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  const close = () => {
    setFailure(null)
    setFieldError(null)
    onClose()
  }

  const submit = async () => {
    if (!request) return
    const trimmed = reason.trim()
    if (trimmed.length < 3) return setFieldError(t('inbox.rejectDialog.reasonTooShort'))
    if (trimmed.length > 500) return setFieldError(t('inbox.rejectDialog.reasonTooLong'))
    setFieldError(null)
    setFailure(null)
    try {
      await reject.mutateAsync({ id: request.id, reason: trimmed })
      setReason('')
      onRejected(request.reference)
    } catch (error) {
      setFailure(
        describeApiError(error, {
          network: t('inbox.rejectNoServer'),
          CONFLICT: (e) => t('inbox.rejectFailed', { message: serverDetail(e) }),
          rest: (message) => t('inbox.rejectFailed', { message }),
        }),
      )
    }
  }

  return (
    <Modal
      opened={request !== null}
      onClose={close}
      title={request ? t('inbox.rejectDialog.title', { reference: request.reference }) : ''}
      classNames={{ content: 'requests-scope' }}
      closeButtonProps={{ 'aria-label': t('form.close') }}
    >
      {request ? (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            void submit()
          }}
        >
          <Stack gap="sm">
            <Text size="sm">
              {t('inbox.rejectDialog.intro', {
                name: request.name,
                service: t(`services.${request.service}`),
                town: request.town,
                date: formatDate(request.service_date, i18n.language),
              })}
            </Text>
            {failure ? (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            ) : null}
            <Textarea
              label={t('inbox.rejectDialog.reason')}
              description={t('inbox.rejectDialog.reasonHint')}
              required
              autosize
              minRows={3}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              error={fieldError}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('inbox.rejectDialog.cancel')}
              </Button>
              <Button type="submit" color="red" loading={reject.isPending}>
                {t('inbox.rejectDialog.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  )
}
