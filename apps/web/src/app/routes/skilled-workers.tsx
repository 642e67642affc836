import { useTranslation } from 'react-i18next'
import { SkilledWorkersScreen } from '../../features/workers/components/skilled-workers-screen'
import { MantineScope } from '../../lib/mantine'
import { Screen } from '../screen'

/** Skilled Workers (seed /swl): the workers with their cart counts, and Add to Cart. */
export function Component() {
  const { t } = useTranslation('workers')
  return (
    <MantineScope>
      <Screen id="swl" lead={t('skilledWorkers.lead')}>
        <SkilledWorkersScreen />
      </Screen>
    </MantineScope>
  )
}
