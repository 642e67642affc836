import { useTranslation } from 'react-i18next'
import { idParam, useSearchParams } from '../../lib/router'
import { AssignmentUpdateForm } from '../../features/assignments/components/assignment-update-form'
import { MantineScope } from '../../lib/mantine'
import { Screen } from '../screen'

/** Update Task Assignment (seed /etass); `?assignmentId=N` opens that assignment. */
export function Component() {
  const { t } = useTranslation('assignments')
  const [params] = useSearchParams()
  return (
    <MantineScope>
      <Screen id="etass" lead={t('leads.update')}>
        <AssignmentUpdateForm initialAssignmentId={idParam(params.get('assignmentId'))} />
      </Screen>
    </MantineScope>
  )
}
