import { z } from 'zod'
import { DateSchema, IdParamSchema, MessageResponseSchema, TimeSchema } from './common'
import { ServiceSchema, TownSchema } from './options'
import { endpoint, STAFF } from './endpoint'

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

/** GET /api/workers/suggestions — who could take this slot, best match first. */
export const WorkerSuggestionsQuerySchema = z.object({
  service: ServiceSchema,
  town: TownSchema,
  date: DateSchema,
  startTime: TimeSchema,
  endTime: TimeSchema,
  /** When re-booking an existing assignment, its own slot does not count as a clash. */
  excludeAssignmentId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
})
export type WorkerSuggestionsQuery = z.infer<typeof WorkerSuggestionsQuerySchema>

export const WorkerSuggestionSchema = z.object({
  worker_id: z.number().int(),
  name: z.string(),
  town: TownSchema,
  service_name: ServiceSchema,
  price: z.number(),
  price_paise: z.number().int(),
  phone_number: z.string(),
  /** Assignments already held in that week (Monday to Sunday). */
  week_assignments: z.number().int(),
})
export type WorkerSuggestion = z.infer<typeof WorkerSuggestionSchema>
export const WorkerSuggestionsResponseSchema = z.object({ workers: z.array(WorkerSuggestionSchema) })
export type WorkerSuggestionsResponse = z.infer<typeof WorkerSuggestionsResponseSchema>

/** The workers endpoints. */
export const workersEndpoints = {
  // Seed call 9
  workerServices: endpoint({
    method: 'GET',
    path: '/api/workerservices',
    access: STAFF,
    tag: 'workers',
    summary: 'Workers and the services they offer (seed call 9)',
    response: WorkerServicesResponseSchema,
  }),
  // Seed call 10
  deleteWorker: endpoint({
    method: 'DELETE',
    path: '/api/workerservices/:worker_id',
    access: STAFF,
    tag: 'workers',
    summary: 'Delete a worker, or deactivate one with history (seed call 10)',
    params: z.object({ worker_id: IdParamSchema }),
    response: DeleteWorkerResponseSchema,
  }),
  // Seed call 14
  skilledWorkers: endpoint({
    method: 'GET',
    path: '/api/skilledworker',
    access: 'public',
    tag: 'workers',
    summary: 'Skilled workers with their shortlist counts (seed call 14)',
    response: SkilledWorkersResponseSchema,
  }),
  // Seed call 15
  addToCart: endpoint({
    method: 'PUT',
    path: '/api/skilledworker/cart',
    access: 'authenticated',
    tag: 'workers',
    summary: "Add a worker to the caller's shortlist (seed call 15)",
    body: CartBodySchema,
    response: CartResponseSchema,
  }),
  workerSuggestions: endpoint({
    method: 'GET',
    path: '/api/workers/suggestions',
    access: STAFF,
    tag: 'workers',
    summary: 'Workers who offer a service in a town and are free in a slot, best match first',
    query: WorkerSuggestionsQuerySchema,
    response: WorkerSuggestionsResponseSchema,
  }),
} as const
