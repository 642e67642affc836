import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import type { PayoutMethod, RefundDue, WorkerOwed } from '@townworks/contract'
import { PAYOUT_METHODS } from '@townworks/contract/constants'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useCreatePayout } from '../api/create-payout'
import { useOwed } from '../api/get-owed'
import { usePayouts } from '../api/list-payouts'
import { useRefundPayment } from '../api/refund-payment'
import { useSession } from '../../../lib/session'
import { describeApiError, serverDetail } from '../../../lib/api-error-text'
import { ScrollRegion } from '../../../components/scroll-region'
import { ManualPaymentPanel } from './manual-payment-panel'
import { formatMoney } from '../../../lib/format'
import './payments.css'

/** One worker's owed tasks and the form that pays them out. */
function WorkerPayout({ worker, onResult }: { worker: WorkerOwed; onResult: (text: string, ok: boolean) => void }) {
  const { t, i18n } = useTranslation('payments')
  const lng = i18n.language
  const [excluded, setExcluded] = useState<Set<number>>(new Set())
  const [method, setMethod] = useState<PayoutMethod>('upi')
  const [reference, setReference] = useState('')
  const [error, setError] = useState<string | null>(null)
  const create = useCreatePayout()
  const chosen = worker.tasks.filter((task) => !excluded.has(task.task_id))
  const total = chosen.reduce((s, task) => s + task.amount_paise, 0)
  const headingId = `payout-worker-${worker.worker_id}`

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault()
    setError(null)
    if (chosen.length === 0) {
      setError(t('payouts.noneChosen'))
      return
    }
    try {
      const { payout } = await create.mutateAsync({
        worker_id: worker.worker_id,
        task_ids: chosen.map((task) => task.task_id),
        method,
        amount_paise: total,
        ...(reference.trim() ? { reference: reference.trim() } : {}),
      })
      onResult(t('payouts.recorded', { amount: formatMoney(payout.amount_paise, lng), name: worker.name }), true)
    } catch (e) {
      setError(
        describeApiError(e, {
          network: t('payouts.noServer'),
          CONFLICT: (error) => t('payouts.failed.conflict', { message: serverDetail(error) }),
          rest: (message) => t('payouts.failed.other', { message }),
        }),
      )
    }
  }

  return (
    <Paper withBorder p="md" component="article" aria-labelledby={headingId} className="payments-worker">
      <form onSubmit={(e) => void handleSubmit(e)} noValidate>
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Title order={3} size="h4" id={headingId}>
              {worker.name}
            </Title>
            <Text>
              {t('payouts.owed', { amount: formatMoney(worker.owed_paise, lng) })} ·{' '}
              {t('payouts.paidSoFar', { amount: formatMoney(worker.paid_paise, lng) })}
            </Text>
          </Group>
          <ScrollRegion className="payments-table-wrap" label={t('payouts.tableRegion', { name: worker.name })}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <span className="visually-hidden">{t('payouts.includeColumn')}</span>
                  </Table.Th>
                  <Table.Th>{t('payouts.task')}</Table.Th>
                  <Table.Th>{t('payouts.status')}</Table.Th>
                  <Table.Th>{t('payouts.share')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {worker.tasks.map((task) => (
                  <Table.Tr key={task.task_id}>
                    <Table.Td>
                      <Checkbox
                        aria-label={t('payouts.include', { id: task.task_id, name: task.task_name })}
                        checked={!excluded.has(task.task_id)}
                        onChange={(e) => {
                          const next = new Set(excluded)
                          if (e.currentTarget.checked) next.delete(task.task_id)
                          else next.add(task.task_id)
                          setExcluded(next)
                        }}
                      />
                    </Table.Td>
                    <Table.Td>
                      {task.task_id} · {task.task_name}
                      {task.payment_mismatch ? (
                        <Text size="sm" c="red.9">
                          {t(`payouts.${task.payment_mismatch}`, {
                            amount: formatMoney(Math.abs(task.balance_paise), lng),
                          })}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{task.status}</Table.Td>
                    <Table.Td>{formatMoney(task.amount_paise, lng)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <NativeSelect
              label={t('payouts.method')}
              value={method}
              onChange={(e) => setMethod(e.currentTarget.value as PayoutMethod)}
              data={PAYOUT_METHODS.map((m) => ({ value: m, label: t(`payouts.methods.${m}`) }))}
            />
            <TextInput
              label={t('payouts.reference')}
              value={reference}
              maxLength={200}
              onChange={(e) => setReference(e.currentTarget.value)}
            />
            <Button type="submit" loading={create.isPending}>
              {t('payouts.record', { amount: formatMoney(total, lng) })}
            </Button>
          </Group>
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
        </Stack>
      </form>
    </Paper>
  )
}

/**
 * One online payment captured for a task that was not waiting for it (decision 016): the customer
 * is owed it back. An admin refunds it with a reason; an operator sees it and is told who can.
 */
function RefundDueRow({ due, onResult }: { due: RefundDue; onResult: (text: string, ok: boolean) => void }) {
  const { t, i18n } = useTranslation('payments')
  const lng = i18n.language
  const { role } = useSession()
  const refund = useRefundPayment()
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const amount = formatMoney(due.amount_paise, lng)

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault()
    setError(null)
    if (reason.trim().length < 3) {
      setError(t('refunds.reasonNeeded'))
      return
    }
    try {
      await refund.mutateAsync({ paymentId: due.payment_id, reason: reason.trim() })
      onResult(t('refunds.done', { amount, id: due.task_id }), true)
    } catch (e) {
      setError(
        describeApiError(e, { network: t('payouts.noServer'), rest: (message) => t('refunds.failed', { message }) }),
      )
    }
  }

  return (
    <Table.Tr>
      <Table.Td>
        {due.task_id} · {due.task_name}
      </Table.Td>
      <Table.Td>{due.status}</Table.Td>
      <Table.Td>{amount}</Table.Td>
      <Table.Td>
        {t(`refunds.via.${due.method}`)}
        {due.provider_ref ? ` · ${due.provider_ref}` : ''}
      </Table.Td>
      <Table.Td>
        {role === 'admin' ? (
          <form onSubmit={(e) => void handleSubmit(e)} noValidate>
            <Group gap="xs" align="flex-end" wrap="wrap">
              <TextInput
                label={t('refunds.reason')}
                value={reason}
                maxLength={500}
                onChange={(e) => setReason(e.currentTarget.value)}
              />
              <Button type="submit" variant="outline" loading={refund.isPending}>
                {t('refunds.refund', { amount, id: due.task_id })}
              </Button>
            </Group>
            {error ? (
              <Text role="alert" c="red.9" size="sm">
                {error}
              </Text>
            ) : null}
          </form>
        ) : (
          <Text size="sm">{t('refunds.adminOnly')}</Text>
        )}
      </Table.Td>
    </Table.Tr>
  )
}

/** The operators' payouts screen: what each worker is owed, recording payouts, recent payouts. */
export function PayoutsScreen() {
  const { t, i18n } = useTranslation(['payments', 'common'])
  const lng = i18n.language
  const owed = useOwed()
  const history = usePayouts()
  const [announcement, setAnnouncement] = useState<{ text: string; ok: boolean } | null>(null)

  const owing = owed.data?.workers.filter((w) => w.tasks.length > 0) ?? []
  return (
    <Stack gap="lg" className="payments-scope">
      <div role="status" aria-live="polite">
        {announcement ? (
          <Alert
            color={announcement.ok ? 'green' : 'red'}
            variant="light"
            withCloseButton
            onClose={() => setAnnouncement(null)}
            closeButtonLabel={t('common:close')}
          >
            {announcement.text}
          </Alert>
        ) : null}
      </div>
      <ManualPaymentPanel onResult={(text, ok) => setAnnouncement({ text, ok })} />
      <section aria-labelledby="payouts-owed-heading">
        <Title order={2} size="h3" id="payouts-owed-heading" mb="sm">
          {t('payouts.owedHeading')}
        </Title>
        {owed.isPending ? (
          <Group gap="xs" role="status">
            <Loader size="sm" aria-hidden="true" />
            <Text>{t('payouts.loading')}</Text>
          </Group>
        ) : owed.isError ? (
          <Alert color="red" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text>
                {describeApiError(owed.error, {
                  network: t('payouts.noServer'),
                  rest: (message) => t('payouts.loadFailed', { message }),
                })}
              </Text>
              <Button variant="outline" onClick={() => void owed.refetch()}>
                {t('payouts.retry')}
              </Button>
            </Stack>
          </Alert>
        ) : owing.length === 0 ? (
          <Text>{t('payouts.empty')}</Text>
        ) : (
          owing.map((w) => (
            <WorkerPayout
              key={`${w.worker_id}-${w.tasks.map((x) => x.task_id).join('.')}`}
              worker={w}
              onResult={(text, ok) => setAnnouncement({ text, ok })}
            />
          ))
        )}
      </section>
      {owed.data && owed.data.refunds_due.length > 0 ? (
        <section aria-labelledby="payouts-refunds-heading">
          <Title order={2} size="h3" id="payouts-refunds-heading" mb="xs">
            {t('refunds.heading')}
          </Title>
          <Text mb="sm">{t('refunds.lead')}</Text>
          <ScrollRegion
            className="payments-table-wrap"
            label={t('payouts.tableRegion', { name: t('refunds.heading') })}
          >
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('payouts.task')}</Table.Th>
                  <Table.Th>{t('payouts.status')}</Table.Th>
                  <Table.Th>{t('payouts.amount')}</Table.Th>
                  <Table.Th>{t('refunds.paidWith')}</Table.Th>
                  <Table.Th>{t('refunds.action')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {owed.data.refunds_due.map((due) => (
                  <RefundDueRow key={due.payment_id} due={due} onResult={(text, ok) => setAnnouncement({ text, ok })} />
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        </section>
      ) : null}
      <section aria-labelledby="payouts-history-heading">
        <Title order={2} size="h3" id="payouts-history-heading" mb="sm">
          {t('payouts.historyHeading')}
        </Title>
        {history.isPending ? (
          <Loader size="sm" aria-label={t('payouts.loading')} />
        ) : history.isError ? (
          <Alert color="red">{describeApiError(history.error, { network: t('payouts.noServer') })}</Alert>
        ) : history.data.payouts.length === 0 ? (
          <Text>{t('payouts.noHistory')}</Text>
        ) : (
          <ScrollRegion
            className="payments-table-wrap"
            label={t('payouts.tableRegion', { name: t('payouts.historyHeading') })}
          >
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('payouts.when')}</Table.Th>
                  <Table.Th>{t('payouts.worker')}</Table.Th>
                  <Table.Th>{t('payouts.amount')}</Table.Th>
                  <Table.Th>{t('payouts.method')}</Table.Th>
                  <Table.Th>{t('payouts.tasks')}</Table.Th>
                  <Table.Th>{t('payouts.by')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {history.data.payouts.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>
                      {new Date(p.created_at).toLocaleString(lng === 'en' ? 'en-IN' : `${lng}-IN`, {
                        timeZone: 'Asia/Kolkata',
                      })}
                    </Table.Td>
                    <Table.Td>{p.worker_name}</Table.Td>
                    <Table.Td>{formatMoney(p.amount_paise, lng)}</Table.Td>
                    <Table.Td>
                      {t(`payouts.methods.${p.method}`)}
                      {p.reference ? ` · ${p.reference}` : ''}
                    </Table.Td>
                    <Table.Td>{p.tasks.map((x) => x.task_id).join(', ')}</Table.Td>
                    <Table.Td>{p.recorded_by ?? ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        )}
      </section>
    </Stack>
  )
}
