import type { PaymentOrder } from '@townworks/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
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

/**
 * A customer's screen, so plain elements and payments.css, no UI library (decision 046): a coloured
 * note where Mantine's Alert was, the shell's `.button` classes where its Button was.
 */
function Note({ tone, role, children }: { tone: 'ok' | 'warn' | 'error'; role?: 'alert'; children: ReactNode }) {
  return (
    <p className={`payments-note payments-note--${tone}`} role={role}>
      {children}
    </p>
  )
}

/** Back to the customer's requests, where the payment shows. */
function BackLink() {
  const { t } = useTranslation('payments')
  return (
    <Link to="/my/requests" className="payments-back">
      {t('sandbox.back')}
    </Link>
  )
}

/** The in-app test checkout: shows the order and approves or declines it as a provider would. */
export function SandboxCheckout({ orderId }: { orderId: string | null }) {
  const { t } = useTranslation('payments')
  const query = usePaymentOrder(orderId)
  if (orderId === null) return <Note tone="warn">{t('sandbox.missingOrder')}</Note>
  if (query.isPending) {
    return (
      <p role="status" aria-live="polite">
        {t('sandbox.loading')}
      </p>
    )
  }
  if (query.isError) {
    return (
      <div className="payments-stack">
        <Note tone="error" role="alert">
          {describeApiError(query.error, {
            network: t('sandbox.noServer'),
            NOT_FOUND: t('sandbox.notFound'),
            FORBIDDEN: t('sandbox.notFound'),
            rest: (message) => t('sandbox.loadFailed', { message }),
          })}
        </Note>
        <BackLink />
      </div>
    )
  }
  return <Checkout order={query.data.order} />
}

/**
 * Approve or decline the order as the provider would; an approval's signed answer goes to the
 * server to be checked, as with Razorpay. The order is read again either way.
 */
function useSandboxDecision(order: PaymentOrder) {
  const { t } = useTranslation('payments')
  const complete = useCompleteSandboxPayment()
  const verify = useVerifyPayment()
  const queryClient = useQueryClient()
  const [outcome, setOutcome] = useState<Outcome | null>(null)

  const decide = async (decision: 'approve' | 'decline') => {
    setOutcome(null)
    try {
      const answer = await complete.mutateAsync({ order_id: order.order_id, outcome: decision })
      if (decision === 'approve' && answer.razorpay_signature) {
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
  const busy = complete.isPending || verify.isPending
  return { outcome, decide, busy, approving: busy && complete.variables?.outcome === 'approve' }
}

function Checkout({ order }: { order: PaymentOrder }) {
  const { t, i18n } = useTranslation('payments')
  const { outcome, decide, busy, approving } = useSandboxDecision(order)
  const amount = formatMoney(order.amount_paise, i18n.language)
  const settled = order.state === 'paid' || outcome?.kind === 'approved'
  return (
    <div className="payments-stack">
      <div className="payments-checkout">
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
          <div className="actions">
            <button
              type="button"
              className="button button--primary"
              onClick={() => void decide('approve')}
              disabled={busy}
              aria-busy={approving}
            >
              {t('sandbox.approve')}
            </button>
            <button type="button" className="button" onClick={() => void decide('decline')} disabled={busy}>
              {t('sandbox.decline')}
            </button>
          </div>
        )}
      </div>
      <div role="status" aria-live="polite">
        <OutcomeNotice outcome={outcome} paid={order.state === 'paid'} amount={amount} task={order.task_name} />
      </div>
      <BackLink />
    </div>
  )
}

/** What the decision did, or that the order was already paid. */
function OutcomeNotice({
  outcome,
  paid,
  amount,
  task,
}: {
  outcome: Outcome | null
  paid: boolean
  amount: string
  task: string
}) {
  const { t } = useTranslation('payments')
  if (outcome?.kind === 'approved') return <Note tone="ok">{t('sandbox.approved', { amount, task })}</Note>
  if (outcome?.kind === 'declined') return <Note tone="warn">{t('sandbox.declined')}</Note>
  if (outcome?.kind === 'failed') return <Note tone="error">{outcome.text}</Note>
  if (paid) return <Note tone="ok">{t('sandbox.alreadyPaid')}</Note>
  return null
}
