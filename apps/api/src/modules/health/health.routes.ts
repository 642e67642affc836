import { endpoints } from '@townworks/contract'
import type { FastifyInstance } from 'fastify'
import { route } from '../../http/route'
import { AppError } from '../../shared/app-error'

/** Liveness (process up) and readiness (database answers). */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.health, async () => ({ status: 'ok' as const }))
  route(app, endpoints.ready, async () => {
    try {
      await app.database.ping()
    } catch {
      throw new AppError('SERVICE_UNAVAILABLE', 'The database is not reachable')
    }
    return { status: 'ok' as const, database: app.database.kind }
  })
}
