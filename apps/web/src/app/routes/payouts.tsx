import { useTranslation } from 'react-i18next'
import { PayoutsScreen } from '../../features/payments/components/payouts-screen'
import { MantineScope } from '../../lib/mantine'
import { idParam, useSearchParams } from '../../lib/router'
import { Screen } from '../screen'
import { JobDrawerHost } from './job-drawer-host'

/** Payouts (/payouts): what each worker is owed, and recording what was paid to them. */
export function Component() {
  const { t } = useTranslation('payments')
  const [params] = useSearchParams()
  return (
    <MantineScope>
      <Screen id="payouts" lead={t('payouts.lead')}>
        <PayoutsScreen taskId={idParam(params.get('task'))} />
      </Screen>
      <JobDrawerHost />
    </MantineScope>
  )
}
