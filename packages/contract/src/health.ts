import { z } from 'zod'
import { endpoint } from './endpoint'

export const HealthResponseSchema = z.object({ status: z.literal('ok') })
export const ReadyResponseSchema = z.object({
  status: z.enum(['ok']),
  database: z.enum(['pglite', 'postgres']),
  /** Whether the change feed the read cache depends on is listening (`off` with READ_CACHE=0). */
  change_feed: z.enum(['listening', 'off']).optional(),
})
/** Prometheus text exposition format (text/plain; version=0.0.4). */
export const MetricsResponseSchema = z.string()

/** The health endpoints. */
export const healthEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/healthz',
    access: 'public',
    tag: 'health',
    summary: 'The process is up',
    response: HealthResponseSchema,
  }),
  ready: endpoint({
    method: 'GET',
    path: '/readyz',
    access: 'public',
    tag: 'health',
    summary: 'The database answers and the change feed listens; 503 with the reasons otherwise',
    response: ReadyResponseSchema,
  }),
  metrics: endpoint({
    method: 'GET',
    path: '/metrics',
    access: 'public',
    ownCredential: 'metrics-token',
    tag: 'health',
    summary: 'Prometheus metrics of this process, for the bearer METRICS_TOKEN; 404 when none is configured',
    response: MetricsResponseSchema,
  }),
} as const
