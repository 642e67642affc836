import { useTranslation } from 'react-i18next'
import { useSearchParams } from '../../lib/router'
import { SandboxCheckout } from '../../features/payments/components/sandbox-checkout'
import { Screen } from '../screen'

/** The in-app test checkout (/pay/sandbox?order=…), used when no payment provider is configured. No UI library (decision 046). */
export function Component() {
  const { t } = useTranslation('payments')
  const [params] = useSearchParams()
  return (
    <Screen id="paySandbox" lead={t('sandbox.lead')}>
      <SandboxCheckout orderId={params.get('order')} />
    </Screen>
  )
}
