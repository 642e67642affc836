import { useTranslation } from 'react-i18next'
import { MyRequestsList } from '../../features/requests/components/my-requests-list'
import { MantineScope } from '../../lib/mantine'
import { Screen } from '../screen'

/** A customer's requests and their status timelines. */
export function Component() {
  const { t } = useTranslation('requests')
  return (
    <MantineScope>
      <Screen id="myRequests" lead={t('mine.lead')}>
        <MyRequestsList />
      </Screen>
    </MantineScope>
  )
}
