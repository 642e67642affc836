import { useTranslation } from 'react-i18next'
import { InvoicesScreen } from '../../features/invoices/components/invoices-screen'
import { MantineScope } from '../../lib/mantine'
import { Screen } from '../screen'
import { JobDrawerHost } from './job-drawer-host'

/** Receipts and invoices (/invoices): the documents the payments issued, for the office and its accountant. */
export function Component() {
  const { t } = useTranslation('invoices')
  return (
    <MantineScope>
      <Screen id="invoices" lead={t('lead')}>
        <InvoicesScreen />
      </Screen>
      <JobDrawerHost />
    </MantineScope>
  )
}
