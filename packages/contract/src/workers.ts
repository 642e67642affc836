import { z } from 'zod'
import { MessageResponseSchema } from './common'
import { ServiceSchema, TownSchema } from './options'

/** One row of GET /api/workerservices: a worker and one service they offer. */
export const WorkerServiceRowSchema = z.object({
  worker_id: z.number().int(),
  worker_name: z.string(),
  town: TownSchema,
  service_name: ServiceSchema,
  description: z.string(),
  /** Rupees, for display as the seed did; `price_paise` is the exact amount. */
  price: z.number(),
  price_paise: z.number().int(),
  phone_number: z.string(),
  email: z.string().nullable(),
  active: z.boolean(),
})
export type WorkerServiceRow = z.infer<typeof WorkerServiceRowSchema>

export const WorkerServicesResponseSchema = z.object({ workerServices: z.array(WorkerServiceRowSchema) })
export type WorkerServicesResponse = z.infer<typeof WorkerServicesResponseSchema>

/** DELETE /api/workerservices/{worker_id} */
export const DeleteWorkerResponseSchema = MessageResponseSchema.extend({
  worker_id: z.number().int(),
  outcome: z.enum(['deleted', 'deactivated']),
})
export type DeleteWorkerResponse = z.infer<typeof DeleteWorkerResponseSchema>

/** GET /api/skilledworker */
export const SkilledWorkerSchema = z.object({
  worker_id: z.number().int(),
  name: z.string(),
  cart_count: z.number().int(),
})
export type SkilledWorker = z.infer<typeof SkilledWorkerSchema>
export const SkilledWorkersResponseSchema = z.object({ skilledworkers: z.array(SkilledWorkerSchema) })
export type SkilledWorkersResponse = z.infer<typeof SkilledWorkersResponseSchema>

/** PUT /api/skilledworker/cart — adds the worker to the caller's shortlist (count 1 per click). */
export const CartBodySchema = z.object({
  worker_id: z.coerce.number().int().positive().max(2_147_483_647),
  cart_count: z.literal(1).default(1),
})
export type CartBody = z.infer<typeof CartBodySchema>
export const CartResponseSchema = MessageResponseSchema.extend({
  worker_id: z.number().int(),
  cart_count: z.number().int(),
})
export type CartResponse = z.infer<typeof CartResponseSchema>
