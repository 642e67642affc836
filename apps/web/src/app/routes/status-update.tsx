import { useTranslation } from 'react-i18next'
import { idParam, useSearchParams } from '../../lib/router'
import { StatusUpdatePanel } from '../../features/assignments/components/status-update-panel'
import { MantineScope } from '../../lib/mantine'
import { Screen } from '../screen'

/** Assignment Status Update (seed /asu); `?assignmentId=N` opens that assignment. */
export function Component() {
  const { t } = useTranslation('assignments')
  const [params] = useSearchParams()
  return (
    <MantineScope>
      <Screen id="asu" lead={t('leads.statusUpdate')}>
        <StatusUpdatePanel initialAssignmentId={idParam(params.get('assignmentId'))} />
      </Screen>
    </MantineScope>
  )
}
