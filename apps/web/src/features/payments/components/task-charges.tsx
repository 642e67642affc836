import type { MyRequestTask, RequestBilling } from '@townworks/contract'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMoney } from '../../../lib/format'
import { i18n } from '../../../lib/i18n'
import { loadWithTimeout } from '../../../lib/lazy-with-timeout'
import './payments.css'

// How to pay (the options, the Pay button, Razorpay's loader) is fetched only for a task waiting for
// payment, after the charges have painted (decision 047: /my/requests within 130 kB).
const PayArea = lazy(() => loadWithTimeout(() => import('./pay-area')).then((m) => ({ default: m.PayArea })))

// A paid task's receipts and invoices (issue 22): links to their PDFs, fetched once there is one.
const TaskDocuments = lazy(() =>
  loadWithTimeout(() =>
    Promise.all([import('./task-documents'), i18n.loadNamespaces('payments').catch(() => undefined)]),
  ).then(([m]) => ({ default: m.TaskDocuments })),
)

// Who the invoices are made out to (a business's name and GSTIN): its form and words come on their own.
const BillingDetails = lazy(() =>
  loadWithTimeout(() =>
    Promise.all([import('./billing-details'), i18n.loadNamespaces('payments').catch(() => undefined)]),
  ).then(([m]) => ({ default: m.BillingDetails })),
)

/** The request a task's invoices belong to: who they are made out to, and whether they are GST invoices. */
export interface TaskBilling {
  requestId: number
  billing: RequestBilling
  gstInvoices: boolean
}

const PAID = new Set(['payment_received', 'paid_to_worker', 'task_completed'])

/** A task's price, line items and total for its customer, with the Pay button once they confirmed the work. */
export function TaskCharges({
  task,
  onPaid,
  billing,
}: {
  task: MyRequestTask
  onPaid?: () => void
  billing?: TaskBilling | undefined
}) {
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
            {/* A quoted task without a visit charge is priced by its lines alone (decision 061): no ₹0 row. */}
            {task.price_paise > 0 || task.line_items.length === 0 ? (
              <tr>
                <th scope="row">{t('charges.price')}</th>
                <td>{formatMoney(task.price_paise, lng)}</td>
              </tr>
            ) : null}
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
      {task.invoices.length > 0 ? (
        <Suspense fallback={null}>
          <TaskDocuments documents={task.invoices} />
        </Suspense>
      ) : null}
      {billing && (billing.gstInvoices || billing.billing.name !== null || billing.billing.gstin !== null) ? (
        <Suspense fallback={null}>
          <BillingDetails requestId={billing.requestId} billing={billing.billing} />
        </Suspense>
      ) : null}
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
