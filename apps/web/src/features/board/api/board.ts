import type { BoardQuery } from '@townworks/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { boardKeys } from '../../../lib/query-keys'

/** How often the board reads again without a live stream of notices (the fallback), and with one (a safety net). */
export const BOARD_POLL_MS = { fallback: 10_000, live: 60_000 } as const

/** GET /api/board: the period's workers, their bookings and the open requests (decision 052). */
export const boardQuery = (query: BoardQuery, live: boolean) =>
  queryOptions({
    queryKey: boardKeys.board(query),
    queryFn: ({ signal }) => api.call('board', { query, signal }),
    staleTime: 5_000,
    // Notices make it read again at once; without them (no EventSource, a lost stream) it polls.
    refetchInterval: live ? BOARD_POLL_MS.live : BOARD_POLL_MS.fallback,
    refetchOnWindowFocus: true,
    // A new day, town or filter keeps the last board on view until its own answer arrives.
    placeholderData: keepPreviousData,
  })

export function useBoardData(query: BoardQuery, live: boolean) {
  return useQuery(boardQuery(query, live))
}
