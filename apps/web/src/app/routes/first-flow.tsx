import { useTranslation } from 'react-i18next'
import { FirstFlow } from '../../features/workflow/components/first-flow'
import { Screen } from '../screen'

/** First flow diagram demo (seed /ff): two nodes, an edge, controls, a minimap and a dotted background. */
export function Component() {
  const { t } = useTranslation('workflow')
  return (
    <Screen id="ff" lead={t('firstFlow.lead')}>
      <FirstFlow />
    </Screen>
  )
}
