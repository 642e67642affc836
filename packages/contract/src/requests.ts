import { z } from 'zod'
import { gstinProblem } from './gstin'
import { InvoiceSummarySchema } from './invoices'
import { QuoteSchema, QuoteSummarySchema } from './quotes'
import { MaterialOrderBodySchema, MaterialOrderSchema } from './material-orders'
import { MyRatingSchema, WorkerStandingSchema } from './trust'
import { WorkerProfileFieldsSchema } from './worker-profile'
import {
  CsvFileSchema,
  DateSchema,
  IdParamSchema,
  IndianMobileSchema,
  MAX_ID,
  MessageResponseSchema,
  base64Length,
  photoUploadSchema,
  text,
} from './common'
import { LanguageSchema, ServiceSchema, TownSchema } from './options'
import { TaskStatusSchema } from './statuses'
import { endpoint, STAFF } from './endpoint'
import { WorkflowRecordSchema } from './workflow'
import { MoneyStateSchema, TaskLineItemSchema } from './payments'
import { REQUEST_STATES } from './constants'
import { PHOTO_MAX_BYTES, PHOTO_TYPES, TIME_WINDOWS, TRACK_STAGES } from './request-details'
export { REQUEST_STATES, IDEMPOTENCY_KEY_HEADER } from './constants'
export * from './request-details'

export const TimeWindowSchema = z.enum(TIME_WINDOWS)
/** A problem chip's key; which chips a service has is checked by the server (PROBLEM_CHIPS). */
export const ProblemChipSchema = text().regex(/^[a-z_]{1,40}$/, { error: 'Choose the problems from the list' })

/** A map pin, in India. */
export const LocationSchema = z.strictObject({
  lat: z.number().min(6, { error: 'Put the pin in India' }).max(37.5, { error: 'Put the pin in India' }),
  lng: z.number().min(68, { error: 'Put the pin in India' }).max(97.5, { error: 'Put the pin in India' }),
})
export type Location = z.infer<typeof LocationSchema>

export const RequestDetailsSchema = z.object({
  address: z.string().nullable(),
  landmark: z.string().nullable(),
  description: z.string().nullable(),
  problems: z.array(ProblemChipSchema),
  time_window: TimeWindowSchema.nullable(),
  location: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  /** Whether a photo came with it (GET /api/requests/{id}/photo). */
  has_photo: z.boolean(),
  /** How much of a material was ordered (decision 069), delivered to the address on the request's date; null for a job. */
  order: MaterialOrderSchema.nullable(),
})
export type RequestDetails = z.infer<typeof RequestDetailsSchema>

export const RequestStateSchema = z.enum(REQUEST_STATES)
export type RequestState = z.infer<typeof RequestStateSchema>

/** The request's photo, sent inside the request: at most PHOTO_MAX_BYTES. */
export const PhotoUploadSchema = photoUploadSchema(PHOTO_MAX_BYTES)
export type PhotoUpload = z.infer<typeof PhotoUploadSchema>

/** The body of POST /api/servicerequest may be this large: the photo and the rest. */
export const SERVICE_REQUEST_BODY_LIMIT = base64Length(PHOTO_MAX_BYTES) + 32 * 1024

/**
 * POST /api/servicerequest — the seed's field names (and its body alone still does), then what a
 * real booking needs (issue 18): where, what is wrong, when in the day, a pin, a photo, the
 * worker asked for, and the language the person used (messages about the request go in it).
 * The server also checks the date is not in the past and the chips are the service's own.
 */
export const ServiceRequestBodySchema = z.strictObject({
  name: text({ error: 'Enter your name' }).trim().min(1, { error: 'Enter your name' }).max(100, {
    error: 'Use at most 100 characters',
  }),
  phone: IndianMobileSchema,
  email: z
    .union([z.literal(''), z.email({ error: 'Enter a valid email address' }).max(254)], {
      error: 'Enter a valid email address',
    })
    .optional()
    .nullable(),
  service: ServiceSchema,
  service_date: DateSchema,
  town: TownSchema,
  address: text().trim().max(200, { error: 'Use at most 200 characters' }).optional(),
  landmark: text().trim().max(120, { error: 'Use at most 120 characters' }).optional(),
  description: text({ multiline: true }).trim().max(1000, { error: 'Use at most 1000 characters' }).optional(),
  problems: z.array(ProblemChipSchema).max(6).optional(),
  time_window: TimeWindowSchema.optional(),
  location: LocationSchema.optional(),
  preferred_worker_id: z.number().int().min(1).max(MAX_ID).optional(),
  photo: PhotoUploadSchema.optional(),
  language: LanguageSchema.optional(),
  /**
   * A materials order (decision 069): how much, in one of the service's `order_units`. The server
   * refuses it (400 `order.unit`) for a service not ordered by quantity or in another unit.
   */
  order: MaterialOrderBodySchema.optional(),
})
export type ServiceRequestBody = z.infer<typeof ServiceRequestBodySchema>

export { requestReference } from './constants'

export const IdempotencyKeySchema = text()
  .min(8)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/)

export const ServiceRequestResponseSchema = MessageResponseSchema.extend({
  id: z.number().int(),
  reference: z.string(),
})
export type ServiceRequestResponse = z.infer<typeof ServiceRequestResponseSchema>

/**
 * What every view of a service request shows of it: its reference, how to reach the customer, the
 * service, town and day asked for, and where it stands. The inbox's rows and the job page's request
 * each add the customer's name and login, under the names each has shipped with (`name` and
 * `customer` in the inbox, `customer_name` and `customer_user` on the job page).
 */

/** The request's photo as its viewers get it: its type and its bytes in base64. */
export const RequestPhotoSchema = z.object({ type: z.enum(PHOTO_TYPES), data: z.string() })
export type RequestPhoto = z.infer<typeof RequestPhotoSchema>

export const ServiceRequestCoreSchema = RequestDetailsSchema.extend({
  id: z.number().int(),
  reference: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  service: ServiceSchema,
  town: TownSchema,
  service_date: z.string(),
  state: RequestStateSchema,
  created_at: z.string(),
  /** The worker the customer asked for ("Book this worker"), if any. */
  preferred_worker: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The language the person used; messages about the request go in it. */
  language: LanguageSchema.nullable(),
})

/** One service request as operators see it (GET /api/requests/{id}, and rows of the inbox). */
export const ServiceRequestDetailSchema = ServiceRequestCoreSchema.extend({
  name: z.string(),
  reject_reason: z.string().nullable(),
  /** The customer's login, when the request was made logged in. */
  customer: z.object({ id: z.number().int(), user: z.string() }).nullable(),
  /** The task made from it, once scheduled. */
  task_id: z.number().int().nullable(),
  /** A likely duplicate: the earliest earlier request still open with the same phone, service and day. */
  duplicate_of: z.object({ id: z.number().int(), reference: z.string() }).nullable(),
})
export type ServiceRequestDetail = z.infer<typeof ServiceRequestDetailSchema>

export const REQUEST_SORTS = ['newest', 'oldest', 'service_date'] as const

/** GET /api/requests — operators' inbox: filters, paging and sorting (newest first by default). */
export const RequestsQuerySchema = z
  .object({
    state: RequestStateSchema.optional(),
    town: TownSchema.optional(),
    service: ServiceSchema.optional(),
    /** Service date range, inclusive. */
    from: DateSchema.optional(),
    to: DateSchema.optional(),
    /** Received between these days (Asia/Kolkata), inclusive: the dashboard's "new requests" (decision 042). */
    createdFrom: DateSchema.optional(),
    createdTo: DateSchema.optional(),
    sort: z.enum(REQUEST_SORTS).default('newest'),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'The range ends before it starts', path: ['to'] })
  .refine((q) => !q.createdFrom || !q.createdTo || q.createdFrom <= q.createdTo, {
    error: 'The range ends before it starts',
    path: ['createdTo'],
  })
export type RequestsQuery = z.infer<typeof RequestsQuerySchema>

/** A row of the office's inbox: the request, and its latest quote (null when it has none). */
export const InboxRequestSchema = ServiceRequestDetailSchema.extend({ latest_quote: QuoteSummarySchema.nullable() })
export type InboxRequest = z.infer<typeof InboxRequestSchema>

export const RequestsResponseSchema = z.object({
  requests: z.array(InboxRequestSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
})
export type RequestsResponse = z.infer<typeof RequestsResponseSchema>

/** PUT /api/requests/{id}/reject */
export const RejectRequestBodySchema = z.strictObject({
  reason: text({ multiline: true }).trim().min(3, { error: 'Say why, in a few words' }).max(500),
})
export type RejectRequestBody = z.infer<typeof RejectRequestBodySchema>

export const RejectRequestResponseSchema = MessageResponseSchema.extend({ request: ServiceRequestDetailSchema })
export type RejectRequestResponse = z.infer<typeof RejectRequestResponseSchema>

/**
 * Who made a change in the customer's timeline: they did, their worker did, or the TownWorks team
 * (an operator or admin, never named by login); null: the platform itself (a payment's confirmation).
 */
export const TIMELINE_ACTORS = ['you', 'worker', 'team'] as const
export const TimelineActorSchema = z.enum(TIMELINE_ACTORS)
export type TimelineActor = z.infer<typeof TimelineActorSchema>

/** One record of a customer's timeline: no login name (`by` is always null), only who in their terms. */
export const MyRequestRecordSchema = WorkflowRecordSchema.extend({ by_who: TimelineActorSchema.nullable() })
export type MyRequestRecord = z.infer<typeof MyRequestRecordSchema>

/** The task behind a customer's request, once scheduled. */
export const MyRequestTaskSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: TaskStatusSchema,
  /** The statuses this customer may move it to now. */
  next_statuses: z.array(TaskStatusSchema),
  /** Who is coming: the assigned worker's card (issue 21: photo, name, rating, jobs done, languages). */
  worker: WorkerStandingSchema.extend({
    ...WorkerProfileFieldsSchema.shape,
    worker_id: z.number().int(),
    name: z.string(),
    phone: z.string().nullable(),
  }).nullable(),
  /** The code to read out to the worker at the door; only while the work has not started. */
  start_code: z.string().nullable(),
  /** The customer's rating of this task's worker, once given. */
  rating: MyRatingSchema.nullable(),
  /** Whether the customer may rate (or change their rating) now. */
  can_rate: z.boolean(),
  /** How many photos of the finished work the worker added (GET /api/tasks/{id}/photos lists them). */
  photo_count: z.number().int(),
  date: z.string().nullable(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  workflows: z.array(MyRequestRecordSchema),
  /** The price set when scheduled (null until one is set), the line items added, and what is owed in all. */
  price_paise: z.number().int().nullable(),
  line_items: z.array(TaskLineItemSchema),
  total_paise: z.number().int().nullable(),
  /** The receipts, tax invoices and credit notes of this task's payments, oldest first (decision 060): each downloads as a PDF. */
  invoices: z.array(
    InvoiceSummarySchema.pick({ id: true, kind: true, number: true, total_paise: true, issued_at: true }),
  ),
  /** What the customer's payment brought in, and where the money stands (the same state the office sees). */
  paid_paise: z.number().int(),
  money_state: MoneyStateSchema,
})
export type MyRequestTask = z.infer<typeof MyRequestTaskSchema>

/** One of the customer's own requests, with what they asked for (address, problem, time window, photo). */
/**
 * Who a request's receipts and tax invoices are made out to (issue 22): a business name instead of the
 * request's name, and the customer's GSTIN, so a business customer can claim the tax. Null: the
 * request's name, no GSTIN. It applies to documents issued after it is saved (decision 060: a document
 * never changes once issued).
 */
export const RequestBillingSchema = z.object({ name: z.string().nullable(), gstin: z.string().nullable() })
export type RequestBilling = z.infer<typeof RequestBillingSchema>

/** PUT /api/requests/{id}/billing: both fields together; null (or '') clears one. */
export const RequestBillingBodySchema = z.strictObject({
  name: text()
    .trim()
    .max(100, { error: 'Keep the name to 100 characters' })
    .transform((v) => (v === '' ? null : v))
    .refine((v) => v === null || v.length >= 2, { error: 'Type the name the invoice should carry' })
    .nullable(),
  gstin: text()
    .trim()
    .transform((v) => (v === '' ? null : v.replace(/\s+/g, '').toUpperCase()))
    .superRefine((v, ctx) => {
      const problem = v === null ? null : gstinProblem(v)
      if (problem) ctx.addIssue({ code: 'custom', message: problem })
    })
    .nullable(),
})
export type RequestBillingBody = z.infer<typeof RequestBillingBodySchema>
export const RequestBillingResponseSchema = MessageResponseSchema.extend({ billing: RequestBillingSchema })
export type RequestBillingResponse = z.infer<typeof RequestBillingResponseSchema>

export const MyRequestSchema = RequestDetailsSchema.extend({
  id: z.number().int(),
  reference: z.string(),
  service: ServiceSchema,
  town: TownSchema,
  service_date: z.string(),
  state: RequestStateSchema,
  reject_reason: z.string().nullable(),
  created_at: z.string(),
  task: MyRequestTaskSchema.nullable(),
  /** Who its receipts and invoices are made out to (the customer may change it: PUT /api/requests/{id}/billing). */
  billing: RequestBillingSchema,
  /**
   * The quote to show (issue 22, decision 061): the latest version not superseded, with its lines,
   * whether waiting, accepted or declined; null when the office has sent none.
   */
  quote: QuoteSchema.nullable(),
})
export type MyRequest = z.infer<typeof MyRequestSchema>

/** POST /api/track: a visitor follows a request by its reference and the mobile number it was made with. */
export const TrackRequestBodySchema = z.strictObject({
  reference: text()
    .trim()
    .max(20)
    .regex(/^(TW-?)?\d{1,10}$/i, { error: 'Type the reference as TW-000123' }),
  phone: IndianMobileSchema,
})
export type TrackRequestBody = z.infer<typeof TrackRequestBodySchema>

/** Only where it stands and what comes next: no names, no address, no price. */
export const TrackRequestResponseSchema = z.object({
  reference: z.string(),
  stage: z.enum(TRACK_STAGES),
  service_date: z.string(),
})
export type TrackRequestResponse = z.infer<typeof TrackRequestResponseSchema>

export const MyRequestsResponseSchema = z.object({
  requests: z.array(MyRequestSchema),
  /** Whether payments get GST tax invoices (the business is registered): then a GSTIN is worth giving. */
  gst_invoices: z.boolean(),
})
export type MyRequestsResponse = z.infer<typeof MyRequestsResponseSchema>

const idParams = z.object({ id: IdParamSchema })

/** The requests endpoints. */
export const requestsEndpoints = {
  // Seed call 1
  createServiceRequest: endpoint({
    method: 'POST',
    path: '/api/servicerequest',
    access: 'public',
    tag: 'requests',
    idempotencyKey: 'optional',
    status: 201,
    summary: 'Ask for a service (seed call 1); send an Idempotency-Key header to make retries safe',
    body: ServiceRequestBodySchema,
    bodyLimit: SERVICE_REQUEST_BODY_LIMIT,
    response: ServiceRequestResponseSchema,
  }),
  requestPhoto: endpoint({
    method: 'GET',
    path: '/api/requests/:id/photo',
    access: ['operator', 'admin', 'worker', 'customer'],
    tag: 'requests',
    summary:
      "A request's photo: for the office, the customer who asked, and the worker assigned to its task (404 for anyone else)",
    params: idParams,
    response: RequestPhotoSchema,
  }),
  trackRequest: endpoint({
    method: 'POST',
    path: '/api/track',
    access: 'public',
    tag: 'requests',
    summary:
      'Where a request stands, by its reference and mobile number (rate-limited; the same 404 for a wrong reference or number)',
    body: TrackRequestBodySchema,
    response: TrackRequestResponseSchema,
  }),
  listRequests: endpoint({
    method: 'GET',
    path: '/api/requests',
    access: STAFF,
    tag: 'requests',
    summary: "Operators' inbox of service requests: filtered, sorted, paged",
    query: RequestsQuerySchema,
    response: RequestsResponseSchema,
  }),
  exportRequests: endpoint({
    method: 'GET',
    path: '/api/requests/export.csv',
    access: STAFF,
    tag: 'requests',
    summary: "The inbox's requests as CSV: every request its filters keep (decision 045)",
    query: RequestsQuerySchema,
    response: CsvFileSchema,
  }),
  getRequest: endpoint({
    method: 'GET',
    path: '/api/requests/:id',
    access: STAFF,
    tag: 'requests',
    summary: 'One service request',
    params: idParams,
    response: ServiceRequestDetailSchema,
  }),
  rejectRequest: endpoint({
    method: 'PUT',
    path: '/api/requests/:id/reject',
    access: STAFF,
    tag: 'requests',
    summary: 'Reject an open service request, with a reason',
    params: idParams,
    body: RejectRequestBodySchema,
    response: RejectRequestResponseSchema,
  }),
  setRequestBilling: endpoint({
    method: 'PUT',
    path: '/api/requests/:id/billing',
    access: ['customer', 'operator', 'admin'],
    tag: 'requests',
    summary:
      "Who a request's receipts and invoices are made out to: a business name and the customer's GSTIN (the request's customer, or staff; documents issued from then on)",
    params: idParams,
    body: RequestBillingBodySchema,
    response: RequestBillingResponseSchema,
  }),
  myRequests: endpoint({
    method: 'GET',
    path: '/api/my/requests',
    access: ['customer'],
    tag: 'requests',
    summary: "The customer's own requests, with their task, worker and workflow records",
    response: MyRequestsResponseSchema,
  }),
} as const
