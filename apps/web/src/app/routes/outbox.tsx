import { useTranslation } from 'react-i18next'
import { Outbox } from '../../features/notifications/components/outbox'
import { MantineScope } from '../../lib/mantine'
import { Screen } from '../screen'
import { JobDrawerHost } from './job-drawer-host'

/** Outbox (operators): every message sent or failed, with a retry for failed ones. */
export function Component() {
  const { t } = useTranslation('notifications')
  return (
    <MantineScope>
      <Screen id="outbox" lead={t('outbox.lead')}>
        <Outbox />
      </Screen>
      <JobDrawerHost />
    </MantineScope>
  )
}
