import { useTranslation } from 'react-i18next'
import { UpdateNodeDemo } from '../../features/workflow/components/update-node-demo'
import { MantineScope } from '../../lib/mantine'
import { Screen } from '../screen'

/** Update-node diagram demo (seed /un): change the first node's label and colour, or hide it. */
export function Component() {
  const { t } = useTranslation('workflow')
  return (
    <MantineScope>
      <Screen id="un" lead={t('updateNode.lead')}>
        <UpdateNodeDemo />
      </Screen>
    </MantineScope>
  )
}
