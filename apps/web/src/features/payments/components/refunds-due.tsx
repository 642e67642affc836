import { Button, Group, Text, TextInput, Title } from '@mantine/core'
import type { RefundDue } from '@townworks/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable } from '../../../components/data-table/data-table'
import { useSession } from '../../../lib/session'
import { useRefundPayment } from '../api/refund-payment'
import { describeApiError } from '../../../lib/api-error-text'
import { formatMoney } from '../../../lib/format'

export interface RefundsDueProps {
  refunds: readonly RefundDue[]
  onResult: (text: string, ok: boolean) => void
}

/** Payments the customers are owed back (decision 016), with a refund form for an admin. */
export function RefundsDue({ refunds, onResult }: RefundsDueProps) {
  const { t, i18n } = useTranslation('payments')
  const lng = i18n.language
  return (
    <section aria-labelledby="payouts-refunds-heading">
      <Title order={2} size="h3" id="payouts-refunds-heading" mb="xs">
        {t('refunds.heading')}
      </Title>
      <Text mb="sm">{t('refunds.lead')}</Text>
      <DataTable
        columns={[
          { id: 'task', header: t('payouts.task'), value: (due) => `${due.task_id} · ${due.task_name}` },
          { id: 'status', header: t('payouts.status'), value: (due) => due.status },
          { id: 'amount', header: t('payouts.amount'), value: (due) => formatMoney(due.amount_paise, lng) },
          {
            id: 'paidWith',
            header: t('refunds.paidWith'),
            value: (due) => `${t(`refunds.via.${due.method}`)}${due.provider_ref ? ` · ${due.provider_ref}` : ''}`,
          },
          {
            id: 'action',
            header: t('refunds.action'),
            cell: (due) => <RefundAction due={due} onResult={onResult} />,
          },
        ]}
        rows={refunds}
        rowKey={(due) => due.payment_id}
        label={t('payouts.tableRegion', { name: t('refunds.heading') })}
      />
    </section>
  )
}

/**
 * One online payment captured for a task that was not waiting for it (decision 016): the customer
 * is owed it back. An admin refunds it with a reason; an operator sees it and is told who can.
 */
function RefundAction({ due, onResult }: { due: RefundDue; onResult: (text: string, ok: boolean) => void }) {
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
    <>
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
    </>
  )
}
