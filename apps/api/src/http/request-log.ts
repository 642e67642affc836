import type { FastifyReply, FastifyRequest } from 'fastify'
import { httpDuration, httpRequests, rateLimitRefusals } from '../shared/metrics'

/** What a request is logged and counted under: its route pattern, never the URL it came with. */
export function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched'
}

/**
 * After every answer: one JSON log line (request id, method, route pattern, status, time, user id —
 * no URL, body or header, so no number, token or password) and the request metrics (decision 037).
 */
export function recordRequest(request: FastifyRequest, reply: FastifyReply): void {
  const route = routeOf(request)
  const status = reply.statusCode
  const ms = reply.elapsedTime
  const labels = { route, method: request.method, status: String(status) }
  httpRequests.inc(labels)
  httpDuration.observe(labels, ms / 1000)
  if (status === 429) rateLimitRefusals.inc({ route })
  request.log.info(
    { method: request.method, route, status, ms: Math.round(ms * 10) / 10, userId: request.user?.id ?? null },
    'request',
  )
}
