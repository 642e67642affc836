import { AssignmentDetailsTable } from '../../features/assignments/components/assignment-details-table'
import { useTranslation } from 'react-i18next'
import { MantineScope } from '../../lib/mantine'
import { Screen } from '../screen'
import { JobDrawerHost } from './job-drawer-host'

/** Assignment Details (seed /ad): filters, sorting and paging live in the address. */
export function Component() {
  const { t } = useTranslation('assignments')
  return (
    <MantineScope>
      <Screen id="ad" lead={t('leads.details')}>
        <AssignmentDetailsTable />
      </Screen>
      <JobDrawerHost />
    </MantineScope>
  )
}
