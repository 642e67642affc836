import { z } from 'zod'
import { IdParamSchema, MessageResponseSchema, text } from './common'
import { RATING_REVIEW_MAX_LENGTH, START_CODE_PATTERN } from './constants'
import { endpoint, STAFF } from './endpoint'
import { ServiceSchema, TownSchema } from './options'
import { UpdateStatusResponseSchema } from './tasks'
import { TaskStatusSchema } from './statuses'
import { WorkerProfileFieldsSchema } from './worker-profile'

/**
 * Trust between strangers (issue 21): the start code that proves the worker came, ratings and
 * reviews, and the worker's profile they add up to.
 */

/** The 4 digits the customer reads out at the door. */
export const StartCodeSchema = text().trim().regex(START_CODE_PATTERN, { error: 'Type the 4 digits the customer has' })

/**
 * POST /api/tasks/{task_id}/start — the assigned worker starts the work with the customer's start
 * code. `expected_status` guards as on PUT /api/update-status: a task moved meanwhile is refused (409).
 */
export const StartTaskBodySchema = z.strictObject({
  start_code: StartCodeSchema,
  expected_status: TaskStatusSchema.optional(),
})
export type StartTaskBody = z.infer<typeof StartTaskBodySchema>

/** A worker's standing here: ratings (hidden ones do not count) and the jobs they finished. */
export const WorkerStandingSchema = z.object({
  /** The mean of the shown ratings, to one decimal; null before the first. */
  rating_avg: z.number().nullable(),
  rating_count: z.number().int(),
  /** Tasks assigned to them that reached payment or the close. */
  jobs_done: z.number().int(),
})
export type WorkerStanding = z.infer<typeof WorkerStandingSchema>

/**
 * How often a worker's work carries its proof (issue 21), for the office's roster: of the tasks
 * they started that had a start code, how many started with it (not by the office without it); of
 * the jobs they finished, how many have photos of the work.
 */
export const WorkerProofSchema = z.object({
  starts_with_code_base: z.number().int(),
  starts_with_code: z.number().int(),
  jobs_with_photos: z.number().int(),
})
export type WorkerProof = z.infer<typeof WorkerProofSchema>

/** One review on a worker's profile: the customer's first name and town only. */
export const ReviewSchema = z.object({
  task_id: z.number().int(),
  stars: z.number().int().min(1).max(5),
  review: z.string().nullable(),
  customer_first_name: z.string(),
  town: TownSchema.nullable(),
  service_name: ServiceSchema.nullable(),
  created_at: z.string(),
  /** Staff only: a hidden review and why (customers and the worker never see hidden ones). */
  hidden: z.object({ reason: z.string(), at: z.string() }).nullable().optional(),
})
export type Review = z.infer<typeof ReviewSchema>

/** GET /api/workers/{worker_id}/profile — who is coming: no phone, no email. */
export const WorkerProfileSchema = WorkerStandingSchema.extend({
  ...WorkerProfileFieldsSchema.shape,
  worker_id: z.number().int(),
  name: z.string(),
  town: TownSchema,
  services: z.array(z.object({ service_name: ServiceSchema, price_paise: z.number().int() })),
  /** The latest reviews, newest first (a few; the count is rating_count). */
  reviews: z.array(ReviewSchema),
})
export type WorkerProfile = z.infer<typeof WorkerProfileSchema>
export const WorkerProfileResponseSchema = z.object({ profile: WorkerProfileSchema })
export type WorkerProfileResponse = z.infer<typeof WorkerProfileResponseSchema>

/** PUT /api/tasks/{task_id}/rating — the task's own customer, once the task is paid or closed. */
export const RatingBodySchema = z.strictObject({
  stars: z.number({ error: 'Choose from 1 to 5 stars' }).int().min(1).max(5),
  review: text({ multiline: true }).trim().max(RATING_REVIEW_MAX_LENGTH).optional(),
})
export type RatingBody = z.infer<typeof RatingBodySchema>

/** The customer's own rating of a task, and until when it may change. */
export const MyRatingSchema = z.object({
  stars: z.number().int(),
  review: z.string().nullable(),
  created_at: z.string(),
  editable_until: z.string(),
})
export type MyRating = z.infer<typeof MyRatingSchema>
export const RatingResponseSchema = MessageResponseSchema.extend({ task_id: z.number().int(), rating: MyRatingSchema })
export type RatingResponse = z.infer<typeof RatingResponseSchema>

/** PUT /api/tasks/{task_id}/rating/hidden — staff hide a review that breaks the rules; it is kept. */
export const HideReviewBodySchema = z.strictObject({
  reason: text({ multiline: true }).trim().min(3).max(300),
})
export type HideReviewBody = z.infer<typeof HideReviewBodySchema>
export const HideReviewResponseSchema = MessageResponseSchema.extend({ task_id: z.number().int() })

const taskParams = z.object({ task_id: IdParamSchema })

/** The trust endpoints. */
export const trustEndpoints = {
  startTask: endpoint({
    method: 'POST',
    path: '/api/tasks/:task_id/start',
    access: ['worker'],
    tag: 'tasks',
    summary: "The assigned worker starts the work with the customer's start code",
    // Sent again from the phone's queue after a weak signal: answered once, a wrong code counted once (decision 064).
    idempotencyKey: 'optional',
    params: taskParams,
    body: StartTaskBodySchema,
    response: UpdateStatusResponseSchema,
  }),
  workerProfile: endpoint({
    method: 'GET',
    path: '/api/workers/:worker_id/profile',
    access: 'public',
    tag: 'workers',
    summary: "A worker's profile: services, towns, rating, jobs done and the latest reviews",
    params: z.object({ worker_id: IdParamSchema }),
    response: WorkerProfileResponseSchema,
  }),
  rateTask: endpoint({
    method: 'PUT',
    path: '/api/tasks/:task_id/rating',
    access: ['customer'],
    tag: 'tasks',
    summary: 'The customer rates the worker of their paid or closed task (editable for a few days)',
    params: taskParams,
    body: RatingBodySchema,
    response: RatingResponseSchema,
  }),
  hideReview: endpoint({
    method: 'PUT',
    path: '/api/tasks/:task_id/rating/hidden',
    access: STAFF,
    tag: 'tasks',
    summary: 'Hide a review that breaks the rules, with a reason (it is kept)',
    params: taskParams,
    body: HideReviewBodySchema,
    response: HideReviewResponseSchema,
  }),
  showReview: endpoint({
    method: 'DELETE',
    path: '/api/tasks/:task_id/rating/hidden',
    access: STAFF,
    tag: 'tasks',
    summary: 'Show a hidden review again (a review hidden by mistake): it counts in the rating again',
    params: taskParams,
    response: HideReviewResponseSchema,
  }),
} as const
