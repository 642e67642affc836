import type { Board, BoardBlock, BoardRequest } from '@townworks/contract'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { QueryState } from '../../../components/query-state'
import { useBoardData } from '../api/board'
import { useBoardEvents } from '../api/board-events'
import { BoardGrid } from './board-grid'
import { BoardToolbar } from './board-toolbar'
import { MoveDialog } from './move-dialog'
import { UnassignedColumn } from './unassigned-column'
import { boardQueryOf, useBoardFilters } from './use-board-filters'
import { useBoardMoves, type Moving } from './use-board-moves'
import './board.css'

/**
 * The dispatch board (/board, issue 20): a row per worker over a day or a week, each booking a block
 * at its time, the open requests beside it. Drag a block or a request onto a row (native drag and
 * drop), or choose it and pick worker and time from lists (the keyboard and screen-reader path):
 * both go through the same calls as the forms. Notices from the server keep it current (decision 053).
 */
export function BoardScreen() {
  const { t } = useTranslation('board')
  const [filters, setFilters] = useBoardFilters()
  const query = boardQueryOf(filters)
  const live = useBoardEvents()
  const board = useBoardData(query, live)
  const moves = useBoardMoves(query, board.data?.workers ?? [])
  const [chosen, setChosen] = useState<Moving>()
  // What is being dragged (a drop reads it: a drag's data is not readable while it passes over a row).
  const dragRef = useRef<Moving | undefined>(undefined)
  return (
    <div className="board">
      <BoardToolbar filters={filters} onChange={setFilters} live={live} />
      <p className={`board-notice board-notice--${moves.notice?.kind ?? 'none'}`} role="status" aria-live="polite">
        {moves.notice?.kind === 'done' ? moves.notice.text : ''}
      </p>
      <div role="alert" className="board-notice board-notice--refused" hidden={moves.notice?.kind !== 'refused'}>
        {moves.notice?.kind === 'refused' ? moves.notice.text : ''}
      </div>
      <QueryState query={board} loading={t('loading')} errorTitle={t('loadFailed')}>
        {(data: Board) => (
          <div className="board-layout">
            <BoardGrid
              board={data}
              view={filters.view}
              moves={moves}
              dragRef={dragRef}
              onChoose={(block: BoardBlock) => setChosen({ kind: 'block', block })}
            />
            <UnassignedColumn
              requests={data.unassigned}
              total={data.unassigned_total}
              dragRef={dragRef}
              onChoose={(request: BoardRequest) => setChosen({ kind: 'request', request })}
            />
            {chosen ? (
              <MoveDialog
                item={chosen}
                board={data}
                view={filters.view}
                moves={moves}
                onClose={() => setChosen(undefined)}
              />
            ) : null}
          </div>
        )}
      </QueryState>
    </div>
  )
}
