import {
  ASSIGNMENT_DETAILS_COUNT_AHEAD,
  type AssignmentDetailRow,
  type AssignmentDetailsQuery,
  type AssignmentForm,
  type AssignmentListItem,
  type AssignmentTaskResponse,
  type Service,
  type TaskStatus,
  type Town,
} from '@townworks/contract'
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { INDIA_NOW, INDIA_TODAY } from '../../db/india-time'
import { EXPORT_BATCH } from '../../db/export'
import { likeContaining } from '../../db/like'
import { tableNames } from '../../db/tables'
import { assignments, serviceRequests, services, tasks, towns, workers, workerServices } from '../../db/schema'

/** `HH:MM:SS` → `HH:MM`, as the seed's time inputs read it. */
const hhmm = (time: string) => time.slice(0, 5)

/** Ids of a service and a town by name; undefined for a name that is not in the lists. */
export async function serviceIdByName(db: DbOrTx, name: string): Promise<number | undefined> {
  const [row] = await db.select({ id: services.id }).from(services).where(eq(services.name, name))
  return row?.id
}

export async function townIdByName(db: DbOrTx, name: string): Promise<number | undefined> {
  const [row] = await db.select({ id: towns.id }).from(towns).where(eq(towns.name, name))
  return row?.id
}

/** A worker's town and the services they offer, to fill in what a schedule without a request leaves out. */
export async function workerOffer(
  db: DbOrTx,
  workerId: number,
): Promise<{ townId: number; serviceIds: number[] } | undefined> {
  const [worker] = await db.select({ townId: workers.townId }).from(workers).where(eq(workers.id, workerId))
  if (!worker) return undefined
  const offers = await db
    .select({ serviceId: workerServices.serviceId })
    .from(workerServices)
    .where(eq(workerServices.workerId, workerId))
  return { townId: worker.townId, serviceIds: offers.map((o) => o.serviceId) }
}

/** The names of these workers, by id (a move's history record names who had the job and who has it now). */
export async function workerNames(db: DbOrTx, workerIds: readonly number[]): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: workers.id, name: workers.name })
    .from(workers)
    .where(inArray(workers.id, [...workerIds]))
  return new Map(rows.map((r) => [r.id, r.name]))
}

export interface NewAssignment {
  taskId: number
  workerId: number
  serviceDesc: string
  date: string
  startTime: string
  endTime: string
  completionDate: string | null
  status: TaskStatus
}

/** Insert a task's assignment; answers its id. */
export async function insertAssignment(tx: DbOrTx, a: NewAssignment): Promise<number> {
  const [assignment] = await tx
    .insert(assignments)
    .values({
      taskId: a.taskId,
      workerId: a.workerId,
      serviceDesc: a.serviceDesc,
      assignmentDate: a.date,
      startTime: a.startTime,
      endTime: a.endTime,
      completionDate: a.completionDate,
      status: a.status,
    })
    .returning({ id: assignments.id })
  return assignment!.id
}

/** Every assignment with its task's name, newest first. */
export async function listAssignmentItems(db: DbOrTx): Promise<AssignmentListItem[]> {
  return db
    .select({
      assignment_id: assignments.id,
      task_id: assignments.taskId,
      worker_id: assignments.workerId,
      task_name: tasks.taskName,
      status: assignments.status,
    })
    .from(assignments)
    .innerJoin(tasks, eq(tasks.id, assignments.taskId))
    .orderBy(desc(assignments.id))
}

/** Every assignment id, newest first. */
export async function listAssignmentIds(db: DbOrTx): Promise<number[]> {
  const rows = await db.select({ id: assignments.id }).from(assignments).orderBy(desc(assignments.id))
  return rows.map((r) => r.id)
}

/** One assignment as the edit form reads it; the status is its task's (the status machine's). */
export async function getAssignmentForm(db: DbOrTx, assignmentId: number): Promise<AssignmentForm | undefined> {
  const [row] = await db
    .select({
      assignment_id: assignments.id,
      task_id: assignments.taskId,
      worker_id: assignments.workerId,
      task_name: tasks.taskName,
      service_desc: assignments.serviceDesc,
      assignment_date: assignments.assignmentDate,
      completion_date: assignments.completionDate,
      start_time: assignments.startTime,
      end_time: assignments.endTime,
      status: tasks.status,
      service: services.name,
      town: towns.name,
    })
    .from(assignments)
    .innerJoin(tasks, eq(tasks.id, assignments.taskId))
    .leftJoin(services, eq(services.id, tasks.serviceId))
    .leftJoin(towns, eq(towns.id, tasks.townId))
    .where(eq(assignments.id, assignmentId))
  if (!row) return undefined
  return {
    ...row,
    start_time: hhmm(row.start_time),
    end_time: hhmm(row.end_time),
    service: row.service as Service | null,
    town: row.town as Town | null,
  }
}

/** An assignment's task name, id and status. */
export async function getAssignmentTask(db: DbOrTx, assignmentId: number): Promise<AssignmentTaskResponse | undefined> {
  const [row] = await db
    .select({ task_name: tasks.taskName, task_id: tasks.id, status: tasks.status })
    .from(assignments)
    .innerJoin(tasks, eq(tasks.id, assignments.taskId))
    .where(eq(assignments.id, assignmentId))
  return row
}

export interface LockedAssignment {
  id: number
  taskId: number
  workerId: number
  date: string
  startTime: string
  endTime: string
  status: TaskStatus
  taskName: string
  taskStatus: TaskStatus
  serviceId: number | null
  townId: number | null
}

/**
 * Lock an assignment and its task for the rest of the transaction. The task is locked first, in
 * the same order as a status change (task, then its assignments), so the two never deadlock.
 */
export async function lockAssignment(tx: DbOrTx, assignmentId: number): Promise<LockedAssignment | undefined> {
  const [link] = await tx
    .select({ taskId: assignments.taskId })
    .from(assignments)
    .where(eq(assignments.id, assignmentId))
  if (!link) return undefined
  const [task] = await tx
    .select({ name: tasks.taskName, status: tasks.status, serviceId: tasks.serviceId, townId: tasks.townId })
    .from(tasks)
    .where(eq(tasks.id, link.taskId))
    .for('update')
  const [a] = await tx
    .select({
      id: assignments.id,
      taskId: assignments.taskId,
      workerId: assignments.workerId,
      date: assignments.assignmentDate,
      startTime: assignments.startTime,
      endTime: assignments.endTime,
      status: assignments.status,
    })
    .from(assignments)
    .where(eq(assignments.id, assignmentId))
    .for('update')
  if (!a || !task) return undefined
  return { ...a, taskName: task.name, taskStatus: task.status, serviceId: task.serviceId, townId: task.townId }
}

/** Write the edit form's booking fields to an assignment. */
export async function updateAssignment(
  tx: DbOrTx,
  assignmentId: number,
  values: {
    workerId: number
    serviceDesc: string
    date: string
    startTime: string
    endTime: string
    completionDate: string | null
  },
): Promise<void> {
  await tx
    .update(assignments)
    .set({
      workerId: values.workerId,
      serviceDesc: values.serviceDesc,
      assignmentDate: values.date,
      startTime: values.startTime,
      endTime: values.endTime,
      completionDate: values.completionDate,
    })
    .where(eq(assignments.id, assignmentId))
}

const SORT_COLUMNS = {
  assignment_id: assignments.id,
  assignment_date: assignments.assignmentDate,
  created_date: assignments.createdDate,
  completion_date: assignments.completionDate,
  status: assignments.status,
  worker_name: workers.name,
  task_name: tasks.taskName,
  requester: serviceRequests.name,
} as const

/** What listAssignmentDetails reads. */
export const ASSIGNMENT_DETAILS_READ = tableNames(assignments, tasks, workers, serviceRequests, towns)

/** The WHERE of Assignment Details: its filters and its search box; undefined for none. */
function detailsFilter(q: AssignmentDetailsQuery): SQL | undefined {
  const filters: SQL[] = []
  if (q.status) filters.push(eq(assignments.status, q.status))
  if (q.town) filters.push(eq(towns.name, q.town))
  if (q.workerId) filters.push(eq(assignments.workerId, q.workerId))
  if (q.from) filters.push(gte(assignments.assignmentDate, q.from))
  if (q.to) filters.push(lte(assignments.assignmentDate, q.to))
  // Past its start and not started (decision 042): the date bound lets the (status, date) index serve it.
  if (q.overdue)
    filters.push(
      eq(assignments.status, 'assigned'),
      lte(assignments.assignmentDate, INDIA_TODAY),
      sql`${assignments.assignmentDate} + ${assignments.startTime} <= ${INDIA_NOW}`,
    )
  if (q.q) {
    const like = likeContaining(q.q)
    const text = [
      ilike(tasks.taskName, like),
      ilike(workers.name, like),
      ilike(serviceRequests.name, like),
      ilike(serviceRequests.phone, like),
    ]
    // A number typed in the search box also finds that assignment or task.
    if (/^\d{1,9}$/.test(q.q)) text.push(eq(assignments.id, Number(q.q)), eq(assignments.taskId, Number(q.q)))
    filters.push(or(...text)!)
  }
  return filters.length ? and(...filters) : undefined
}

/** Assignment Details' columns and joins: one row per assignment, with its task, worker, request and town. */
function selectDetails(db: DbOrTx) {
  return db
    .select({
      requester: serviceRequests.name,
      phone: serviceRequests.phone,
      worker_name: workers.name,
      worker_id: workers.id,
      task_id: tasks.id,
      task_name: tasks.taskName,
      status: assignments.status,
      assignment_id: assignments.id,
      created_date: assignments.createdDate,
      assignment_date: assignments.assignmentDate,
      completion_date: assignments.completionDate,
      start_time: assignments.startTime,
      end_time: assignments.endTime,
      town: towns.name,
    })
    .from(assignments)
    .innerJoin(tasks, eq(tasks.id, assignments.taskId))
    .innerJoin(workers, eq(workers.id, assignments.workerId))
    .leftJoin(serviceRequests, eq(serviceRequests.id, tasks.requestId))
    .leftJoin(towns, eq(towns.id, tasks.townId))
}

type DetailRecord = Awaited<ReturnType<ReturnType<typeof selectDetails>['where']>>[number]

/** A row of selectDetails as the wire has it: the creation instant in ISO, times as HH:MM. */
const toDetailRow = (r: DetailRecord): AssignmentDetailRow => ({
  ...r,
  created_date: r.created_date.toISOString(),
  start_time: hhmm(r.start_time),
  end_time: hhmm(r.end_time),
  town: r.town as Town | null,
})

/** One page of Assignment Details, filtered and sorted, with the number of rows that match. */
export async function listAssignmentDetails(
  db: DbOrTx,
  q: AssignmentDetailsQuery,
): Promise<{ rows: AssignmentDetailRow[]; total: number; totalExact: boolean }> {
  const where = detailsFilter(q)
  const direction = q.order === 'asc' ? asc : desc
  const rows = await selectDetails(db)
    .where(where)
    // The id breaks ties, so a page never repeats or skips a row.
    .orderBy(direction(SORT_COLUMNS[q.sort]), direction(assignments.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
  // Count the matching rows only up to a bound past this page, so the count's cost follows the page,
  // not the table (decision 014). Without a town or text filter the joins cannot change the count
  // (task and worker are required foreign keys, the rest are left joins): the assignments alone do.
  const bound = (q.page - 1) * q.pageSize + q.pageSize + ASSIGNMENT_DETAILS_COUNT_AHEAD
  const matching =
    q.town || q.q
      ? db
          .select({ id: assignments.id })
          .from(assignments)
          .innerJoin(tasks, eq(tasks.id, assignments.taskId))
          .innerJoin(workers, eq(workers.id, assignments.workerId))
          .leftJoin(serviceRequests, eq(serviceRequests.id, tasks.requestId))
          .leftJoin(towns, eq(towns.id, tasks.townId))
          .where(where)
          .limit(bound + 1)
      : db
          .select({ id: assignments.id })
          .from(assignments)
          .where(where)
          .limit(bound + 1)
  const [counted] = await db.select({ n: count() }).from(matching.as('matching'))
  const n = Number(counted?.n ?? 0)
  return {
    rows: rows.map(toDetailRow),
    total: Math.min(n, bound),
    totalExact: n <= bound,
  }
}

/**
 * Every row Assignment Details' filters keep (not one page), newest assignment first, in batches
 * read by id (keyset): the CSV export streams a table of any size in constant memory (decision 045).
 */
export async function* exportAssignmentDetailBatches(
  db: DbOrTx,
  q: AssignmentDetailsQuery,
  batchSize = EXPORT_BATCH,
): AsyncGenerator<AssignmentDetailRow[]> {
  const where = detailsFilter(q)
  let before: number | undefined
  for (;;) {
    const rows = await selectDetails(db)
      .where(and(where, before === undefined ? undefined : lt(assignments.id, before)))
      .orderBy(desc(assignments.id))
      .limit(batchSize)
    if (rows.length === 0) return
    yield rows.map(toDetailRow)
    if (rows.length < batchSize) return
    before = rows.at(-1)!.assignment_id
  }
}
