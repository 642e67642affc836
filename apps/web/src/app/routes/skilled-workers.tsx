import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  RequestFormHost,
  warmRequestForm,
  type ServiceRequestPick,
} from '../../features/requests/components/request-form-host'
import { SkilledWorkersScreen } from '../../features/workers/components/skilled-workers-screen'
import { Screen } from '../screen'
import { providePhoneSignIn } from './phone-confirm'

providePhoneSignIn()

/**
 * Skilled Workers (seed /swl): worker cards to book from, and the shortlist (the seed's cart).
 * "Book this worker" opens the request form (the requests feature's) with the worker's first trade
 * and the worker preferred: the two features meet here, in the screen. The screen is plain elements;
 * the form brings Mantine (its own MantineScope) when it is first wanted (decision 046).
 */
export function Component() {
  const { t } = useTranslation('workers')
  const [pick, setPick] = useState<ServiceRequestPick | null>(null)
  const [opened, setOpened] = useState(false)
  return (
    <Screen id="swl" lead={t('skilledWorkers.lead')}>
      <div onPointerOver={warmRequestForm} onTouchStart={warmRequestForm} onFocus={warmRequestForm}>
        <SkilledWorkersScreen
          onBook={(worker, service) => {
            setPick({ service, preferredWorker: worker })
            setOpened(true)
          }}
        />
      </div>
      <RequestFormHost pick={pick} opened={opened} onClose={() => setOpened(false)} />
    </Screen>
  )
}
