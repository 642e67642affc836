import { useTranslation } from 'react-i18next'
import { useSearchParams } from '../../lib/router'
import { AssignmentUpdateForm } from '../../features/assignments/components/assignment-update-form'
import { MantineScope } from '../../lib/mantine'
import { Screen } from '../screen'

/** Update Task Assignment (seed /etass); `?assignmentId=N` opens that assignment. */
export function Component() {
  const { t } = useTranslation('assignments')
  const [params] = useSearchParams()
  const id = Number(params.get('assignmentId'))
  return (
    <MantineScope>
      <Screen id="etass" lead={t('leads.update')}>
        <AssignmentUpdateForm initialAssignmentId={Number.isInteger(id) && id > 0 ? id : undefined} />
      </Screen>
    </MantineScope>
  )
}
