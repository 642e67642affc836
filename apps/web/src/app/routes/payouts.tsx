import { useTranslation } from 'react-i18next'
import { PayoutsScreen } from '../../features/payments/components/payouts-screen'
import { MantineScope } from '../../lib/mantine'
import { Screen } from '../screen'
import { JobDrawerHost } from './job-drawer-host'

/** Payouts (/payouts): what each worker is owed, and recording what was paid to them. */
export function Component() {
  const { t } = useTranslation('payments')
  return (
    <MantineScope>
      <Screen id="payouts" lead={t('payouts.lead')}>
        <PayoutsScreen />
      </Screen>
      <JobDrawerHost />
    </MantineScope>
  )
}
