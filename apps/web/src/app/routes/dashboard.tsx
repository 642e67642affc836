import { useTranslation } from 'react-i18next'
import { Dashboard } from '../../features/dashboard/components/dashboard'
import { MantineScope } from '../../lib/mantine'
import { Screen } from '../screen'

/** Dashboard (operators and admins): the office's start screen, today's counts and the charts. */
export function Component() {
  const { t } = useTranslation('dashboard')
  return (
    <MantineScope>
      <Screen id="dashboard" lead={t('lead')}>
        <Dashboard />
      </Screen>
    </MantineScope>
  )
}
