import { endpoints } from '@townworks/contract'
import type { FastifyInstance } from 'fastify'
import { route } from '../../http/route'
import { AppError } from '../../shared/app-error'

/**
 * Liveness (process up) and readiness: the database answers and, when reads are cached, the change
 * feed listens (without it the cache would serve stale reads, so nothing is cached: the process
 * serves, slower, but a load balancer should prefer another). Not ready is 503 with the reasons.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.health, async () => ({ status: 'ok' as const }))
  route(app, endpoints.ready, async () => {
    const reasons: string[] = []
    try {
      await app.database.ping()
    } catch {
      reasons.push('the database is not reachable')
    }
    if (app.config.READ_CACHE && !app.changes.live) reasons.push('the change feed is not listening')
    if (reasons.length > 0) {
      throw new AppError('SERVICE_UNAVAILABLE', `Not ready: ${reasons.join('; ')}`, { details: { reasons } })
    }
    return {
      status: 'ok' as const,
      database: app.database.kind,
      change_feed: app.config.READ_CACHE ? ('listening' as const) : ('off' as const),
    }
  })
}
