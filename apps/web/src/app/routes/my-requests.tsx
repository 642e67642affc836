import { useTranslation } from 'react-i18next'
import { TaskCharges } from '../../features/payments/components/task-charges'
import { MyRequestsList } from '../../features/requests/components/my-requests-list'
import { MantineScope } from '../../lib/mantine'
import { Screen } from '../screen'

/** A customer's requests and their status timelines, with each task's price and the Pay button. */
export function Component() {
  const { t } = useTranslation('requests')
  return (
    <MantineScope>
      <Screen id="myRequests" lead={t('mine.lead')}>
        <MyRequestsList renderPayment={(task) => <TaskCharges task={task} />} />
      </Screen>
    </MantineScope>
  )
}
