import type { Review, Service, Town } from '@townworks/contract'
import { RATING_EDIT_DAYS } from '@townworks/contract/constants'
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import {
  assignments,
  serviceRequests,
  services,
  taskRatings,
  tasks,
  towns,
  workerServices,
  workers,
} from '../../db/schema'

export interface TaskToRate {
  status: (typeof tasks.$inferSelect)['status']
  customerUserId: number | null
  /** The worker of the task's current assignment (not cancelled), else its latest one. */
  workerId: number | null
}

/** A task as its rating needs it: status, whose request it is, and who did the work. */
export async function taskToRate(db: DbOrTx, taskId: number): Promise<TaskToRate | undefined> {
  const [task] = await db
    .select({ status: tasks.status, customerUserId: serviceRequests.customerId })
    .from(tasks)
    .leftJoin(serviceRequests, eq(serviceRequests.id, tasks.requestId))
    .where(eq(tasks.id, taskId))
  if (!task) return undefined
  const [assignment] = await db
    .select({ workerId: assignments.workerId })
    .from(assignments)
    .where(eq(assignments.taskId, taskId))
    .orderBy(sql`${assignments.status} = 'cancelled'`, desc(assignments.id))
    .limit(1)
  return { ...task, workerId: assignment?.workerId ?? null }
}

export interface RatingRow {
  stars: number
  review: string | null
  createdAt: Date
}

/**
 * Give or change a task's rating in one statement: a new one is inserted; an existing one changes
 * only within RATING_EDIT_DAYS of when it was first given. Undefined when that time has passed.
 */
export async function upsertRating(
  db: DbOrTx,
  r: { taskId: number; workerId: number; customerUserId: number; stars: number; review: string | null },
): Promise<RatingRow | undefined> {
  const [row] = await db
    .insert(taskRatings)
    .values(r)
    .onConflictDoUpdate({
      target: taskRatings.taskId,
      set: { stars: r.stars, review: r.review, updatedAt: sql`now()` },
      setWhere: sql`${taskRatings.createdAt} > now() - make_interval(days => ${RATING_EDIT_DAYS})`,
    })
    .returning({ stars: taskRatings.stars, review: taskRatings.review, createdAt: taskRatings.createdAt })
  return row
}

/** The ratings given to these tasks, by task. */
export async function ratingsOfTasks(db: DbOrTx, taskIds: readonly number[]): Promise<Map<number, RatingRow>> {
  if (taskIds.length === 0) return new Map()
  const rows = await db
    .select({
      taskId: taskRatings.taskId,
      stars: taskRatings.stars,
      review: taskRatings.review,
      createdAt: taskRatings.createdAt,
    })
    .from(taskRatings)
    .where(inArray(taskRatings.taskId, [...taskIds]))
  return new Map(rows.map(({ taskId, ...r }) => [taskId, r]))
}

/** Hide a task's review with a reason (kept, never deleted); false when the task has no rating. */
export async function hideRating(db: DbOrTx, taskId: number, userId: number, reason: string): Promise<boolean> {
  const rows = await db
    .update(taskRatings)
    .set({ hiddenAt: sql`now()`, hiddenByUserId: userId, hiddenReason: reason })
    .where(eq(taskRatings.taskId, taskId))
    .returning({ taskId: taskRatings.taskId })
  return rows.length > 0
}

/** Show a hidden review again; false when the task has no rating. */
export async function showRating(db: DbOrTx, taskId: number): Promise<boolean> {
  const rows = await db
    .update(taskRatings)
    .set({ hiddenAt: null, hiddenByUserId: null, hiddenReason: null })
    .where(eq(taskRatings.taskId, taskId))
    .returning({ taskId: taskRatings.taskId })
  return rows.length > 0
}

/** A worker as their profile shows them, with the services they offer; undefined when missing or inactive. */
export async function workerForProfile(
  db: DbOrTx,
  workerId: number,
): Promise<{ name: string; town: Town; services: { service_name: Service; price_paise: number }[] } | undefined> {
  const [worker] = await db
    .select({ name: workers.name, town: towns.name })
    .from(workers)
    .innerJoin(towns, eq(towns.id, workers.townId))
    .where(and(eq(workers.id, workerId), eq(workers.active, true)))
  if (!worker) return undefined
  const offers = await db
    .select({ service_name: services.name, price_paise: workerServices.pricePaise })
    .from(workerServices)
    .innerJoin(services, eq(services.id, workerServices.serviceId))
    .where(eq(workerServices.workerId, workerId))
    .orderBy(asc(services.sortOrder), asc(services.name))
  return {
    name: worker.name,
    town: worker.town as Town,
    services: offers.map((o) => ({ service_name: o.service_name as Service, price_paise: o.price_paise })),
  }
}

/**
 * A worker's latest reviews, newest first: stars, text, the customer's first name and town, the
 * service. Hidden ones only for staff (`withHidden`), marked with why.
 */
export async function reviewsOfWorker(
  db: DbOrTx,
  workerId: number,
  options: { withHidden: boolean; limit: number },
): Promise<Review[]> {
  const rows = await db
    .select({
      task_id: taskRatings.taskId,
      stars: taskRatings.stars,
      review: taskRatings.review,
      created_at: taskRatings.createdAt,
      customer_name: serviceRequests.name,
      town: towns.name,
      service_name: services.name,
      hidden_at: taskRatings.hiddenAt,
      hidden_reason: taskRatings.hiddenReason,
    })
    .from(taskRatings)
    .innerJoin(tasks, eq(tasks.id, taskRatings.taskId))
    .leftJoin(serviceRequests, eq(serviceRequests.id, tasks.requestId))
    .leftJoin(towns, eq(towns.id, serviceRequests.townId))
    .leftJoin(services, eq(services.id, tasks.serviceId))
    .where(and(eq(taskRatings.workerId, workerId), options.withHidden ? undefined : isNull(taskRatings.hiddenAt)))
    .orderBy(desc(taskRatings.createdAt), desc(taskRatings.taskId))
    .limit(options.limit)
  return rows.map((r) => ({
    task_id: r.task_id,
    stars: r.stars,
    review: r.review,
    customer_first_name: firstName(r.customer_name),
    town: (r.town as Town | null) ?? null,
    service_name: (r.service_name as Service | null) ?? null,
    created_at: r.created_at.toISOString(),
    ...(options.withHidden
      ? { hidden: r.hidden_at && r.hidden_reason ? { reason: r.hidden_reason, at: r.hidden_at.toISOString() } : null }
      : {}),
  }))
}

/** A person's first name only: a review never carries a whole name. */
function firstName(name: string | null): string {
  return name?.trim().split(/\s+/)[0] ?? ''
}
