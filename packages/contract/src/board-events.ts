/**
 * zod-free: the names of the events on the dispatch board's stream (GET /api/board/events, decision
 * 053), for the server and the board's EventSource. A module of its own, imported as
 * '@townworks/contract/board-events', so the shared constants chunk every screen loads does not carry it.
 */
export const BOARD_EVENTS = { ready: 'ready', changed: 'board' } as const
