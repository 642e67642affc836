import { useTranslation } from 'react-i18next'
import { TaskCharges } from '../../features/payments/components/task-charges'
import { RequestQuote } from '../../features/quotes/customer/request-quote'
import { MyRequestsList } from '../../features/requests/components/my-requests-list'
import { Screen } from '../screen'

/** A customer's requests and their status timelines, with each request's quote and each task's price and the Pay button. No UI library before the confirming dialog (decision 046). */
export function Component() {
  const { t } = useTranslation('myRequests')
  return (
    <Screen id="myRequests" lead={t('lead')}>
      <MyRequestsList
        renderPayment={(task, request, gstInvoices) => (
          <TaskCharges task={task} billing={{ requestId: request.id, billing: request.billing, gstInvoices }} />
        )}
        renderQuote={(request) => <RequestQuote request={request} />}
      />
    </Screen>
  )
}
