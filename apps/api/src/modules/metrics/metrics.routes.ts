import { endpoints } from '@townworks/contract'
import type { FastifyInstance } from 'fastify'
import { route } from '../../http/route'
import { assertMetricsToken, createAppMetrics } from './metrics.service'

/** GET /metrics: Prometheus's text format, for the bearer METRICS_TOKEN only (decision 037). */
export async function metricsRoutes(app: FastifyInstance): Promise<void> {
  const metrics = createAppMetrics(app.database)
  route(app, endpoints.metrics, async (request, reply) => {
    assertMetricsToken(app.config.METRICS_TOKEN, request.headers.authorization)
    const { contentType, text } = await metrics.read()
    // A string with a non-JSON content type goes out as it is, not serialized as a JSON string.
    void reply.type(contentType).header('cache-control', 'no-store')
    return text
  })
}
