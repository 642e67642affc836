import { BOARD_EVENTS, endpoints } from '@townworks/contract'
import type { FastifyInstance } from 'fastify'
import { ctxOf } from '../../http/ctx'
import { openEventStream, type EventStream } from '../../http/event-stream'
import { route } from '../../http/route'
import { AppError } from '../../shared/app-error'
import * as boardService from './board.service'

/** Open event streams one account may hold at once (a few tabs); the next is 429. */
export const BOARD_STREAMS_PER_USER = 4
/** Notices arriving this close together go out as one (a booking touches several tables). */
const COALESCE_MS = 200
const HEARTBEAT_MS = 20_000
/** A stream ends after this long and the browser reconnects: its session is checked again each time. */
const MAX_AGE_MS = 5 * 60_000

/**
 * The dispatch board: its data (not cached: each notice makes every open board read it again at
 * once, and the read is four indexed statements, decision 052), and its stream of "board changed"
 * notices from the change feed, which hears every process's writes (decision 053).
 * Long on purpose: the routes and the registry of open streams share one closure.
 */
export async function boardRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.board, async (req) => boardService.getBoard(ctxOf(req), req.query))

  const open = new Set<EventStream>()
  const perUser = new Map<number, number>()
  let pending: NodeJS.Timeout | undefined
  const unsubscribe = app.changes.subscribe((table) => {
    if (pending || open.size === 0 || !boardService.changesBoard(table)) return
    pending = setTimeout(() => {
      pending = undefined
      for (const stream of open) stream.send(BOARD_EVENTS.changed, { table })
    }, COALESCE_MS)
  })
  // Before the server waits for requests in flight: an open stream would keep it (and a test) waiting for ever.
  app.addHook('preClose', async () => {
    unsubscribe()
    if (pending) clearTimeout(pending)
    for (const stream of [...open]) stream.close()
  })

  route(app, endpoints.boardEvents, async (req, reply) => {
    const userId = req.user!.id
    const count = perUser.get(userId) ?? 0
    if (count >= BOARD_STREAMS_PER_USER) {
      throw new AppError('TOO_MANY_ATTEMPTS', 'Too many boards are open for this account; close one and try again')
    }
    perUser.set(userId, count + 1)
    const { stream, body } = openEventStream(reply, {
      heartbeatMs: HEARTBEAT_MS,
      maxAgeMs: MAX_AGE_MS,
      retryMs: 3000,
      onClose: () => {
        open.delete(stream)
        const left = (perUser.get(userId) ?? 1) - 1
        if (left > 0) perUser.set(userId, left)
        else perUser.delete(userId)
      },
    })
    open.add(stream)
    // Without a live feed (READ_CACHE=0, or its connection lost) no notice can come: the board polls.
    stream.send(BOARD_EVENTS.ready, { live: app.changes.live })
    return body as never
  })
}
