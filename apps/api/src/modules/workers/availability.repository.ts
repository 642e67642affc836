import type {
  OrderUnit,
  WorkerStanding,
  Availability,
  AvailabilityConflict,
  Service,
  TaskStatus,
  Town,
  WorkerSuggestion,
  WorkingHours,
} from '@townworks/contract'
import { taskReference } from '@townworks/contract/constants'
import { and, asc, eq, gte, inArray, ne, not, sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { tableNames } from '../../db/tables'
import {
  assignments,
  services,
  tasks,
  towns,
  workerDaysOff,
  workerHours,
  workers,
  workerServices,
} from '../../db/schema'

// When workers work: their week and days off, free workers for a slot, booking checks and locks
// (`worker_hours`, `worker_days_off`; decision 006).

export interface SlotQuery {
  service: string
  town: string
  date: string
  startTime: string
  endTime: string
  excludeAssignmentId?: number
  /**
   * A materials order's unit with `sort: 'price'` (decision 069): those who price the service per
   * this unit come first, the cheapest first, so the limit keeps the cheapest suppliers.
   */
  cheapestPer?: OrderUnit
}

/** A free worker as found: a suggestion before its standing and the order's total, with its place in the usual order. */
export type FreeWorker = Omit<WorkerSuggestion, keyof WorkerStanding | 'order_total_paise'> & { usualRank: number }

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
 * Active workers who offer the service in the town and are free in the slot, best match first (the
 * usual order): specialists (fewest services offered) before generalists, then the least busy that
 * week. With `cheapestPer`, those who price that unit first, cheapest first; `usualRank` keeps each
 * one's place in the usual order (1, 2, …) for ties.
 */
export async function findFreeWorkers(db: DbOrTx, q: SlotQuery, limit = 20): Promise<FreeWorker[]> {
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
      unit: workerServices.unit,
      phone_number: workers.phone,
      week_assignments: weekLoad,
      usualRank:
        sql<number>`row_number() over (order by ${breadth}, ${weekLoad}, ${workers.name}, ${workers.id})`.mapWith(
          Number,
        ),
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
    .orderBy(
      ...(q.cheapestPer === undefined
        ? []
        : [
            sql`case when ${workerServices.unit} = ${q.cheapestPer} then ${workerServices.pricePaise} end asc nulls last`,
          ]),
      breadth,
      weekLoad,
      asc(workers.name),
      asc(workers.id),
    )
    .limit(limit)
  return rows.map((r) => ({
    ...r,
    town: r.town as Town,
    service_name: r.service_name as Service,
    price: r.price_paise / 100,
  }))
}

/** A worker's slot to book: the one shape the booking checks, the locks and scheduling share. */
export interface BookingSlot {
  workerId: number
  serviceId: number | null
  townId: number | null
  date: string
  startTime: string
  endTime: string
  /** The assignment being moved: its own slot is not a clash. */
  excludeAssignmentId?: number
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
export async function checkBooking(db: DbOrTx, q: BookingSlot): Promise<BookingCheck> {
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

/** Statuses of an assignment still to be worked. */
export const OPEN_STATUSES: readonly TaskStatus[] = ['assigned', 'work_inprogress', 'work_pending']

/** Open assignments from `fromDate` on that the worker's stored hours and days off no longer cover. */
export async function uncoveredAssignments(
  db: DbOrTx,
  workerId: number,
  fromDate: string,
): Promise<AvailabilityConflict[]> {
  const rows = await db
    .select({
      assignment_id: assignments.id,
      task_id: assignments.taskId,
      request_id: tasks.requestId,
      assignment_date: assignments.assignmentDate,
      start_time: assignments.startTime,
      end_time: assignments.endTime,
    })
    .from(assignments)
    .innerJoin(tasks, eq(tasks.id, assignments.taskId))
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
  return rows.map(({ request_id, ...row }) => ({
    ...row,
    reference: taskReference({ id: row.task_id, requestId: request_id }),
  }))
}
