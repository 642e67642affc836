import { useTranslation } from 'react-i18next'
import { RequestsInbox } from '../../features/requests/components/requests-inbox'
import { MantineScope } from '../../lib/mantine'
import { Screen } from '../screen'
import { JobDrawerHost } from './job-drawer-host'

/** The operators' inbox of service requests. */
export function Component() {
  const { t } = useTranslation('requests')
  return (
    <MantineScope>
      <Screen id="requests" lead={t('inbox.lead')}>
        <RequestsInbox />
      </Screen>
      <JobDrawerHost />
    </MantineScope>
  )
}
