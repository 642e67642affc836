import {
  nextStatuses,
  normalizeIndianMobile,
  problemChipsOf,
  requestReference,
  type RequestPhoto,
  type MaterialOrder,
  type TaskStatus,
  type TrackRequestBody,
  type TrackRequestResponse,
  type TrackStage,
  type MyRequestsResponse,
  type Quote,
  type RejectRequestBody,
  type RequestBillingBody,
  type RequestBillingResponse,
  type RejectRequestResponse,
  type QuoteSummary,
  type RequestsQuery,
  type RequestsResponse,
  type ServiceRequestBody,
  type ServiceRequestDetail,
  type ServiceRequestResponse,
} from '@townworks/contract'
import type { DbOrTx } from '../../db/client'
import { imageBytes } from '../../shared/image'
import { AppError, invalidInput, notFound } from '../../shared/app-error'
import type { Ctx } from '../../shared/context'
import { mapBatches, type CsvTable } from '../../shared/csv'
import { todayInIndia } from '../../shared/dates'
import * as notificationsService from '../notifications/notifications.service'
import * as invoicesService from '../invoices/invoices.service'
import * as paymentsService from '../payments/payments.service'
import * as referenceService from '../reference/reference.service'
import * as reviewsService from '../reviews/reviews.service'
import * as taskPhotosService from '../task-photos/task-photos.service'
import * as tasksService from '../tasks/tasks.service'
import * as workersService from '../workers/workers.service'
import * as requestsRepository from './requests.repository'

const CREATED_MESSAGE = 'Thank you, your request is received. An operator will call you to confirm a worker and a time.'

/**
 * Store a customer's ask for a service. With an idempotency key, a repeat of the same ask (a double
 * click, a retry after a lost answer) returns the first answer and stores nothing new.
 */
export async function createServiceRequest(
  ctx: Ctx,
  body: ServiceRequestBody,
  idempotencyKey?: string,
): Promise<ServiceRequestResponse> {
  const phone = normalizeIndianMobile(body.phone)
  if (!phone) throw invalidInput('phone', 'Enter a 10-digit Indian mobile number')
  if (body.service_date < todayInIndia()) {
    throw invalidInput('service_date', 'Choose today or a later date')
  }
  const chips = problemChipsOf(body.service)
  const problems = [...new Set(body.problems ?? [])]
  if (problems.some((p) => !chips.includes(p))) {
    throw invalidInput('problems', 'Choose the problems from the ones listed for this service')
  }
  const photo = body.photo ? imageBytes(body.photo.type, body.photo.data, 'photo') : undefined
  const customerId = ctx.user?.role === 'customer' ? ctx.user.id : null
  return ctx.database.db.transaction(async (tx) => {
    // An active town that offers an active service (decision 048): a 400 naming the field otherwise.
    const { townId, serviceId, orderUnits } = await referenceService.placeForNewWork(tx, body)
    // A materials order (decision 069) only in one of the units the service is ordered in.
    if (body.order) {
      const problem = referenceService.orderUnitProblem(body.service, orderUnits, body.order.unit, 'order')
      if (problem) throw invalidInput('order.unit', problem)
    }
    if (
      body.preferred_worker_id !== undefined &&
      !(await requestsRepository.workerExists(tx, body.preferred_worker_id))
    ) {
      throw invalidInput('preferred_worker_id', 'This worker is not on our list')
    }
    const values: requestsRepository.NewRequest = {
      name: body.name,
      phone,
      email: body.email ? body.email : null,
      serviceId,
      townId,
      serviceDate: body.service_date,
      customerId,
      idempotencyKey: idempotencyKey ?? null,
      address: body.address || null,
      landmark: body.landmark || null,
      description: body.description || null,
      problems,
      timeWindow: body.time_window ?? null,
      lat: body.location?.lat ?? null,
      lng: body.location?.lng ?? null,
      preferredWorkerId: body.preferred_worker_id ?? null,
      language: body.language ?? null,
      quantity: body.order?.quantity ?? null,
      unit: body.order?.unit ?? null,
    }
    const id = await requestsRepository.insertRequest(tx, values)
    if (id !== undefined) {
      if (photo) await requestsRepository.insertPhoto(tx, id, photo.type, photo.bytes)
      await notificationsService.notifyRequestReceived(tx, ctx.messaging, {
        id,
        phone,
        serviceId,
        customerUserId: customerId,
        language: values.language,
      })
      return { message: CREATED_MESSAGE, id, reference: requestReference(id) }
    }
    // The key was used before: answer as the first time, if it is the same ask.
    const first = idempotencyKey ? await requestsRepository.findByIdempotencyKey(tx, idempotencyKey) : undefined
    if (!first) throw new AppError('CONFLICT', 'This request is being stored. Please try again.')
    const same =
      first.name === values.name &&
      first.phone === values.phone &&
      first.email === values.email &&
      first.serviceId === values.serviceId &&
      first.townId === values.townId &&
      first.serviceDate === values.serviceDate &&
      first.customerId === values.customerId &&
      first.address === values.address &&
      first.description === values.description &&
      first.timeWindow === values.timeWindow &&
      first.quantity === values.quantity &&
      first.unit === values.unit
    if (!same) {
      throw new AppError('CONFLICT', 'This Idempotency-Key was already used for a different request')
    }
    return { message: CREATED_MESSAGE, id: first.id, reference: requestReference(first.id) }
  })
}

/** One request as operators see it (GET /api/requests/{id}). */
export async function getRequest(ctx: Ctx, id: number): Promise<ServiceRequestDetail> {
  const request = await requestsRepository.getRequestDetail(ctx.database.db, id)
  if (!request) throw notFound('Request')
  return request
}

/**
 * Mark an open request scheduled, inside the caller's transaction (POST /api/schedule): lock the
 * row, 404 when missing, 409 CONFLICT when it is no longer open. Answers its service and town, and
 * its materials order (decision 069; null for a job).
 */
export async function markRequestScheduled(
  tx: DbOrTx,
  requestId: number,
): Promise<{ serviceId: number; townId: number; order: MaterialOrder | null }> {
  const request = await requestsRepository.lockRequest(tx, requestId)
  if (!request) throw notFound('Request')
  if (request.state !== 'open') {
    throw new AppError('CONFLICT', `This request is already ${request.state}`, {
      details: { state: request.state },
    })
  }
  await requestsRepository.setState(tx, requestId, 'scheduled')
  return { serviceId: request.serviceId, townId: request.townId, order: request.order }
}

/**
 * Lock a request row for the rest of the caller's transaction (a quote is made or decided on it):
 * its state, service, town and the customer's account; undefined when missing.
 */
export async function lockRequest(tx: DbOrTx, requestId: number) {
  return requestsRepository.lockRequest(tx, requestId)
}

/**
 * The customer declined the request's quote (decision 061): the request is closed as rejected, the
 * reason saying it was the customer's decline, with their words if they gave any. In the caller's
 * transaction, the request locked and open.
 */
export async function closeDeclinedRequest(tx: DbOrTx, requestId: number, reason: string | null): Promise<void> {
  const words = reason ? `Customer declined the quote: ${reason}` : 'Customer declined the quote'
  await requestsRepository.setState(tx, requestId, 'rejected', words)
}

/** Each request's latest quote (decision 061): the quotes module builds on requests, so the routes hand it in. */
export type LatestQuotesOf = (requestIds: readonly number[]) => Promise<Map<number, QuoteSummary>>

/** Operators' inbox: filtered, sorted, one page; each row with its latest quote (issue 22). */
export async function listRequests(
  ctx: Ctx,
  query: RequestsQuery,
  latestQuotesOf: LatestQuotesOf,
): Promise<RequestsResponse> {
  const { requests, total } = await requestsRepository.searchRequests(ctx.database.db, query)
  const quotes = await latestQuotesOf(requests.map((r) => r.id))
  return {
    requests: requests.map((r) => ({ ...r, latest_quote: quotes.get(r.id) ?? null })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  }
}

/** GET /api/requests/export.csv: the inbox's filters, every row, as the CSV's header and rows (decision 045). */
export function exportRequests(ctx: Ctx, query: RequestsQuery): CsvTable {
  return {
    header: REQUEST_CSV_HEADER,
    batches: mapBatches(requestsRepository.exportRequestBatches(ctx.database.db, query), (r) => [
      requestReference(r.id),
      r.createdAt.toISOString(),
      r.name,
      r.phone,
      r.email,
      r.service,
      r.town,
      r.serviceDate,
      r.state,
      r.rejectReason,
      r.customer,
      r.taskId,
    ]),
  }
}

const REQUEST_CSV_HEADER = [
  'reference',
  'created_at',
  'name',
  'phone',
  'email',
  'service',
  'town',
  'service_date',
  'state',
  'reject_reason',
  'customer',
  'task_id',
]

/** Reject an open request with a reason; 409 when it is no longer open. */
export async function rejectRequest(ctx: Ctx, id: number, body: RejectRequestBody): Promise<RejectRequestResponse> {
  await ctx.database.db.transaction(async (tx) => {
    const request = await requestsRepository.lockRequest(tx, id)
    if (!request) throw notFound('Request')
    if (request.state !== 'open') {
      throw new AppError('CONFLICT', `Only an open request can be rejected; this one is ${request.state}`, {
        details: { state: request.state },
      })
    }
    await requestsRepository.setState(tx, id, 'rejected', body.reason)
  })
  return { message: 'Request rejected', request: await getRequest(ctx, id) }
}

/**
 * PUT /api/requests/{id}/billing: who the request's receipts and invoices are made out to (issue 22).
 * The request's customer or staff; anyone else gets the same 404 as for no request. Documents already
 * issued keep what they were issued with (decision 060); the next ones take these.
 */
export async function setRequestBilling(
  ctx: Ctx,
  id: number,
  body: RequestBillingBody,
): Promise<RequestBillingResponse> {
  const user = ctx.user
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue')
  const billing = { name: body.name, gstin: body.gstin }
  await ctx.database.db.transaction(async (tx) => {
    const request = await requestsRepository.lockRequest(tx, id)
    if (!request || (!STAFF.has(user.role) && request.customerId !== user.id)) throw notFound('Request')
    await requestsRepository.setBilling(tx, id, billing)
  })
  return { message: 'The details for your receipts and invoices are saved', billing }
}

const STAFF: ReadonlySet<string> = new Set(['operator', 'admin'])

/**
 * A customer proved their number with a code: the requests made with it anonymously become theirs
 * (My requests shows them, their messages go in the account's language). In the caller's transaction.
 */
export async function attachRequestsOfNumber(tx: DbOrTx, phone: string, customerId: number): Promise<number[]> {
  return requestsRepository.attachAnonymousRequests(tx, phone, customerId)
}

/** The quote to show on each of these requests (the quotes module's, passed in: it builds on this one). */
export type QuotesOfRequests = (requestIds: number[]) => Promise<Map<number, Quote>>

/**
 * The logged-in customer's own requests, newest first, with task, worker, records and what they may
 * do next, and the quote to show on each (`quotesOf`: the quotes module builds on this one, so it is
 * handed in by the route rather than imported).
 */
export async function listMyRequests(
  ctx: Ctx,
  quotesOf: QuotesOfRequests,
  gstInvoices = false,
): Promise<MyRequestsResponse> {
  const user = ctx.user
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue')
  const requests = await requestsRepository.listCustomerRequests(ctx.database.db, user.id)
  const taskIds = requests.map((r) => r.task_id).filter((id): id is number => id !== null)
  const summaries = await requestsRepository.taskSummaries(ctx.database.db, taskIds)
  const workflows = await tasksService.getWorkflowsOfTasks(ctx, taskIds, user.id)
  const charges = await paymentsService.chargesOfTasks(ctx, taskIds)
  const money = await paymentsService.moneyStatesOf(ctx, taskIds)
  // Trust (issue 21): who is coming (photo, languages) and how others rated them, the code for the door, the customer's rating.
  const cards = await workersService.cardsOf(
    ctx.database.db,
    [...summaries.values()].flatMap((t) => (t.worker ? [t.worker.worker_id] : [])),
  )
  const startCodes = await tasksService.pendingStartCodes(ctx, taskIds)
  const ratings = await reviewsService.myRatingsOf(ctx, taskIds)
  const photoCounts = await taskPhotosService.photoCountsOf(ctx.database.db, taskIds)
  const documents = await invoicesService.documentsOfTasks(ctx.database.db, taskIds)
  const quotes = await quotesOf(requests.map((r) => r.id))
  const billing = await requestsRepository.billingOf(
    ctx.database.db,
    requests.map((r) => r.id),
  )
  return {
    gst_invoices: gstInvoices,
    requests: requests.map((r) => {
      const task = r.task_id !== null ? summaries.get(r.task_id) : undefined
      const rating = task ? (ratings.get(task.id) ?? null) : null
      return {
        id: r.id,
        reference: r.reference,
        service: r.service,
        town: r.town,
        service_date: r.service_date,
        state: r.state,
        reject_reason: r.reject_reason,
        created_at: r.created_at,
        address: r.address,
        landmark: r.landmark,
        description: r.description,
        problems: r.problems,
        time_window: r.time_window,
        location: r.location,
        has_photo: r.has_photo,
        order: r.order,
        task: task
          ? {
              ...task,
              worker: task.worker ? { ...task.worker, ...cards.get(task.worker.worker_id)! } : null,
              start_code: startCodes.get(task.id)?.code ?? null,
              rating,
              can_rate: reviewsService.canRate(task.status, rating),
              photo_count: photoCounts.get(task.id) ?? 0,
              next_statuses: nextStatuses(task.status, ['customer']),
              workflows: workflows.get(task.id) ?? [],
              ...(charges.get(task.id) ?? { price_paise: null, line_items: [], total_paise: null }),
              paid_paise: money.get(task.id)?.paidPaise ?? 0,
              invoices: (documents.get(task.id) ?? []).map(({ id, kind, number, total_paise, issued_at }) => ({
                id,
                kind,
                number,
                total_paise,
                issued_at,
              })),
              money_state: money.get(task.id)?.state ?? 'no_price',
            }
          : null,
        quote: quotes.get(r.id) ?? null,
        billing: billing.get(r.id) ?? { name: null, gstin: null },
      }
    }),
  }
}

/**
 * GET /api/requests/{id}/photo: for the office, the customer who made the request and the worker
 * of its task; anyone else gets the same 404 as for a request without a photo.
 */
export async function getRequestPhoto(ctx: Ctx, id: number): Promise<RequestPhoto> {
  const user = ctx.user
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue')
  const photo = await requestsRepository.photoWithViewers(ctx.database.db, id)
  const allowed =
    photo !== undefined &&
    (user.role === 'operator' ||
      user.role === 'admin' ||
      (user.role === 'customer' && photo.customerId === user.id) ||
      (user.role === 'worker' && photo.workerUserIds.includes(user.id)))
  if (!photo || !allowed) throw notFound('Photo')
  return { type: photo.type, data: Buffer.from(photo.bytes).toString('base64') }
}

const STAGE_OF_STATUS: Record<TaskStatus, TrackStage> = {
  assigned: 'scheduled',
  work_inprogress: 'in_progress',
  work_pending: 'in_progress',
  work_completed: 'work_done',
  payment_pending: 'work_done',
  payment_received: 'completed',
  paid_to_worker: 'completed',
  task_completed: 'completed',
  cancelled: 'cancelled',
}

const NOT_FOUND_TRACK = 'No request has this reference and mobile number'

/**
 * POST /api/track: where a request stands, for whoever knows its reference and its number. Only
 * the stage and the day: no names, no address, no price. A wrong reference and a wrong number get
 * the same 404.
 */
export async function trackRequest(ctx: Ctx, body: TrackRequestBody): Promise<TrackRequestResponse> {
  const phone = normalizeIndianMobile(body.phone)
  const id = Number(body.reference.replace(/^TW-?/i, ''))
  if (!phone || !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) {
    throw new AppError('NOT_FOUND', NOT_FOUND_TRACK)
  }
  const row = await requestsRepository.trackRow(ctx.database.db, id, phone)
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND_TRACK)
  const stage: TrackStage =
    row.state === 'open'
      ? 'received'
      : row.state === 'rejected'
        ? 'rejected'
        : row.taskStatus
          ? STAGE_OF_STATUS[row.taskStatus]
          : 'scheduled'
  return { reference: requestReference(id), stage, service_date: row.serviceDate }
}

/** The request-form extras of these requests (the job page and My jobs show them). */
export async function requestExtrasOf(ctx: Ctx, ids: number[]): Promise<Map<number, requestsRepository.RequestExtras>> {
  return requestsRepository.requestExtras(ctx.database.db, ids)
}
