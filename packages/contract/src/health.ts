import { z } from 'zod'
import { endpoint } from './endpoint'

export const HealthResponseSchema = z.object({ status: z.literal('ok') })
export const ReadyResponseSchema = z.object({ status: z.enum(['ok']), database: z.enum(['pglite', 'postgres']) })

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
    summary: 'The database answers',
    response: ReadyResponseSchema,
  }),
} as const
