import { z } from 'zod'
import { RequestDetailsSchema } from './requests'
import { WorkerProofSchema, WorkerStandingSchema } from './trust'
import { ExperienceYearsSchema, WorkerLanguagesSchema, WorkerProfileFieldsSchema } from './worker-profile'
import {
  CsvFileSchema,
  DateSchema,
  IdParamSchema,
  IdSchema,
  IndianMobileSchema,
  MessageResponseSchema,
  text,
  TimeSchema,
} from './common'
import { ServiceSchema, TownSchema } from './options'
import { TaskStatusSchema } from './statuses'
import { endpoint, STAFF } from './endpoint'
import { OrderUnitSchema } from './material-orders'

/**
 * One row of GET /api/workerservices: a worker and one service they offer, with the worker's
 * standing and how often their work carries its proof (issue 21), for the office to sort and judge by.
 */
export const WorkerServiceRowSchema = z.object({
  ...WorkerStandingSchema.shape,
  ...WorkerProofSchema.shape,
  worker_id: z.number().int(),
  worker_name: z.string(),
  town: TownSchema,
  service_name: ServiceSchema,
  description: z.string(),
  /** Rupees, for display as the seed did; `price_paise` is the exact amount. */
  price: z.number(),
  price_paise: z.number().int(),
  /** The unit the price is per, for a material (decision 069: ₹4,500 per tractor load); null: per job. */
  unit: OrderUnitSchema.nullable(),
  phone_number: z.string(),
  email: z.string().nullable(),
  active: z.boolean(),
})
export type WorkerServiceRow = z.infer<typeof WorkerServiceRowSchema>

export const WorkerServicesResponseSchema = z.object({ workerServices: z.array(WorkerServiceRowSchema) })
export type WorkerServicesResponse = z.infer<typeof WorkerServicesResponseSchema>

/** GET /api/workerservices filters (all optional; the seed's call sends none). */
export const WorkerServicesQuerySchema = z.object({
  town: TownSchema.optional(),
  service: ServiceSchema.optional(),
  /** Part of a name, or digits of a phone number. */
  q: text().trim().max(64).optional(),
})
export type WorkerServicesQuery = z.infer<typeof WorkerServicesQuerySchema>

/** The largest price a worker may ask: ₹10,00,000. */
export const MAX_PRICE_RUPEES = 1_000_000

/** Rupees to integer paise, exactly for amounts with up to two decimals. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100)
}

const PRICE_ERROR = 'Enter a price in rupees, like 450 or 450.50'

/**
 * A price in rupees, with up to two decimals; a form may send the text it holds ('450.50').
 * Stored as integer paise.
 */
export const PriceRupeesSchema = z
  .union(
    [
      z.number({ error: PRICE_ERROR }),
      text()
        .trim()
        .regex(/^\d+(\.\d{1,2})?$/, { error: PRICE_ERROR }),
    ],
    {
      error: PRICE_ERROR,
    },
  )
  .transform((v) => (typeof v === 'string' ? Number(v) : v))
  .pipe(
    z
      .number()
      .refine((v) => Number.isFinite(v) && v > 0, { error: 'The price must be more than 0' })
      .refine((v) => v <= MAX_PRICE_RUPEES, { error: 'The price can be at most ₹10,00,000' })
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: 'Use at most 2 decimals (paise)' }),
  )

/** One service a worker offers, with its own description and price. */
export const WorkerOfferBodySchema = z.strictObject({
  service_name: ServiceSchema,
  description: text({ multiline: true }).trim().max(500, { error: 'Use at most 500 characters' }).default(''),
  price: PriceRupeesSchema,
  /**
   * What the price is per, for a service ordered by quantity (decision 069): one of the service's
   * `order_units` (the server checks it, 400 `services.N.unit`). Left out or null: the price of a job.
   */
  unit: OrderUnitSchema.nullish().transform((v) => v ?? null),
})
export type WorkerOfferBody = z.input<typeof WorkerOfferBodySchema>

/**
 * POST /api/workerservices and PUT /api/workerservices/{worker_id}: the whole worker with every
 * service they offer (the list replaces the previous one). `active` re-activates (or deactivates)
 * a worker; left out, an edit keeps it as it is and a new worker is active.
 */
export const WorkerBodySchema = z.strictObject({
  worker_name: text({ error: 'Enter the name' })
    .trim()
    .min(2, { error: 'Enter the name' })
    .max(100, { error: 'Use at most 100 characters' }),
  town: TownSchema,
  phone_number: IndianMobileSchema,
  email: z
    .union([z.literal(''), z.email({ error: 'Enter a valid email address' }).max(254)], {
      error: 'Enter a valid email address',
    })
    .nullish()
    .transform((v) => (v ? v : null)),
  active: z.boolean().optional(),
  /** The profile (issue 21); left out, an edit keeps what the worker has. */
  languages: WorkerLanguagesSchema.optional(),
  experience_years: ExperienceYearsSchema.optional(),
  services: z
    .array(WorkerOfferBodySchema)
    .min(1, { error: 'Add at least one service' })
    .max(11)
    .superRefine((list, ctx) => {
      const seen = new Set<string>()
      list.forEach((offer, i) => {
        if (seen.has(offer.service_name)) {
          ctx.addIssue({ code: 'custom', path: [i, 'service_name'], message: 'This service is already listed' })
        }
        seen.add(offer.service_name)
      })
    }),
})
/** What a form holds and a client sends. */
export type WorkerBodyInput = z.input<typeof WorkerBodySchema>
/** What the server works with: price in rupees as a number, email null when empty. */
export type WorkerBody = z.output<typeof WorkerBodySchema>

/** One worker with every service they offer. */
export const WorkerDetailSchema = z.object({
  ...WorkerProfileFieldsSchema.shape,
  worker_id: z.number().int(),
  worker_name: z.string(),
  town: TownSchema,
  phone_number: z.string(),
  email: z.string().nullable(),
  active: z.boolean(),
  /** Whether a login is linked to this worker (they can use My jobs). */
  has_login: z.boolean(),
  services: z.array(
    z.object({
      service_name: ServiceSchema,
      description: z.string(),
      price: z.number(),
      price_paise: z.number().int(),
      /** The unit the price is per (decision 069); null: per job. */
      unit: OrderUnitSchema.nullable(),
    }),
  ),
})
export type WorkerDetail = z.infer<typeof WorkerDetailSchema>

export const WorkerResponseSchema = z.object({ worker: WorkerDetailSchema })
export type WorkerResponse = z.infer<typeof WorkerResponseSchema>
export const SaveWorkerResponseSchema = MessageResponseSchema.extend({ worker: WorkerDetailSchema })
export type SaveWorkerResponse = z.infer<typeof SaveWorkerResponseSchema>

/** Working hours of one weekday (0 = Sunday … 6 = Saturday). */
export const WorkingHoursSchema = z
  .strictObject({
    weekday: z.number().int().min(0).max(6),
    start_time: TimeSchema,
    end_time: TimeSchema,
  })
  .refine((h) => h.start_time < h.end_time, { error: 'The day must end after it starts', path: ['end_time'] })
export type WorkingHours = z.output<typeof WorkingHoursSchema>

/**
 * PUT /api/workers/{id}/availability: the week (at least one day; a day left out is not worked)
 * and the dates off. Both lists replace the stored ones.
 */
export const AvailabilityBodySchema = z.strictObject({
  hours: z
    .array(WorkingHoursSchema)
    .min(1, { error: 'Choose at least one working day; to stop all work, deactivate the worker' })
    .max(7)
    .superRefine((list, ctx) => {
      const seen = new Set<number>()
      list.forEach((h, i) => {
        if (seen.has(h.weekday))
          ctx.addIssue({ code: 'custom', path: [i, 'weekday'], message: 'This day is listed twice' })
        seen.add(h.weekday)
      })
    }),
  days_off: z
    .array(DateSchema)
    .max(366)
    .transform((days) => [...new Set(days)].sort()),
})
export type AvailabilityBodyInput = z.input<typeof AvailabilityBodySchema>
export type AvailabilityBody = z.output<typeof AvailabilityBodySchema>

/** An open assignment that the worker's availability no longer covers. */
export const AvailabilityConflictSchema = z.object({
  assignment_id: z.number().int(),
  task_id: z.number().int(),
  /** How a person names the job: its request's reference (TW-000123), or #45 for a task made without one. */
  reference: z.string(),
  assignment_date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
})
export type AvailabilityConflict = z.infer<typeof AvailabilityConflictSchema>

/** GET /api/workers/{id}/availability. */
export const AvailabilitySchema = z.object({
  worker_id: z.number().int(),
  worker_name: z.string(),
  /** No hours stored: the worker has not restricted their week and is bookable any time. */
  always_available: z.boolean(),
  hours: z.array(z.object({ weekday: z.number().int(), start_time: z.string(), end_time: z.string() })),
  /** Dates off, oldest first. */
  days_off: z.array(z.string()),
})
export type Availability = z.infer<typeof AvailabilitySchema>
export const AvailabilityResponseSchema = z.object({ availability: AvailabilitySchema })
export type AvailabilityResponse = z.infer<typeof AvailabilityResponseSchema>
export const SaveAvailabilityResponseSchema = MessageResponseSchema.extend({
  availability: AvailabilitySchema,
  /** Open assignments from today on that now fall outside the worker's time: the office should move them. */
  conflicts: z.array(AvailabilityConflictSchema),
})
export type SaveAvailabilityResponse = z.infer<typeof SaveAvailabilityResponseSchema>

/** Monday to Saturday, 08:00–18:00: the week a new worker starts with. */
export const DEFAULT_WORKING_HOURS: readonly WorkingHours[] = [1, 2, 3, 4, 5, 6].map((weekday) => ({
  weekday,
  start_time: '08:00:00',
  end_time: '18:00:00',
}))

/** One job on a worker's My jobs screen. */
export const MyJobSchema = z.object({
  assignment_id: z.number().int(),
  task_id: z.number().int(),
  task_name: z.string(),
  service_name: ServiceSchema.nullable(),
  /** What to do, and often where: the task's description. */
  service_desc: z.string(),
  customer_name: z.string().nullable(),
  customer_phone: z.string().nullable(),
  town: TownSchema.nullable(),
  assignment_date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  status: TaskStatusSchema,
})
export type MyJob = z.infer<typeof MyJobSchema>

/**
 * A job on the worker's My jobs: the job, where to go, and what they earn. `service_name` is the
 * key of our own catalogue's service (the web shows it in the worker's language); the task name is
 * what the office typed.
 */
export const MyJobWithEarningSchema = MyJobSchema.extend({
  /** Where to go: the request's address (and landmark) when it has one, else the town. */
  place: z.string().nullable(),
  /** What the customer told of the work: address, landmark, problem, time window, pin, photo. */
  request: RequestDetailsSchema.extend({ request_id: z.number().int() }).nullable(),
  /** What the worker gets for it, as Payouts counts it (the total less the platform's commission); null without a price. */
  earning_paise: z.number().int().nullable(),
  /**
   * The start code (issue 21): `needed` while the job waits to start with the customer's code,
   * `used_up` when wrong codes used up its tries (the office can start it), null once started.
   */
  start_code: z.object({ state: z.enum(['needed', 'used_up']), tries_left: z.number().int() }).nullable(),
  /**
   * What the customer owes now, when the worker may record it received in cash (issue 23, POST
   * /api/my/jobs/{task_id}/cash): the job completed or waiting for payment and nothing paid yet; null otherwise.
   */
  cash_owed_paise: z.number().int().nullable(),
})
export type MyJobWithEarning = z.infer<typeof MyJobWithEarningSchema>

/** GET /api/my/jobs: the caller's open jobs from earlier days, then today's and upcoming ones. */
export const MyJobsResponseSchema = z.object({
  /** The worker profile linked to this login; null when none is linked yet. */
  worker: WorkerStandingSchema.extend({
    worker_id: z.number().int(),
    name: z.string(),
    ...WorkerProfileFieldsSchema.pick({ photo_url: true, languages: true }).shape,
  }).nullable(),
  /** Today in Asia/Kolkata, so the phone groups jobs by the business day. */
  today: z.string(),
  jobs: z.array(MyJobWithEarningSchema),
})
export type MyJobsResponse = z.infer<typeof MyJobsResponseSchema>

/** DELETE /api/workerservices/{worker_id} */
export const DeleteWorkerResponseSchema = MessageResponseSchema.extend({
  worker_id: z.number().int(),
  outcome: z.enum(['deleted', 'deactivated']),
})
export type DeleteWorkerResponse = z.infer<typeof DeleteWorkerResponseSchema>

/** One trade a worker on /swl offers, and its price. */
export const SkilledWorkerServiceSchema = z.object({
  service_name: ServiceSchema,
  price_paise: z.number().int(),
  /** The unit the price is per (decision 069); null: per job. */
  unit: OrderUnitSchema.nullable(),
})
export type SkilledWorkerService = z.infer<typeof SkilledWorkerServiceSchema>

/**
 * GET /api/skilledworker: the seed's worker_id, name and cart_count, and (added for the worker cards
 * customers book from) the worker's town and the trades they offer with prices, in the catalogue's
 * order of services. No phone or email: the list is public.
 */
export const SkilledWorkerSchema = WorkerStandingSchema.extend({
  worker_id: z.number().int(),
  name: z.string(),
  cart_count: z.number().int(),
  town: TownSchema,
  services: z.array(SkilledWorkerServiceSchema),
})
export type SkilledWorker = z.infer<typeof SkilledWorkerSchema>
export const SkilledWorkersResponseSchema = z.object({ skilledworkers: z.array(SkilledWorkerSchema) })
export type SkilledWorkersResponse = z.infer<typeof SkilledWorkersResponseSchema>

/** PUT /api/skilledworker/cart — adds the worker to the caller's shortlist (count 1 per click). */
export const CartBodySchema = z.strictObject({
  worker_id: IdSchema,
  cart_count: z.literal(1).default(1),
})
export type CartBody = z.infer<typeof CartBodySchema>
export const CartResponseSchema = MessageResponseSchema.extend({
  worker_id: z.number().int(),
  /** How many carts hold this worker now. */
  cart_count: z.number().int(),
  /** False when the worker was already in the caller's cart: it counts once. */
  added: z.boolean(),
})
export type CartResponse = z.infer<typeof CartResponseSchema>

/** GET /api/workers/suggestions — who could take this slot, best match first. */
export const WorkerSuggestionsQuerySchema = z
  .object({
    service: ServiceSchema,
    town: TownSchema,
    date: DateSchema,
    startTime: TimeSchema,
    endTime: TimeSchema,
    /** When re-booking an existing assignment, its own slot does not count as a clash. */
    excludeAssignmentId: IdSchema.optional(),
    /**
     * `match` (the default): fewest bookings that week first; `rating`: the best rated first;
     * `price` (a materials order, decision 069): what the order costs with each supplier, the
     * cheapest first, then those who price it in another unit or per job.
     */
    sort: z.enum(['match', 'rating', 'price']).optional(),
    /** A materials order's quantity and unit (decision 069): each supplier's `order_total_paise` is what it costs with them. */
    quantity: z.coerce
      .number({ error: 'Enter a quantity' })
      .positive({ error: 'Enter a quantity above zero' })
      .max(100_000)
      .optional(),
    unit: OrderUnitSchema.optional(),
  })
  .refine((q) => q.startTime < q.endTime, { error: 'End time must be after the start time', path: ['endTime'] })
  .refine((q) => (q.quantity === undefined) === (q.unit === undefined), {
    error: 'Give the quantity and its unit together',
    path: ['unit'],
  })
export type WorkerSuggestionsQuery = z.infer<typeof WorkerSuggestionsQuerySchema>

export const WorkerSuggestionSchema = WorkerStandingSchema.extend({
  worker_id: z.number().int(),
  name: z.string(),
  town: TownSchema,
  service_name: ServiceSchema,
  price: z.number(),
  price_paise: z.number().int(),
  phone_number: z.string(),
  /** Assignments already held in that week (Monday to Sunday). */
  week_assignments: z.number().int(),
  /** The unit `price_paise` is per (decision 069); null: per job. */
  unit: OrderUnitSchema.nullable(),
  /** With the query's quantity and unit: what the order costs with this supplier, when they price that unit; else null. */
  order_total_paise: z.number().int().nullable(),
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
    summary: 'Workers and the services they offer, optionally filtered (seed call 9)',
    query: WorkerServicesQuerySchema,
    response: WorkerServicesResponseSchema,
  }),
  exportWorkerServices: endpoint({
    method: 'GET',
    path: '/api/workerservices/export.csv',
    access: STAFF,
    tag: 'workers',
    summary: 'Workers and their services as CSV, filtered as the list (decision 045)',
    query: WorkerServicesQuerySchema,
    response: CsvFileSchema,
  }),
  createWorker: endpoint({
    method: 'POST',
    path: '/api/workerservices',
    access: STAFF,
    tag: 'workers',
    summary: 'Add a worker with the services they offer; they start with Mon–Sat 08:00–18:00',
    body: WorkerBodySchema,
    response: SaveWorkerResponseSchema,
    status: 201,
  }),
  worker: endpoint({
    method: 'GET',
    path: '/api/workerservices/:worker_id',
    access: STAFF,
    tag: 'workers',
    summary: 'One worker with every service they offer',
    params: z.object({ worker_id: IdParamSchema }),
    response: WorkerResponseSchema,
  }),
  updateWorker: endpoint({
    method: 'PUT',
    path: '/api/workerservices/:worker_id',
    access: STAFF,
    tag: 'workers',
    summary: 'Edit a worker and replace the services they offer; can re-activate them',
    params: z.object({ worker_id: IdParamSchema }),
    body: WorkerBodySchema,
    response: SaveWorkerResponseSchema,
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
  workerAvailability: endpoint({
    method: 'GET',
    path: '/api/workers/:id/availability',
    access: ['worker', ...STAFF],
    tag: 'workers',
    summary: "A worker's weekly hours and days off (staff, or that worker)",
    params: z.object({ id: IdParamSchema }),
    response: AvailabilityResponseSchema,
  }),
  setWorkerAvailability: endpoint({
    method: 'PUT',
    path: '/api/workers/:id/availability',
    access: ['worker', ...STAFF],
    tag: 'workers',
    summary: "Replace a worker's weekly hours and days off (staff, or that worker)",
    params: z.object({ id: IdParamSchema }),
    body: AvailabilityBodySchema,
    response: SaveAvailabilityResponseSchema,
  }),
  myJobs: endpoint({
    method: 'GET',
    path: '/api/my/jobs',
    access: ['worker'],
    tag: 'workers',
    summary: "The logged-in worker's open, today's and upcoming jobs",
    response: MyJobsResponseSchema,
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
