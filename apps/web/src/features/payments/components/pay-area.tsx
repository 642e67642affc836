import type { MyRequestTask } from '@townworks/contract'
import { useTranslation } from 'react-i18next'
import { QueryState } from '../../../components/query-state'
import { usePaymentOptions } from '../api/get-payment-options'
import { formatMoney } from '../../../lib/format'
import { PayButton } from './pay-button'

/**
 * How the customer pays a task waiting for payment: the Pay button when an online checkout is
 * offered, else the office's cash or UPI. While the options load, and if they fail (with a retry),
 * the shared query states say so.
 */
export function PayArea({
  task,
  amountPaise,
  onPaid,
}: {
  task: MyRequestTask
  amountPaise: number
  onPaid: (() => void) | undefined
}) {
  // The words of paying come with this part (the payments namespace), not with the list's first paint.
  const { t, i18n } = useTranslation(['payments', 'myRequests'])
  const options = usePaymentOptions()
  const amount = formatMoney(amountPaise, i18n.language)
  return (
    <QueryState
      query={options}
      loading={t('myRequests:charges.optionsLoading')}
      errorTitle={t('payArea.optionsFailed', { amount })}
    >
      {(data) =>
        data.online ? (
          <PayButton taskId={task.id} taskName={task.name} amountPaise={amountPaise} {...(onPaid ? { onPaid } : {})} />
        ) : (
          <p className="payments-small">{t('payArea.payOffice', { amount })}</p>
        )
      }
    </QueryState>
  )
}
