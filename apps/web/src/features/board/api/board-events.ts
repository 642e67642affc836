import { BOARD_EVENTS } from '@townworks/contract/board-events'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { OFFICE_API_ROUTES } from '../../../lib/api-route-table-office'
import { env } from '../../../lib/env'
import { boardKeys } from '../../../lib/query-keys'

/** After a stream could not be opened (a lost session, too many boards), try again this much later. */
const REOPEN_MS = 30_000

/**
 * GET /api/board/events through an EventSource (decision 053): every "board changed" notice makes
 * the board read again (TanStack Query invalidation). Answers whether notices are arriving; while
 * they are not (no EventSource, a refused or lost stream, a server without a live change feed), the
 * board polls instead (BOARD_POLL_MS.fallback).
 */
export function useBoardEvents(): boolean {
  const queryClient = useQueryClient()
  const [live, setLive] = useState(false)
  useEffect(() => {
    if (typeof EventSource === 'undefined') return undefined
    let source: EventSource | undefined
    let retry: ReturnType<typeof setTimeout> | undefined
    let stopped = false
    const open = () => {
      source = new EventSource(`${env.apiBaseUrl}${OFFICE_API_ROUTES.boardEvents[1]}`, { withCredentials: true })
      source.addEventListener(BOARD_EVENTS.ready, (event) => {
        const ready = JSON.parse((event as MessageEvent<string>).data) as { live: boolean }
        setLive(ready.live)
        // Whatever changed while the stream was down is unknown: read again.
        void queryClient.invalidateQueries({ queryKey: boardKeys.all })
      })
      source.addEventListener(BOARD_EVENTS.changed, () => {
        void queryClient.invalidateQueries({ queryKey: boardKeys.all })
      })
      source.onerror = () => {
        setLive(false)
        // A dropped stream reconnects by itself; a refused one (401, 429) is closed: open it again later,
        // after the polls' reads have renewed the session.
        if (source?.readyState === EventSource.CLOSED && !stopped) retry = setTimeout(open, REOPEN_MS)
      }
    }
    open()
    return () => {
      stopped = true
      if (retry) clearTimeout(retry)
      source?.close()
    }
  }, [queryClient])
  return live
}
