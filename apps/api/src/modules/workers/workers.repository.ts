import type { Service, SkilledWorker, Town, WorkerServiceRow, WorkerSuggestion } from '@townworks/contract'
import { and, asc, count, eq, ne, not, sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import {
  assignments,
  cartEntries,
  services,
  towns,
  workerDaysOff,
  workerHours,
  workers,
  workerServices,
} from '../../db/schema'

/** Every worker's offered services, one row per worker and service. */
export async function listWorkerServiceRows(db: DbOrTx): Promise<WorkerServiceRow[]> {
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
    .orderBy(asc(workers.name), asc(workers.id), asc(services.name))
  return rows.map((r) => ({
    ...r,
    town: r.town as Town,
    service_name: r.service_name as Service,
    price: r.price_paise / 100,
  }))
}

/** Active workers with how many shortlists hold each. */
export async function listSkilledWorkers(db: DbOrTx): Promise<SkilledWorker[]> {
  const rows = await db
    .select({ worker_id: workers.id, name: workers.name, cart_count: count(cartEntries.userId) })
    .from(workers)
    .leftJoin(cartEntries, eq(cartEntries.workerId, workers.id))
    .where(eq(workers.active, true))
    .groupBy(workers.id)
    .orderBy(asc(workers.name), asc(workers.id))
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

/** Active workers who offer the service in the town and are free in the slot, least busy that week first. */
export async function findFreeWorkers(db: DbOrTx, q: SlotQuery, limit = 20): Promise<WorkerSuggestion[]> {
  const date = sql`${q.date}`
  const start = sql`${q.startTime}`
  const end = sql`${q.endTime}`
  const weekLoad = sql<number>`(
    select count(*) from ${assignments} wa
    where wa.worker_id = ${workers.id} and wa.status <> 'cancelled'
      and date_trunc('week', wa.assignment_date) = date_trunc('week', ${date}::date)
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
    .orderBy(weekLoad, asc(workers.name), asc(workers.id))
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

/** Everything that decides whether a worker may take a slot, read in one place. */
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
  const [worker] = await db
    .select({
      id: workers.id,
      name: workers.name,
      active: workers.active,
      townId: workers.townId,
      works: sql<boolean>`${worksThen(date, start, end)}`,
    })
    .from(workers)
    .where(eq(workers.id, q.workerId))
  if (!worker)
    return { exists: false, active: false, name: null, offersServiceInTown: false, worksThen: false, clash: null }
  let offers = q.townId === null || worker.townId === q.townId
  if (offers && q.serviceId !== null) {
    const [offer] = await db
      .select({ id: workerServices.id })
      .from(workerServices)
      .where(and(eq(workerServices.workerId, q.workerId), eq(workerServices.serviceId, q.serviceId)))
    offers = offer !== undefined
  }
  const [clash] = await db
    .select({ assignmentId: assignments.id, startTime: assignments.startTime, endTime: assignments.endTime })
    .from(assignments)
    .where(
      and(
        eq(assignments.workerId, q.workerId),
        ne(assignments.status, 'cancelled'),
        ne(assignments.id, q.excludeAssignmentId ?? 0),
        eq(assignments.assignmentDate, q.date),
        sql`${assignments.startTime} < ${end}::time and ${assignments.endTime} > ${start}::time`,
      ),
    )
    .limit(1)
  return {
    exists: true,
    active: worker.active,
    name: worker.name,
    offersServiceInTown: offers,
    worksThen: Boolean(worker.works),
    clash: clash ?? null,
  }
}
