import type {
  Availability,
  AvailabilityConflict,
  MyJob,
  Service,
  SkilledWorker,
  TaskStatus,
  Town,
  WorkerDetail,
  WorkerServiceRow,
  WorkerServicesQuery,
  WorkerSuggestion,
  WorkingHours,
} from '@townworks/contract'
import { and, asc, count, eq, gte, ilike, inArray, ne, not, or, sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { likeContaining } from '../../db/like'
import { prepared } from '../../db/prepared'
import { tableNames } from '../../db/tables'
import {
  assignments,
  cartEntries,
  payouts,
  serviceRequests,
  services,
  tasks,
  towns,
  workerDaysOff,
  workerHours,
  workers,
  workerServices,
} from '../../db/schema'

/** What listWorkerServiceRows reads: a cached answer is dropped when one of these changes. */
export const WORKER_SERVICE_ROWS_READ = tableNames(workerServices, workers, towns, services)

/** Every worker's offered services, one row per worker and service, optionally filtered. */
export async function listWorkerServiceRows(db: DbOrTx, filter: WorkerServicesQuery = {}): Promise<WorkerServiceRow[]> {
  const conditions: SQL[] = []
  if (filter.town) conditions.push(eq(towns.name, filter.town))
  if (filter.service) conditions.push(eq(services.name, filter.service))
  if (filter.q) {
    const digits = filter.q.replace(/\D/g, '')
    const byName = ilike(workers.name, likeContaining(filter.q))
    conditions.push(digits.length >= 3 ? or(byName, sql`${workers.phone} like ${likeContaining(digits)}`)! : byName)
  }
  const rows = await db
    .select({
      worker_id: workers.id,
      worker_name: workers.name,
      town: towns.name,
      service_name: services.name,
      description: workerServices.description,
      price_paise: workerServices.pricePaise,
      phone_number: workers.phone,
      email: workers.email,
      active: workers.active,
    })
    .from(workerServices)
    .innerJoin(workers, eq(workers.id, workerServices.workerId))
    .innerJoin(towns, eq(towns.id, workers.townId))
    .innerJoin(services, eq(services.id, workerServices.serviceId))
    .where(and(...conditions))
    .orderBy(asc(workers.name), asc(workers.id), asc(services.name))
  return rows.map((r) => ({
    ...r,
    town: r.town as Town,
    service_name: r.service_name as Service,
    price: r.price_paise / 100,
  }))
}

/** What listSkilledWorkers reads. */
export const SKILLED_WORKERS_READ = tableNames(workers, cartEntries)

/** Active workers with how many shortlists hold each. */
export async function listSkilledWorkers(db: DbOrTx): Promise<SkilledWorker[]> {
  const rows = await prepared(db, 'skilled_workers', (d, name) =>
    d
      .select({ worker_id: workers.id, name: workers.name, cart_count: count(cartEntries.userId) })
      .from(workers)
      .leftJoin(cartEntries, eq(cartEntries.workerId, workers.id))
      .where(eq(workers.active, true))
      .groupBy(workers.id)
      .orderBy(asc(workers.name), asc(workers.id))
      .prepare(name),
  ).execute()
  return rows.map((r) => ({ ...r, cart_count: Number(r.cart_count) }))
}

export interface SlotQuery {
  service: string
  town: string
  date: string
  startTime: string
  endTime: string
  excludeAssignmentId?: number
}

// A worker with no working hours recorded has not restricted their time: every day is open.
const worksThen = (date: SQL, start: SQL, end: SQL) => sql`(
  not exists (select 1 from ${workerHours} h0 where h0.worker_id = ${workers.id})
  or exists (
    select 1 from ${workerHours} h
    where h.worker_id = ${workers.id} and h.weekday = extract(dow from ${date}::date)
      and h.start_time <= ${start}::time and h.end_time >= ${end}::time
  ))
  and not exists (select 1 from ${workerDaysOff} d where d.worker_id = ${workers.id} and d.day = ${date}::date)`

const clashes = (date: SQL, start: SQL, end: SQL, exclude: number) => sql`exists (
  select 1 from ${assignments} a
  where a.worker_id = ${workers.id} and a.status <> 'cancelled' and a.id <> ${exclude}
    and a.assignment_date = ${date}::date and a.start_time < ${end}::time and a.end_time > ${start}::time
)`

/** What findFreeWorkers reads. */
export const FREE_WORKERS_READ = tableNames(
  workers,
  workerServices,
  services,
  towns,
  workerHours,
  workerDaysOff,
  assignments,
)

/**
 * Active workers who offer the service in the town and are free in the slot, best match first:
 * specialists (fewest services offered) before generalists, then the least busy that week.
 */
export async function findFreeWorkers(db: DbOrTx, q: SlotQuery, limit = 20): Promise<WorkerSuggestion[]> {
  const breadth = sql<number>`(select count(*) from ${workerServices} wb where wb.worker_id = ${workers.id})`
  const date = sql`${q.date}`
  const start = sql`${q.startTime}`
  const end = sql`${q.endTime}`
  const weekLoad = sql<number>`(
    select count(*) from ${assignments} wa
    where wa.worker_id = ${workers.id} and wa.status <> 'cancelled'
      and wa.assignment_date >= date_trunc('week', ${date}::date)::date
      and wa.assignment_date < date_trunc('week', ${date}::date)::date + 7
  )`.mapWith(Number)
  const rows = await db
    .select({
      worker_id: workers.id,
      name: workers.name,
      town: towns.name,
      service_name: services.name,
      price_paise: workerServices.pricePaise,
      phone_number: workers.phone,
      week_assignments: weekLoad,
    })
    .from(workers)
    .innerJoin(towns, eq(towns.id, workers.townId))
    .innerJoin(workerServices, eq(workerServices.workerId, workers.id))
    .innerJoin(services, eq(services.id, workerServices.serviceId))
    .where(
      and(
        eq(workers.active, true),
        eq(services.name, q.service),
        eq(towns.name, q.town),
        worksThen(date, start, end),
        not(clashes(date, start, end, q.excludeAssignmentId ?? 0)),
      ),
    )
    .orderBy(breadth, weekLoad, asc(workers.name), asc(workers.id))
    .limit(limit)
  return rows.map((r) => ({
    ...r,
    town: r.town as Town,
    service_name: r.service_name as Service,
    price: r.price_paise / 100,
  }))
}

export interface BookingCheck {
  exists: boolean
  active: boolean
  name: string | null
  offersServiceInTown: boolean
  worksThen: boolean
  clash: { assignmentId: number; startTime: string; endTime: string } | null
}

/**
 * Everything that decides whether a worker may take a slot, read in one statement (one round trip:
 * bookings of one worker check this in turn while holding the worker's lock, so it is kept short).
 */
export async function checkBooking(
  db: DbOrTx,
  q: {
    workerId: number
    serviceId: number | null
    townId: number | null
    date: string
    startTime: string
    endTime: string
    excludeAssignmentId?: number
  },
): Promise<BookingCheck> {
  const date = sql`${q.date}`
  const start = sql`${q.startTime}`
  const end = sql`${q.endTime}`
  const clash = db
    .select({ assignmentId: assignments.id, startTime: assignments.startTime, endTime: assignments.endTime })
    .from(assignments)
    .where(
      and(
        eq(assignments.workerId, workers.id),
        ne(assignments.status, 'cancelled'),
        ne(assignments.id, q.excludeAssignmentId ?? 0),
        eq(assignments.assignmentDate, q.date),
        sql`${assignments.startTime} < ${end}::time and ${assignments.endTime} > ${start}::time`,
      ),
    )
    .limit(1)
    .as('clash')
  const offers =
    q.serviceId === null
      ? sql<boolean>`true`
      : sql<boolean>`exists (select 1 from ${workerServices} ws where ws.worker_id = ${workers.id} and ws.service_id = ${q.serviceId})`
  const [worker] = await db
    .select({
      name: workers.name,
      active: workers.active,
      townId: workers.townId,
      works: sql<boolean>`${worksThen(date, start, end)}`,
      offers,
      clash: { assignmentId: clash.assignmentId, startTime: clash.startTime, endTime: clash.endTime },
    })
    .from(workers)
    .leftJoinLateral(clash, sql`true`)
    .where(eq(workers.id, q.workerId))
  if (!worker)
    return { exists: false, active: false, name: null, offersServiceInTown: false, worksThen: false, clash: null }
  return {
    exists: true,
    active: worker.active,
    name: worker.name,
    offersServiceInTown: (q.townId === null || worker.townId === q.townId) && Boolean(worker.offers),
    worksThen: Boolean(worker.works),
    clash: worker.clash ?? null,
  }
}

/** One worker with every service they offer; undefined when there is no such worker. */
export async function getWorkerDetail(db: DbOrTx, workerId: number): Promise<WorkerDetail | undefined> {
  const [worker] = await db
    .select({
      worker_id: workers.id,
      worker_name: workers.name,
      town: towns.name,
      phone_number: workers.phone,
      email: workers.email,
      active: workers.active,
      userId: workers.userId,
    })
    .from(workers)
    .innerJoin(towns, eq(towns.id, workers.townId))
    .where(eq(workers.id, workerId))
  if (!worker) return undefined
  const offers = await db
    .select({
      service_name: services.name,
      description: workerServices.description,
      price_paise: workerServices.pricePaise,
    })
    .from(workerServices)
    .innerJoin(services, eq(services.id, workerServices.serviceId))
    .where(eq(workerServices.workerId, workerId))
    .orderBy(asc(services.name))
  const { userId, ...rest } = worker
  return {
    ...rest,
    town: rest.town as Town,
    has_login: userId !== null,
    services: offers.map((o) => ({ ...o, service_name: o.service_name as Service, price: o.price_paise / 100 })),
  }
}

/** Ids of towns and services by name, for turning a form's names into rows. */
export async function referenceIds(db: DbOrTx): Promise<{ towns: Map<string, number>; services: Map<string, number> }> {
  const [townRows, serviceRows] = await Promise.all([db.select().from(towns), db.select().from(services)])
  return {
    towns: new Map(townRows.map((t) => [t.name, t.id])),
    services: new Map(serviceRows.map((s) => [s.name, s.id])),
  }
}

/** Another worker (not `exceptId`) with this phone number, if any. */
export async function findWorkerByPhone(
  db: DbOrTx,
  phone: string,
  exceptId = 0,
): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db
    .select({ id: workers.id, name: workers.name })
    .from(workers)
    .where(and(eq(workers.phone, phone), ne(workers.id, exceptId)))
    .limit(1)
  return row
}

export interface WorkerFields {
  name: string
  townId: number
  phone: string
  email: string | null
  active?: boolean | undefined
}

/** Insert a worker; returns its id. */
export async function insertWorker(tx: DbOrTx, fields: WorkerFields): Promise<number> {
  const [row] = await tx
    .insert(workers)
    .values({ ...fields, active: fields.active ?? true })
    .returning({ id: workers.id })
  return row!.id
}

/** Lock a worker row for the rest of the transaction; undefined when missing. */
export async function lockWorker(
  tx: DbOrTx,
  workerId: number,
): Promise<{ id: number; name: string; active: boolean; userId: number | null } | undefined> {
  const [row] = await tx
    .select({ id: workers.id, name: workers.name, active: workers.active, userId: workers.userId })
    .from(workers)
    .where(eq(workers.id, workerId))
    .for('update')
  return row
}

/**
 * Take the booking lock of each worker (their row, FOR NO KEY UPDATE) for the rest of the
 * transaction, in id order. Bookings of one worker then queue: the second checks only after the
 * first has committed, sees its assignment and is refused (409), instead of both inserting and
 * deadlocking on the no-overlap constraint. NO KEY UPDATE still lets other rows refer to the worker
 * (shortlists, assignments of other transactions' checks), and waits for lockWorker (FOR UPDATE),
 * so an edit or a deactivation and a booking of one worker also take turns. Answers the ids found.
 */
export async function lockWorkersForBooking(tx: DbOrTx, workerIds: readonly number[]): Promise<number[]> {
  const found: number[] = []
  for (const id of [...new Set(workerIds)].sort((a, b) => a - b)) {
    const [row] = await tx.select({ id: workers.id }).from(workers).where(eq(workers.id, id)).for('no key update')
    if (row) found.push(row.id)
  }
  return found
}

/** Update a worker's own fields. */
export async function updateWorker(tx: DbOrTx, workerId: number, fields: WorkerFields): Promise<void> {
  await tx
    .update(workers)
    .set({
      name: fields.name,
      townId: fields.townId,
      phone: fields.phone,
      email: fields.email,
      ...(fields.active !== undefined ? { active: fields.active } : {}),
    })
    .where(eq(workers.id, workerId))
}

/** Replace the services a worker offers. */
export async function replaceOffers(
  tx: DbOrTx,
  workerId: number,
  offers: { serviceId: number; description: string; pricePaise: number }[],
): Promise<void> {
  await tx.delete(workerServices).where(eq(workerServices.workerId, workerId))
  if (offers.length > 0) await tx.insert(workerServices).values(offers.map((o) => ({ ...o, workerId })))
}

/** Whether anything on record points at the worker: assignments (any status) or payouts. */
export async function hasHistory(tx: DbOrTx, workerId: number): Promise<boolean> {
  const [assignment] = await tx
    .select({ id: assignments.id })
    .from(assignments)
    .where(eq(assignments.workerId, workerId))
    .limit(1)
  if (assignment) return true
  const [payout] = await tx.select({ id: payouts.id }).from(payouts).where(eq(payouts.workerId, workerId)).limit(1)
  return payout !== undefined
}

/** Erase a worker; their services, hours, days off and cart entries go with them. */
export async function deleteWorker(tx: DbOrTx, workerId: number): Promise<void> {
  await tx.delete(workers).where(eq(workers.id, workerId))
}

/** Mark a worker inactive: no new assignments, history kept. */
export async function deactivateWorker(tx: DbOrTx, workerId: number): Promise<void> {
  await tx.update(workers).set({ active: false }).where(eq(workers.id, workerId))
}

/** The worker profile linked to a login, if any. */
export async function workerOfUser(db: DbOrTx, userId: number): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db.select({ id: workers.id, name: workers.name }).from(workers).where(eq(workers.userId, userId))
  return row
}

/** A worker's week and days off; undefined when there is no such worker. */
export async function getAvailability(db: DbOrTx, workerId: number): Promise<Availability | undefined> {
  const [worker] = await db.select({ id: workers.id, name: workers.name }).from(workers).where(eq(workers.id, workerId))
  if (!worker) return undefined
  const hours = await db
    .select({ weekday: workerHours.weekday, start_time: workerHours.startTime, end_time: workerHours.endTime })
    .from(workerHours)
    .where(eq(workerHours.workerId, workerId))
    .orderBy(asc(workerHours.weekday))
  const daysOff = await db
    .select({ day: workerDaysOff.day })
    .from(workerDaysOff)
    .where(eq(workerDaysOff.workerId, workerId))
    .orderBy(asc(workerDaysOff.day))
  return {
    worker_id: worker.id,
    worker_name: worker.name,
    always_available: hours.length === 0,
    hours,
    days_off: daysOff.map((d) => d.day),
  }
}

/** Replace a worker's week. */
export async function replaceHours(tx: DbOrTx, workerId: number, hours: readonly WorkingHours[]): Promise<void> {
  await tx.delete(workerHours).where(eq(workerHours.workerId, workerId))
  if (hours.length > 0) {
    await tx
      .insert(workerHours)
      .values(hours.map((h) => ({ workerId, weekday: h.weekday, startTime: h.start_time, endTime: h.end_time })))
  }
}

/** Replace a worker's days off. */
export async function replaceDaysOff(tx: DbOrTx, workerId: number, days: readonly string[]): Promise<void> {
  await tx.delete(workerDaysOff).where(eq(workerDaysOff.workerId, workerId))
  if (days.length > 0) await tx.insert(workerDaysOff).values(days.map((day) => ({ workerId, day })))
}

const OPEN_STATUSES: TaskStatus[] = ['assigned', 'work_inprogress', 'work_pending']

/** Open assignments from `fromDate` on that the worker's stored hours and days off no longer cover. */
export async function uncoveredAssignments(
  db: DbOrTx,
  workerId: number,
  fromDate: string,
): Promise<AvailabilityConflict[]> {
  return db
    .select({
      assignment_id: assignments.id,
      task_id: assignments.taskId,
      assignment_date: assignments.assignmentDate,
      start_time: assignments.startTime,
      end_time: assignments.endTime,
    })
    .from(assignments)
    .where(
      and(
        eq(assignments.workerId, workerId),
        inArray(assignments.status, OPEN_STATUSES),
        gte(assignments.assignmentDate, fromDate),
        sql`(
          exists (select 1 from ${workerDaysOff} d where d.worker_id = ${workerId} and d.day = ${assignments.assignmentDate})
          or (
            exists (select 1 from ${workerHours} h0 where h0.worker_id = ${workerId})
            and not exists (
              select 1 from ${workerHours} h
              where h.worker_id = ${workerId} and h.weekday = extract(dow from ${assignments.assignmentDate})
                and h.start_time <= ${assignments.startTime} and h.end_time >= ${assignments.endTime}
            )
          )
        )`,
      ),
    )
    .orderBy(asc(assignments.assignmentDate), asc(assignments.startTime))
}

/** Whether a worker exists and takes work. */
export async function workerState(
  db: DbOrTx,
  workerId: number,
): Promise<{ name: string; active: boolean } | undefined> {
  const [row] = await db
    .select({ name: workers.name, active: workers.active })
    .from(workers)
    .where(eq(workers.id, workerId))
  return row
}

/**
 * Put a worker in a user's cart once: the (user, worker) key makes a second add a no-op, and
 * concurrent adds by different users never overwrite each other. Returns whether it was added.
 */
export async function addCartEntry(tx: DbOrTx, userId: number, workerId: number): Promise<boolean> {
  const inserted = await tx
    .insert(cartEntries)
    .values({ userId, workerId })
    .onConflictDoNothing()
    .returning({ workerId: cartEntries.workerId })
  return inserted.length > 0
}

/** How many carts hold the worker. */
export async function cartCount(db: DbOrTx, workerId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cartEntries).where(eq(cartEntries.workerId, workerId))
  return Number(row?.n ?? 0)
}

/** The worker's jobs: unfinished ones from before `today`, and every one from `today` on (cancelled left out). */
export async function listJobsOfWorker(db: DbOrTx, workerId: number, today: string, limit = 100): Promise<MyJob[]> {
  const rows = await db
    .select({
      assignment_id: assignments.id,
      task_id: tasks.id,
      task_name: tasks.taskName,
      service_name: services.name,
      task_desc: tasks.serviceDesc,
      assignment_desc: assignments.serviceDesc,
      customer_name: serviceRequests.name,
      customer_phone: serviceRequests.phone,
      town: towns.name,
      assignment_date: assignments.assignmentDate,
      start_time: assignments.startTime,
      end_time: assignments.endTime,
      status: assignments.status,
    })
    .from(assignments)
    .innerJoin(tasks, eq(tasks.id, assignments.taskId))
    .leftJoin(serviceRequests, eq(serviceRequests.id, tasks.requestId))
    .leftJoin(services, eq(services.id, tasks.serviceId))
    .leftJoin(towns, eq(towns.id, tasks.townId))
    .where(
      and(
        eq(assignments.workerId, workerId),
        ne(assignments.status, 'cancelled'),
        or(gte(assignments.assignmentDate, today), inArray(assignments.status, OPEN_STATUSES)),
      ),
    )
    .orderBy(asc(assignments.assignmentDate), asc(assignments.startTime), asc(assignments.id))
    .limit(limit)
  return rows.map(({ task_desc, assignment_desc, ...r }) => ({
    ...r,
    service_name: r.service_name as Service | null,
    town: r.town as Town | null,
    service_desc: assignment_desc || task_desc,
  }))
}

/** What a worker charges for a service (or for their only service when none is named), in paise. */
export async function offerPricePaise(db: DbOrTx, workerId: number, serviceId: number | null): Promise<number | null> {
  const rows = await db
    .select({ serviceId: workerServices.serviceId, pricePaise: workerServices.pricePaise })
    .from(workerServices)
    .where(eq(workerServices.workerId, workerId))
  if (serviceId === null) return rows.length === 1 ? rows[0]!.pricePaise : null
  return rows.find((r) => r.serviceId === serviceId)?.pricePaise ?? null
}
