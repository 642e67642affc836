import { z } from 'zod'
import { DateSchema, IndianMobileSchema, MessageResponseSchema } from './common'
import { ServiceSchema, TownSchema } from './options'
import { endpoint } from './endpoint'

export const REQUEST_STATES = ['open', 'scheduled', 'rejected'] as const
export const RequestStateSchema = z.enum(REQUEST_STATES)
export type RequestState = z.infer<typeof RequestStateSchema>

/** POST /api/servicerequest — the seed's field names; the server also checks the date is not in the past. */
export const ServiceRequestBodySchema = z.strictObject({
  name: z.string().trim().min(1, { error: 'Enter your name' }).max(100),
  phone: IndianMobileSchema,
  email: z
    .union([z.literal(''), z.email({ error: 'Enter a valid email address' }).max(254)])
    .optional()
    .nullable(),
  service: ServiceSchema,
  service_date: DateSchema,
  town: TownSchema,
})
export type ServiceRequestBody = z.infer<typeof ServiceRequestBodySchema>

export { requestReference } from './constants'

export const ServiceRequestResponseSchema = MessageResponseSchema.extend({
  id: z.number().int(),
  reference: z.string(),
})
export type ServiceRequestResponse = z.infer<typeof ServiceRequestResponseSchema>

/** The requests endpoints. */
export const requestsEndpoints = {
  // Seed call 1
  createServiceRequest: endpoint({
    method: 'POST',
    path: '/api/servicerequest',
    access: 'public',
    tag: 'requests',
    status: 201,
    summary: 'Ask for a service (seed call 1)',
    body: ServiceRequestBodySchema,
    response: ServiceRequestResponseSchema,
  }),
} as const
