import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from '../../../lib/router'
import { useCreatePaymentOrder } from '../api/create-payment-order'
import { useVerifyPayment } from '../api/verify-payment'
import { formatMoney } from '../../../lib/format'
import { describeApiError, serverDetail } from '../../../lib/api-error-text'
import { payWithRazorpay } from '../model/razorpay-checkout'

export interface PayButtonProps {
  taskId: number
  taskName: string
  amountPaise: number
  /** Called after a payment the server accepted, so the caller refreshes what it shows. */
  onPaid?: () => void
}

/** Pay what a task owes: the in-app test checkout by default, Razorpay's checkout when configured. */
export function PayButton({ taskId, taskName, amountPaise, onPaid }: PayButtonProps) {
  const { t, i18n } = useTranslation('payments')
  const navigate = useNavigate()
  const createOrder = useCreatePaymentOrder()
  const verify = useVerifyPayment()
  const [message, setMessage] = useState<{ tone: 'error' | 'info'; text: string } | null>(null)
  const amount = formatMoney(amountPaise, i18n.language)

  const handlePay = async () => {
    setMessage(null)
    try {
      const { order } = await createOrder.mutateAsync(taskId)
      if (order.provider === 'sandbox' && order.checkout_url) {
        navigate(order.checkout_url)
        return
      }
      const answer = await payWithRazorpay(order, taskName).catch(() => {
        throw new Error(t('pay.checkoutFailed'))
      })
      if (!answer) {
        setMessage({ tone: 'info', text: t('pay.cancelled') })
        return
      }
      await verify.mutateAsync(answer)
      setMessage({ tone: 'info', text: t('pay.paid', { amount }) })
      onPaid?.()
    } catch (error) {
      setMessage({
        tone: 'error',
        text: describeApiError(error, {
          network: t('pay.failed.network'),
          CONFLICT: (e) => t('pay.failed.conflict', { message: serverDetail(e) }),
          rest: (message) => t('pay.failed.other', { message }),
        }),
      })
    }
  }

  return (
    <div className="payments-stack payments-stack--tight">
      <button
        type="button"
        className="button button--primary"
        onClick={() => void handlePay()}
        disabled={createOrder.isPending || verify.isPending}
        aria-busy={createOrder.isPending || verify.isPending}
      >
        {t('pay.button', { amount })}
      </button>
      <div role="status" aria-live="polite">
        {message ? (
          <p className={`payments-note payments-note--${message.tone === 'error' ? 'error' : 'info'}`}>
            {message.text}
          </p>
        ) : null}
      </div>
    </div>
  )
}
