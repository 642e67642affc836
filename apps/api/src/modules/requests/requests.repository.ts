import type {
  Language,
  MaterialOrder,
  OrderUnit,
  PhotoType,
  RequestDetails,
  RequestsQuery,
  RequestState,
  ServiceRequestDetail,
  Service,
  TaskStatus,
  TimeWindow,
  Town,
} from '@townworks/contract'
import { requestReference } from '@townworks/contract'
import { and, asc, count, desc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../../db/client'
import { EXPORT_BATCH } from '../../db/export'
import { indiaDayStart } from '../../db/india-time'
import { assignments, requestPhotos, serviceRequests, services, tasks, towns, users, workers } from '../../db/schema'

const detailColumns = {
  id: serviceRequests.id,
  name: serviceRequests.name,
  phone: serviceRequests.phone,
  email: serviceRequests.email,
  service: services.name,
  town: towns.name,
  service_date: serviceRequests.serviceDate,
  state: serviceRequests.state,
  reject_reason: serviceRequests.rejectReason,
  createdAt: serviceRequests.createdAt,
  customerId: serviceRequests.customerId,
  customerUser: users.username,
}

type DetailRow = {
  id: number
  name: string
  phone: string
  email: string | null
  service: string
  town: string
  service_date: string
  state: RequestState
  reject_reason: string | null
  createdAt: Date
  customerId: number | null
  customerUser: string | null
}

function toDetail(
  row: DetailRow,
  extras: Map<number, RequestExtras>,
  taskId: number | null,
  duplicateOf: number | null = null,
): ServiceRequestDetail {
  const { createdAt, customerId, customerUser, ...rest } = row
  return {
    ...rest,
    ...(extras.get(row.id) ?? NO_EXTRAS),
    service: rest.service as Service,
    town: rest.town as Town,
    reference: requestReference(row.id),
    created_at: createdAt.toISOString(),
    customer: customerId !== null ? { id: customerId, user: customerUser ?? '' } : null,
    task_id: taskId,
    duplicate_of: duplicateOf === null ? null : { id: duplicateOf, reference: requestReference(duplicateOf) },
  }
}

/**
 * For each of these requests, the earliest earlier request still open with the same phone, service
 * and service day: a likely duplicate. One query for a whole page (service_requests_duplicate_idx).
 */
export async function earlierOpenDuplicates(db: DbOrTx, requestIds: number[]): Promise<Map<number, number>> {
  if (requestIds.length === 0) return new Map()
  const earlier = alias(serviceRequests, 'earlier')
  const rows = await db
    .select({ id: serviceRequests.id, duplicateOf: sql<number>`min(${earlier.id})` })
    .from(serviceRequests)
    .innerJoin(
      earlier,
      and(
        eq(earlier.phone, serviceRequests.phone),
        eq(earlier.serviceId, serviceRequests.serviceId),
        eq(earlier.serviceDate, serviceRequests.serviceDate),
        lt(earlier.id, serviceRequests.id),
        eq(earlier.state, 'open'),
      ),
    )
    .where(inArray(serviceRequests.id, requestIds))
    .groupBy(serviceRequests.id)
  return new Map(rows.map((r) => [r.id, Number(r.duplicateOf)]))
}

function detailQuery(db: DbOrTx) {
  return db
    .select(detailColumns)
    .from(serviceRequests)
    .innerJoin(services, eq(services.id, serviceRequests.serviceId))
    .innerJoin(towns, eq(towns.id, serviceRequests.townId))
    .leftJoin(users, eq(users.id, serviceRequests.customerId))
}

/** The newest task made from each of these requests. */
async function taskIdsFor(db: DbOrTx, requestIds: number[]): Promise<Map<number, number>> {
  if (requestIds.length === 0) return new Map()
  const rows = await db
    .select({ id: tasks.id, requestId: tasks.requestId })
    .from(tasks)
    .where(inArray(tasks.requestId, requestIds))
    .orderBy(asc(tasks.id))
  const byRequest = new Map<number, number>()
  for (const r of rows) if (r.requestId !== null) byRequest.set(r.requestId, r.id)
  return byRequest
}

/** One request as operators see it; undefined when missing. */
export async function getRequestDetail(db: DbOrTx, id: number): Promise<ServiceRequestDetail | undefined> {
  const [row] = await detailQuery(db).where(eq(serviceRequests.id, id))
  if (!row) return undefined
  const taskIds = await taskIdsFor(db, [id])
  const duplicates = await earlierOpenDuplicates(db, [id])
  return toDetail(row, await requestExtras(db, [id]), taskIds.get(id) ?? null, duplicates.get(id) ?? null)
}

/** The WHERE of the inbox's filters; undefined for none. */
function inboxFilter(q: Omit<RequestsQuery, 'sort' | 'page' | 'pageSize'>): SQL | undefined {
  const filters: SQL[] = []
  if (q.state) filters.push(eq(serviceRequests.state, q.state))
  if (q.town) filters.push(eq(towns.name, q.town))
  if (q.service) filters.push(eq(services.name, q.service))
  if (q.from) filters.push(gte(serviceRequests.serviceDate, q.from))
  if (q.to) filters.push(lte(serviceRequests.serviceDate, q.to))
  // Received on these Asia/Kolkata days: bounds as instants, so the created_at index serves them.
  if (q.createdFrom) filters.push(gte(serviceRequests.createdAt, indiaDayStart(q.createdFrom)))
  if (q.createdTo) filters.push(lt(serviceRequests.createdAt, indiaDayStart(q.createdTo, 1)))
  return filters.length > 0 ? and(...filters) : undefined
}

/** One request of the inbox's CSV (decision 045). */
export interface RequestExportRow {
  id: number
  createdAt: Date
  name: string
  phone: string
  email: string | null
  service: string
  town: string
  serviceDate: string
  state: RequestState
  rejectReason: string | null
  customer: string | null
  taskId: number | null
}

/**
 * Every request the inbox's filters keep, newest first, in batches read by id (keyset): a table of
 * any size streams in constant memory (decision 045).
 */
export async function* exportRequestBatches(
  db: DbOrTx,
  q: RequestsQuery,
  batchSize = EXPORT_BATCH,
): AsyncGenerator<RequestExportRow[]> {
  const where = inboxFilter(q)
  let before: number | undefined
  for (;;) {
    const rows = await detailQuery(db)
      .where(and(where, before === undefined ? undefined : lt(serviceRequests.id, before)))
      .orderBy(desc(serviceRequests.id))
      .limit(batchSize)
    if (rows.length === 0) return
    const taskIds = await taskIdsFor(
      db,
      rows.map((r) => r.id),
    )
    yield rows.map((r) => ({
      id: r.id,
      createdAt: r.createdAt,
      name: r.name,
      phone: r.phone,
      email: r.email,
      service: r.service,
      town: r.town,
      serviceDate: r.service_date,
      state: r.state,
      rejectReason: r.reject_reason,
      customer: r.customerUser,
      taskId: taskIds.get(r.id) ?? null,
    }))
    if (rows.length < batchSize) return
    before = rows.at(-1)!.id
  }
}

/** Requests matching the inbox filters, one page, in the asked order. */
export async function searchRequests(
  db: DbOrTx,
  q: RequestsQuery,
): Promise<{ requests: ServiceRequestDetail[]; total: number }> {
  const where = inboxFilter(q)
  const order =
    q.sort === 'oldest'
      ? [asc(serviceRequests.createdAt), asc(serviceRequests.id)]
      : q.sort === 'service_date'
        ? [asc(serviceRequests.serviceDate), asc(serviceRequests.id)]
        : [desc(serviceRequests.createdAt), desc(serviceRequests.id)]
  const rows = await detailQuery(db)
    .where(where)
    .orderBy(...order)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
  const [total] = await db
    .select({ n: count() })
    .from(serviceRequests)
    .innerJoin(services, eq(services.id, serviceRequests.serviceId))
    .innerJoin(towns, eq(towns.id, serviceRequests.townId))
    .where(where)
  const taskIds = await taskIdsFor(
    db,
    rows.map((r) => r.id),
  )
  const duplicates = await earlierOpenDuplicates(
    db,
    rows.map((r) => r.id),
  )
  const extras = await requestExtras(
    db,
    rows.map((r) => r.id),
  )
  return {
    requests: rows.map((r) => toDetail(r, extras, taskIds.get(r.id) ?? null, duplicates.get(r.id) ?? null)),
    total: total?.n ?? 0,
  }
}

export interface NewRequest {
  name: string
  phone: string
  email: string | null
  serviceId: number
  townId: number
  serviceDate: string
  customerId: number | null
  idempotencyKey: string | null
  address: string | null
  landmark: string | null
  description: string | null
  problems: string[]
  timeWindow: TimeWindow | null
  lat: number | null
  lng: number | null
  preferredWorkerId: number | null
  language: Language | null
  /** A materials order (decision 069): both null for a job. */
  quantity: number | null
  unit: OrderUnit | null
}

/** Insert a request; with an idempotency key already used, insert nothing and answer undefined. */
export async function insertRequest(db: DbOrTx, values: NewRequest): Promise<number | undefined> {
  const [row] = await db
    .insert(serviceRequests)
    .values(values)
    .onConflictDoNothing({ target: serviceRequests.idempotencyKey })
    .returning({ id: serviceRequests.id })
  return row?.id
}

/** The request stored under an idempotency key, as it was stored. */
export async function findByIdempotencyKey(
  db: DbOrTx,
  key: string,
): Promise<(NewRequest & { id: number }) | undefined> {
  const [row] = await db
    .select({
      id: serviceRequests.id,
      name: serviceRequests.name,
      phone: serviceRequests.phone,
      email: serviceRequests.email,
      serviceId: serviceRequests.serviceId,
      townId: serviceRequests.townId,
      serviceDate: serviceRequests.serviceDate,
      customerId: serviceRequests.customerId,
      idempotencyKey: serviceRequests.idempotencyKey,
      address: serviceRequests.address,
      landmark: serviceRequests.landmark,
      description: serviceRequests.description,
      problems: serviceRequests.problems,
      timeWindow: serviceRequests.timeWindow,
      lat: serviceRequests.lat,
      lng: serviceRequests.lng,
      preferredWorkerId: serviceRequests.preferredWorkerId,
      language: serviceRequests.language,
      quantity: serviceRequests.quantity,
      unit: serviceRequests.unit,
    })
    .from(serviceRequests)
    .where(eq(serviceRequests.idempotencyKey, key))
  return row
}

/** Lock a request row for the rest of the transaction; undefined when missing. */
export async function lockRequest(
  tx: DbOrTx,
  id: number,
): Promise<
  | {
      id: number
      state: RequestState
      serviceId: number
      townId: number
      customerId: number | null
      order: MaterialOrder | null
    }
  | undefined
> {
  const [row] = await tx
    .select({
      id: serviceRequests.id,
      state: serviceRequests.state,
      serviceId: serviceRequests.serviceId,
      townId: serviceRequests.townId,
      customerId: serviceRequests.customerId,
      quantity: serviceRequests.quantity,
      unit: serviceRequests.unit,
    })
    .from(serviceRequests)
    .where(eq(serviceRequests.id, id))
    .for('update')
  if (!row) return undefined
  const { quantity, unit, ...rest } = row
  return { ...rest, order: orderOf(quantity, unit) }
}

export async function setState(tx: DbOrTx, id: number, state: RequestState, rejectReason: string | null = null) {
  await tx.update(serviceRequests).set({ state, rejectReason }).where(eq(serviceRequests.id, id))
}

/** A customer's requests, newest first. */
export async function listCustomerRequests(db: DbOrTx, customerId: number) {
  const rows = await detailQuery(db)
    .where(eq(serviceRequests.customerId, customerId))
    .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id))
  const taskIds = await taskIdsFor(
    db,
    rows.map((r) => r.id),
  )
  const extras = await requestExtras(
    db,
    rows.map((r) => r.id),
  )
  return rows.map((r) => toDetail(r, extras, taskIds.get(r.id) ?? null))
}

export interface TaskSummary {
  id: number
  name: string
  status: (typeof tasks.$inferSelect)['status']
  worker: { worker_id: number; name: string; phone: string | null } | null
  date: string | null
  start_time: string | null
  end_time: string | null
}

/** Tasks with their current (not cancelled, else latest) assignment and worker. */
export async function taskSummaries(db: DbOrTx, taskIds: number[]): Promise<Map<number, TaskSummary>> {
  const out = new Map<number, TaskSummary>()
  if (taskIds.length === 0) return out
  const taskRows = await db
    .select({ id: tasks.id, name: tasks.taskName, status: tasks.status })
    .from(tasks)
    .where(inArray(tasks.id, taskIds))
  for (const t of taskRows) out.set(t.id, { ...t, worker: null, date: null, start_time: null, end_time: null })
  const rows = await db
    .select({
      taskId: assignments.taskId,
      status: assignments.status,
      date: assignments.assignmentDate,
      start: assignments.startTime,
      end: assignments.endTime,
      workerId: workers.id,
      workerName: workers.name,
      workerPhone: workers.phone,
    })
    .from(assignments)
    .innerJoin(workers, eq(workers.id, assignments.workerId))
    .where(inArray(assignments.taskId, taskIds))
    .orderBy(asc(assignments.id))
  // Active assignments win over cancelled ones; among equals, the latest.
  const chosen = new Map<number, (typeof rows)[number]>()
  for (const r of rows) {
    const current = chosen.get(r.taskId)
    if (!current || r.status !== 'cancelled' || current.status === 'cancelled') chosen.set(r.taskId, r)
  }
  for (const [taskId, r] of chosen) {
    const t = out.get(taskId)
    if (!t) continue
    t.worker = { worker_id: r.workerId, name: r.workerName, phone: r.workerPhone }
    t.date = r.date
    t.start_time = r.start
    t.end_time = r.end
  }
  return out
}

/**
 * Give a customer every request made with their number that nobody's account holds yet (anonymous
 * ones): after the number was proved with a code (issue 19). A request someone else made while
 * signed in stays theirs. Answers the ids attached.
 */
export async function attachAnonymousRequests(db: DbOrTx, phone: string, customerId: number): Promise<number[]> {
  const rows = await db
    .update(serviceRequests)
    .set({ customerId })
    .where(and(eq(serviceRequests.phone, phone), sql`${serviceRequests.customerId} is null`))
    .returning({ id: serviceRequests.id })
  return rows.map((r) => r.id)
}

/** What the request form added to the seed's fields, and the worker asked for and the language used. */
export type RequestExtras = RequestDetails & {
  preferred_worker: { id: number; name: string } | null
  language: Language | null
}

const NO_EXTRAS: RequestExtras = {
  address: null,
  landmark: null,
  description: null,
  problems: [],
  time_window: null,
  location: null,
  has_photo: false,
  order: null,
  preferred_worker: null,
  language: null,
}

/** The extras of these requests, in one query. */
export async function requestExtras(db: DbOrTx, ids: number[]): Promise<Map<number, RequestExtras>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({
      id: serviceRequests.id,
      address: serviceRequests.address,
      landmark: serviceRequests.landmark,
      description: serviceRequests.description,
      problems: serviceRequests.problems,
      timeWindow: serviceRequests.timeWindow,
      lat: serviceRequests.lat,
      lng: serviceRequests.lng,
      workerId: workers.id,
      workerName: workers.name,
      language: serviceRequests.language,
      photoSize: requestPhotos.size,
      quantity: serviceRequests.quantity,
      unit: serviceRequests.unit,
    })
    .from(serviceRequests)
    .leftJoin(workers, eq(workers.id, serviceRequests.preferredWorkerId))
    .leftJoin(requestPhotos, eq(requestPhotos.requestId, serviceRequests.id))
    .where(inArray(serviceRequests.id, ids))
  return new Map(
    rows.map((r) => [
      r.id,
      {
        address: r.address,
        landmark: r.landmark,
        description: r.description,
        problems: r.problems,
        time_window: r.timeWindow,
        location: r.lat !== null && r.lng !== null ? { lat: r.lat, lng: r.lng } : null,
        has_photo: r.photoSize !== null,
        order: orderOf(r.quantity, r.unit),
        preferred_worker: r.workerId !== null && r.workerName !== null ? { id: r.workerId, name: r.workerName } : null,
        language: r.language,
      },
    ]),
  )
}

/** A request's materials order from its two columns (both set or both null: their CHECK); null for a job. */
export function orderOf(quantity: number | null, unit: OrderUnit | null): MaterialOrder | null {
  return quantity !== null && unit !== null ? { quantity: Number(quantity), unit } : null
}

/** Whether a worker with this id is on the roster. */
export async function workerExists(db: DbOrTx, workerId: number): Promise<boolean> {
  const [row] = await db.select({ id: workers.id }).from(workers).where(eq(workers.id, workerId))
  return row !== undefined
}

/** Store a request's photo (its one photo). */
export async function insertPhoto(db: DbOrTx, requestId: number, type: PhotoType, bytes: Uint8Array): Promise<void> {
  await db.insert(requestPhotos).values({ requestId, contentType: type, size: bytes.byteLength, bytes })
}

/** A request's photo and who may see it: the customer who asked, and the workers of its task's live assignments. */
export async function photoWithViewers(
  db: DbOrTx,
  requestId: number,
): Promise<{ type: PhotoType; bytes: Uint8Array; customerId: number | null; workerUserIds: number[] } | undefined> {
  const [row] = await db
    .select({ type: requestPhotos.contentType, bytes: requestPhotos.bytes, customerId: serviceRequests.customerId })
    .from(requestPhotos)
    .innerJoin(serviceRequests, eq(serviceRequests.id, requestPhotos.requestId))
    .where(eq(requestPhotos.requestId, requestId))
  if (!row) return undefined
  const viewers = await db
    .select({ userId: workers.userId })
    .from(assignments)
    .innerJoin(tasks, eq(tasks.id, assignments.taskId))
    .innerJoin(workers, eq(workers.id, assignments.workerId))
    .where(and(eq(tasks.requestId, requestId), sql`${assignments.status} <> 'cancelled'`))
  return {
    ...row,
    workerUserIds: viewers.map((v) => v.userId).filter((id): id is number => id !== null),
  }
}

/** A request as the public tracking page may know it: made with this number, its state and its task's status. */
export async function trackRow(
  db: DbOrTx,
  id: number,
  phone: string,
): Promise<{ state: RequestState; serviceDate: string; taskStatus: TaskStatus | null } | undefined> {
  const [row] = await db
    .select({ state: serviceRequests.state, serviceDate: serviceRequests.serviceDate })
    .from(serviceRequests)
    .where(and(eq(serviceRequests.id, id), eq(serviceRequests.phone, phone)))
  if (!row) return undefined
  const [task] = await db
    .select({ status: tasks.status })
    .from(tasks)
    .where(eq(tasks.requestId, id))
    .orderBy(desc(tasks.id))
    .limit(1)
  return { ...row, taskStatus: task?.status ?? null }
}

/** Who each request's receipts and invoices are made out to (issue 22): null fields are the request's own. */
export async function billingOf(
  db: DbOrTx,
  requestIds: readonly number[],
): Promise<Map<number, { name: string | null; gstin: string | null }>> {
  const out = new Map<number, { name: string | null; gstin: string | null }>()
  if (requestIds.length === 0) return out
  const rows = await db
    .select({ id: serviceRequests.id, name: serviceRequests.billingName, gstin: serviceRequests.billingGstin })
    .from(serviceRequests)
    .where(inArray(serviceRequests.id, [...requestIds]))
  for (const r of rows) out.set(r.id, { name: r.name, gstin: r.gstin })
  return out
}

/** Sets who a request's receipts and invoices are made out to. */
export async function setBilling(
  tx: DbOrTx,
  id: number,
  billing: { name: string | null; gstin: string | null },
): Promise<void> {
  await tx
    .update(serviceRequests)
    .set({ billingName: billing.name, billingGstin: billing.gstin })
    .where(eq(serviceRequests.id, id))
}
