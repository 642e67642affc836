import { useTranslation } from 'react-i18next'
import { useSearchParams } from '../../lib/router'
import { StatusUpdatePanel } from '../../features/assignments/components/status-update-panel'
import { MantineScope } from '../../lib/mantine'
import { Screen } from '../screen'

/** Assignment Status Update (seed /asu); `?assignmentId=N` opens that assignment. */
export function Component() {
  const { t } = useTranslation('assignments')
  const [params] = useSearchParams()
  const id = Number(params.get('assignmentId'))
  return (
    <MantineScope>
      <Screen id="asu" lead={t('leads.statusUpdate')}>
        <StatusUpdatePanel initialAssignmentId={Number.isInteger(id) && id > 0 ? id : undefined} />
      </Screen>
    </MantineScope>
  )
}
