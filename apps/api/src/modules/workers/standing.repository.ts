import type { TaskStatus, WorkerProof, WorkerStanding } from '@townworks/contract'
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { tableNames } from '../../db/tables'
import { assignments, taskPhotos, taskRatings, taskStartCodes } from '../../db/schema'

/** A task its worker finished: the work is done, whatever is left of the money. */
export const DONE_STATUSES = [
  'work_completed',
  'payment_pending',
  'payment_received',
  'paid_to_worker',
  'task_completed',
] as const satisfies readonly TaskStatus[]

/** What standingOf reads (decision 014: a cached read that shows standing names them). */
export const STANDING_READ = tableNames(taskRatings, assignments)

export const NO_STANDING: WorkerStanding = { rating_avg: null, rating_count: 0, jobs_done: 0 }

/**
 * Each worker's standing (issue 21): the mean of their shown ratings to one decimal, how many, and
 * the jobs they finished; a worker with neither has NO_STANDING.
 */
export async function standingOf(db: DbOrTx, workerIds: readonly number[]): Promise<Map<number, WorkerStanding>> {
  const out = new Map<number, WorkerStanding>()
  if (workerIds.length === 0) return out
  const ids = [...new Set(workerIds)]
  const ratings = await db
    .select({
      workerId: taskRatings.workerId,
      avg: sql<string>`round(avg(${taskRatings.stars}), 1)`,
      n: count(),
    })
    .from(taskRatings)
    .where(and(inArray(taskRatings.workerId, ids), isNull(taskRatings.hiddenAt)))
    .groupBy(taskRatings.workerId)
  const jobs = await db
    .select({ workerId: assignments.workerId, n: sql<number>`count(distinct ${assignments.taskId})::int` })
    .from(assignments)
    .where(and(inArray(assignments.workerId, ids), inArray(assignments.status, [...DONE_STATUSES])))
    .groupBy(assignments.workerId)
  for (const id of ids) out.set(id, { ...NO_STANDING })
  for (const r of ratings)
    out.set(r.workerId, { ...out.get(r.workerId)!, rating_avg: Number(r.avg), rating_count: r.n })
  for (const j of jobs) out.set(j.workerId, { ...out.get(j.workerId)!, jobs_done: j.n })
  return out
}

/** A task that started: its worker came (with the code, or the office started it without). */
const STARTED_STATUSES = ['work_inprogress', 'work_pending', ...DONE_STATUSES] as const satisfies readonly TaskStatus[]

/** What proofOf reads. */
export const PROOF_READ = tableNames(assignments, taskStartCodes, taskPhotos)

export const NO_PROOF: WorkerProof = { starts_with_code_base: 0, starts_with_code: 0, jobs_with_photos: 0 }

/**
 * How often each worker's work carries its proof (issue 21): of the tasks they started that had a
 * start code, how many started with it; of the jobs they finished, how many have photos. One grouped
 * query over their assignments.
 */
export async function proofOf(db: DbOrTx, workerIds: readonly number[]): Promise<Map<number, WorkerProof>> {
  const out = new Map<number, WorkerProof>()
  if (workerIds.length === 0) return out
  const ids = [...new Set(workerIds)]
  const done = sql`${assignments.status} in (${sql.join(
    DONE_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )})`
  const rows = await db
    .select({
      workerId: assignments.workerId,
      base: sql<number>`count(distinct ${taskStartCodes.taskId})::int`,
      withCode: sql<number>`count(distinct ${taskStartCodes.taskId}) filter (where ${taskStartCodes.confirmedAt} is not null)::int`,
      withPhotos: sql<number>`count(distinct ${assignments.taskId}) filter (where ${done} and exists (select 1 from ${taskPhotos} where ${taskPhotos.taskId} = ${assignments.taskId}))::int`,
    })
    .from(assignments)
    .leftJoin(taskStartCodes, eq(taskStartCodes.taskId, assignments.taskId))
    .where(and(inArray(assignments.workerId, ids), inArray(assignments.status, [...STARTED_STATUSES])))
    .groupBy(assignments.workerId)
  for (const id of ids) out.set(id, { ...NO_PROOF })
  for (const r of rows)
    out.set(r.workerId, { starts_with_code_base: r.base, starts_with_code: r.withCode, jobs_with_photos: r.withPhotos })
  return out
}
