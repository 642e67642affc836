import { useTranslation } from 'react-i18next'
import { WorkflowScreen } from '../../features/workflow/components/workflow-screen'
import { MantineScope } from '../../lib/mantine'
import { Screen } from '../screen'

/** Workflow display (seed /wfs): a task's status history as a table and, in a modal, as a diagram. */
export function Component() {
  const { t } = useTranslation('workflow')
  return (
    <MantineScope>
      <Screen id="wfs" lead={t('workflowScreen.lead')}>
        <WorkflowScreen />
      </Screen>
    </MantineScope>
  )
}
