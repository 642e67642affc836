import { useTranslation } from 'react-i18next'
import { WorkerServicesScreen } from '../../features/workers/components/worker-services-screen'
import { MantineScope } from '../../lib/mantine'
import { Screen } from '../screen'

/** Worker Services Details (seed /wss): the roster, with add, edit, delete or deactivate, and working hours. */
export function Component() {
  const { t } = useTranslation('workers')
  return (
    <MantineScope>
      <Screen id="wss" lead={t('workerServices.lead')}>
        <WorkerServicesScreen />
      </Screen>
    </MantineScope>
  )
}
