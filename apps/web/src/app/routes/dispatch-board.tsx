import { useTranslation } from 'react-i18next'
import { BoardScreen } from '../../features/board/components/board-screen'
import { Screen } from '../screen'

/** Dispatch board (operators and admins, issue 20): the workers' day or week, moves by drag or by lists. */
export function Component() {
  const { t } = useTranslation('board')
  return (
    <Screen id="board" lead={t('lead')}>
      <BoardScreen />
    </Screen>
  )
}
