import type { TaskStatus, WorkerStanding } from '@townworks/contract'
import { and, count, inArray, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { tableNames } from '../../db/tables'
import { assignments, taskRatings } from '../../db/schema'

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
