import type { Board, BoardQuery } from '@townworks/contract'
import type { Ctx } from '../../shared/context'
import * as boardRepository from './board.repository'

/** The tables the board shows: a change to one of them is a "board changed" notice (decision 053). */
export { BOARD_READ } from './board.repository'

/** GET /api/board: the period's worker rows with their hours, their bookings, and the open requests (decision 052). */
export async function getBoard(ctx: Ctx, query: BoardQuery): Promise<Board> {
  const db = ctx.database.db
  const [workers, blocks, open] = await Promise.all([
    boardRepository.boardWorkers(db, query),
    boardRepository.boardBlocks(db, query),
    boardRepository.openRequests(db, query),
  ])
  return { from: query.from, to: query.to, workers, blocks, unassigned: open.rows, unassigned_total: open.total }
}

/**
 * Whether a change notice for this table changes what a board shows. `*` does not count: the feed
 * sends it for every write answered by this process (logins and token renewals included), before
 * the database's own notice names the table; a board also reads again every minute, which covers
 * the other `*`, a reconnect of the feed (decision 053).
 */
export function changesBoard(table: string): boolean {
  return boardRepository.BOARD_READ.includes(table)
}
