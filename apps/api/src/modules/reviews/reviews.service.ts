import { RATABLE_STATUSES, RATING_EDIT_DAYS } from '@townworks/contract/constants'
import {
  STAFF,
  type HideReviewBody,
  type MyRating,
  type RatingBody,
  type RatingResponse,
  type TaskStatus,
  type WorkerProfileResponse,
} from '@townworks/contract'
import { AppError, notFound } from '../../shared/app-error'
import type { Ctx } from '../../shared/context'
import * as workersService from '../workers/workers.service'
import * as reviewsRepository from './reviews.repository'

/** How many of the latest reviews a profile carries. */
export const PROFILE_REVIEWS = 10

const DAY_MS = 86_400_000

function myRating(row: reviewsRepository.RatingRow): MyRating {
  return {
    stars: row.stars,
    review: row.review,
    created_at: row.createdAt.toISOString(),
    editable_until: new Date(row.createdAt.getTime() + RATING_EDIT_DAYS * DAY_MS).toISOString(),
  }
}

/** Whether a task's customer may rate now: paid or closed, and not rated longer ago than the days to change it. */
export function canRate(status: TaskStatus, rating: MyRating | null, now = new Date()): boolean {
  if (!(RATABLE_STATUSES as readonly TaskStatus[]).includes(status)) return false
  return rating === null || new Date(rating.editable_until) > now
}

/**
 * PUT /api/tasks/{task_id}/rating (issue 21): only the task's own customer, only once it is paid or
 * closed; one rating per task, which they may change for RATING_EDIT_DAYS. Someone else's task
 * answers as missing.
 */
export async function rateTask(ctx: Ctx, taskId: number, body: RatingBody): Promise<RatingResponse> {
  const user = ctx.user
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue')
  const task = await reviewsRepository.taskToRate(ctx.database.db, taskId)
  if (!task || task.customerUserId !== user.id) throw notFound('Task')
  if (!(RATABLE_STATUSES as readonly TaskStatus[]).includes(task.status) || task.workerId === null) {
    throw new AppError('RATING_NOT_OPEN', 'You can rate the worker once the job is paid')
  }
  const review = body.review?.trim() ? body.review.trim() : null
  const row = await reviewsRepository.upsertRating(ctx.database.db, {
    taskId,
    workerId: task.workerId,
    customerUserId: user.id,
    stars: body.stars,
    review,
  })
  if (!row) {
    throw new AppError('RATING_NOT_OPEN', `A rating can be changed for ${RATING_EDIT_DAYS} days after it is given`)
  }
  return { message: 'Thank you for your rating', task_id: taskId, rating: myRating(row) }
}

/** The customer's ratings of these tasks, by task (the caller checked the tasks are theirs). */
export async function myRatingsOf(ctx: Ctx, taskIds: readonly number[]): Promise<Map<number, MyRating>> {
  const rows = await reviewsRepository.ratingsOfTasks(ctx.database.db, taskIds)
  return new Map([...rows].map(([taskId, row]) => [taskId, myRating(row)]))
}

/** PUT /api/tasks/{task_id}/rating/hidden: staff hide a review that breaks the rules; it is kept, with why. */
export async function hideReview(ctx: Ctx, taskId: number, body: HideReviewBody) {
  const user = ctx.user
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue')
  if (!(await reviewsRepository.hideRating(ctx.database.db, taskId, user.id, body.reason))) throw notFound('Rating')
  return { message: 'The review is hidden', task_id: taskId }
}

/** DELETE /api/tasks/{task_id}/rating/hidden: staff show a review hidden by mistake again. */
export async function showReview(ctx: Ctx, taskId: number) {
  if (!(await reviewsRepository.showRating(ctx.database.db, taskId))) throw notFound('Rating')
  return { message: 'The review shows again', task_id: taskId }
}

/**
 * GET /api/workers/{worker_id}/profile: who is coming — services and prices, town, rating, jobs
 * done, the latest reviews (first name and town only). Public like /swl; staff also see hidden
 * reviews, marked. An inactive or unknown worker is 404.
 */
export async function workerProfile(ctx: Ctx, workerId: number): Promise<WorkerProfileResponse> {
  const worker = await reviewsRepository.workerForProfile(ctx.database.db, workerId)
  if (!worker) throw notFound('Worker')
  const staff = ctx.user !== undefined && (STAFF as readonly string[]).includes(ctx.user.role)
  const standing = (await workersService.cardsOf(ctx.database.db, [workerId])).get(workerId)!
  const reviews = await reviewsRepository.reviewsOfWorker(ctx.database.db, workerId, {
    withHidden: staff,
    limit: PROFILE_REVIEWS,
  })
  return { profile: { worker_id: workerId, ...worker, ...standing, reviews } }
}
