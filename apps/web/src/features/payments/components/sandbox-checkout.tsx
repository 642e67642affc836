import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from '../../../lib/router'
import { useCompleteSandboxPayment } from '../api/complete-sandbox-payment'
import { paymentsKeys } from '../../../lib/query-keys'
import { usePaymentOrder } from '../api/get-payment-order'
import { useVerifyPayment } from '../api/verify-payment'
import { describeApiError } from '../../../lib/api-error-text'
import { formatMoney } from '../../../lib/format'
import './payments.css'

type Outcome = { kind: 'approved' | 'declined' } | { kind: 'failed'; text: string }

/** The in-app test checkout: shows the order and approves or declines it as a provider would. */
export function SandboxCheckout({ orderId }: { orderId: string | null }) {
  const { t, i18n } = useTranslation('payments')
  const query = usePaymentOrder(orderId)
  const complete = useCompleteSandboxPayment()
  const verify = useVerifyPayment()
  const queryClient = useQueryClient()
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const busy = complete.isPending || verify.isPending

  const back = (
    <Anchor component={Link} to="/my/requests" underline="always">
      {t('sandbox.back')}
    </Anchor>
  )

  if (orderId === null) return <Alert color="yellow">{t('sandbox.missingOrder')}</Alert>
  if (query.isPending) {
    return (
      <Group gap="xs" role="status" aria-live="polite">
        <Loader size="sm" aria-hidden="true" />
        <Text>{t('sandbox.loading')}</Text>
      </Group>
    )
  }
  if (query.isError) {
    return (
      <Stack gap="sm" align="flex-start">
        <Alert color="red" role="alert">
          {describeApiError(query.error, {
            network: t('sandbox.noServer'),
            NOT_FOUND: t('sandbox.notFound'),
            FORBIDDEN: t('sandbox.notFound'),
            rest: (message) => t('sandbox.loadFailed', { message }),
          })}
        </Alert>
        {back}
      </Stack>
    )
  }
  const { order } = query.data
  const amount = formatMoney(order.amount_paise, i18n.language)

  const handle = async (decision: 'approve' | 'decline') => {
    setOutcome(null)
    try {
      const answer = await complete.mutateAsync({ order_id: order.order_id, outcome: decision })
      if (decision === 'approve' && answer.razorpay_signature) {
        // As with Razorpay: the page hands the signed answer to the server, which checks it.
        await verify.mutateAsync({
          razorpay_order_id: answer.razorpay_order_id,
          razorpay_payment_id: answer.razorpay_payment_id,
          razorpay_signature: answer.razorpay_signature,
        })
        setOutcome({ kind: 'approved' })
      } else {
        setOutcome({ kind: 'declined' })
      }
    } catch (error) {
      setOutcome({
        kind: 'failed',
        text: describeApiError(error, {
          network: t('sandbox.noServer'),
          rest: (message) => t('sandbox.failed', { message }),
        }),
      })
    } finally {
      await queryClient.invalidateQueries({ queryKey: paymentsKeys.order(order.order_id) })
    }
  }

  const settled = order.state === 'paid' || outcome?.kind === 'approved'
  return (
    <Stack gap="md" className="payments-scope">
      <Paper withBorder p="md" className="payments-checkout">
        <dl className="payments-facts">
          <dt>{t('sandbox.task')}</dt>
          <dd>{order.task_name}</dd>
          <dt>{t('sandbox.amount')}</dt>
          <dd className="payments-amount">{amount}</dd>
          <dt>{t('sandbox.orderId')}</dt>
          <dd>
            <code>{order.order_id}</code>
          </dd>
        </dl>
        {settled ? null : (
          <Group gap="sm" mt="md">
            <Button
              onClick={() => void handle('approve')}
              loading={busy && complete.variables?.outcome === 'approve'}
              disabled={busy}
            >
              {t('sandbox.approve')}
            </Button>
            <Button variant="default" onClick={() => void handle('decline')} disabled={busy}>
              {t('sandbox.decline')}
            </Button>
          </Group>
        )}
      </Paper>
      <div role="status" aria-live="polite">
        {outcome?.kind === 'approved' ? (
          <Alert color="green" variant="light">
            {t('sandbox.approved', { amount, task: order.task_name })}
          </Alert>
        ) : outcome?.kind === 'declined' ? (
          <Alert color="yellow" variant="light">
            {t('sandbox.declined')}
          </Alert>
        ) : outcome?.kind === 'failed' ? (
          <Alert color="red" variant="light">
            {outcome.text}
          </Alert>
        ) : order.state === 'paid' ? (
          <Alert color="green" variant="light">
            {t('sandbox.alreadyPaid')}
          </Alert>
        ) : null}
      </div>
      {back}
    </Stack>
  )
}
