import type { FastifyRequest } from 'fastify'
import type { Ctx } from '../shared/context'

/** The service context of a request. */
export function ctxOf(request: FastifyRequest): Ctx {
  return { database: request.server.database, user: request.user, messaging: request.server.messaging }
}
