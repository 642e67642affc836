import type { MyRequestTask } from '@townworks/contract'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMoney } from '../../../lib/format'
import { loadWithTimeout } from '../../../lib/lazy-with-timeout'
import './payments.css'

// How to pay (the options, the Pay button, Razorpay's loader) is fetched only for a task waiting for
// payment, after the charges have painted (decision 047: /my/requests within 130 kB).
const PayArea = lazy(() => loadWithTimeout(() => import('./pay-area')).then((m) => ({ default: m.PayArea })))

const PAID = new Set(['payment_received', 'paid_to_worker', 'task_completed'])

/** A task's price, line items and total for its customer, with the Pay button once they confirmed the work. */
export function TaskCharges({ task, onPaid }: { task: MyRequestTask; onPaid?: () => void }) {
  const { t, i18n } = useTranslation('myRequests')
  const lng = i18n.language
  const headingId = `task-charges-${task.id}`
  const awaitingPayment = task.status === 'payment_pending' && task.total_paise !== null
  if (task.status === 'cancelled') return null
  return (
    <section aria-labelledby={headingId} className="payments-stack payments-stack--tight">
      <h3 className="payments-subtitle" id={headingId}>
        {t('charges.heading')}
      </h3>
      {task.price_paise === null || task.total_paise === null ? (
        <p className="payments-small">{t('charges.noPrice')}</p>
      ) : (
        <table className="payments-charges">
          <tbody>
            <tr>
              <th scope="row">{t('charges.price')}</th>
              <td>{formatMoney(task.price_paise, lng)}</td>
            </tr>
            {task.line_items.map((item) => (
              <tr key={item.id}>
                <th scope="row">{t('charges.lineItem', { description: item.description })}</th>
                <td>{formatMoney(item.amount_paise, lng)}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">{t('charges.total')}</th>
              <td className="payments-amount">{formatMoney(task.total_paise, lng)}</td>
            </tr>
          </tbody>
        </table>
      )}
      {task.total_paise !== null ? (
        <p className="payments-small payments-strong" data-money-state={task.money_state}>
          {t(`charges.moneyState.${task.money_state}`, {
            paid: formatMoney(task.paid_paise, lng),
            balance: formatMoney(Math.abs(task.total_paise - task.paid_paise), lng),
          })}
        </p>
      ) : null}
      {PAID.has(task.status) ? <p className="payments-small">{t('charges.paidNote')}</p> : null}
      {awaitingPayment ? (
        <Suspense
          fallback={
            <p role="status" className="query-state query-state--loading">
              {t('charges.optionsLoading')}
            </p>
          }
        >
          <PayArea task={task} amountPaise={task.total_paise!} onPaid={onPaid} />
        </Suspense>
      ) : null}
    </section>
  )
}
