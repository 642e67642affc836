import { z } from 'zod'
import { IdParamSchema, text } from './common'
import { endpoint, STAFF } from './endpoint'
import { NotificationSchema } from './notifications'
import { ServiceSchema, TownSchema } from './options'
import { MoneyStateSchema, TaskChargesSchema } from './payments'
import { ServiceRequestCoreSchema } from './requests'
import { TaskStatusSchema } from './statuses'
import { WorkflowRecordSchema } from './workflow'
export { taskReference } from './constants'

/** The task as its job page shows it, with the steps this caller may take now. */
export const JobTaskSchema = z.object({
  id: z.number().int(),
  /** TW-000123 (its request's reference), or #45 for a task made without a request. */
  reference: z.string(),
  name: z.string(),
  description: z.string(),
  status: TaskStatusSchema,
  service: ServiceSchema.nullable(),
  town: TownSchema.nullable(),
  created_at: z.string(),
  /** The statuses the status machine lets this caller's role move the task to now. */
  next_statuses: z.array(TaskStatusSchema),
  /** An admin may also set any other status, with a reason. */
  override_available: z.boolean(),
})
export type JobTask = z.infer<typeof JobTaskSchema>

/** The customer's request the task came from, with what the customer told (address, problem, time window, pin, photo). */
export const JobRequestSchema = ServiceRequestCoreSchema.extend({
  customer_name: z.string(),
  /** The customer's login, when the request was made logged in. */
  customer_user: z.string().nullable(),
})
export type JobRequest = z.infer<typeof JobRequestSchema>

/** The task's current assignment: who, when. */
export const JobAssignmentSchema = z.object({
  assignment_id: z.number().int(),
  worker_id: z.number().int(),
  worker_name: z.string(),
  worker_phone: z.string(),
  /** The services the worker offers (their trade). */
  worker_trades: z.array(ServiceSchema),
  worker_town: TownSchema.nullable(),
  date: z.string(),
  /** HH:MM:SS */
  start_time: z.string(),
  end_time: z.string(),
  completion_date: z.string().nullable(),
  status: TaskStatusSchema,
})
export type JobAssignment = z.infer<typeof JobAssignmentSchema>

/** The task's money: its charges and payments (as GET /api/tasks/{id}/charges), and the one money state. */
export const JobMoneySchema = TaskChargesSchema.extend({
  state: MoneyStateSchema,
  /**
   * What the worker gets for the task, as Payouts counts it: their share of the captured payment,
   * or before one, the total less the platform's commission; null while there is no price.
   */
  worker_share_paise: z.number().int().nullable(),
  /** Whether the worker's share has been paid out to them. */
  paid_out: z.boolean(),
})
export type JobMoney = z.infer<typeof JobMoneySchema>

/** GET /api/jobs/{taskId}: everything the job page shows, in one answer. */
export const JobResponseSchema = z.object({
  task: JobTaskSchema,
  request: JobRequestSchema.nullable(),
  assignment: JobAssignmentSchema.nullable(),
  money: JobMoneySchema,
  /** The messages sent (or queued) about the task and its request, oldest first. */
  messages: z.array(NotificationSchema),
  /** The workflow records, oldest first. */
  history: z.array(WorkflowRecordSchema),
})
export type JobResponse = z.infer<typeof JobResponseSchema>

/** The most rows a picker gets. */
export const JOB_SUMMARIES_LIMIT = 50

/** GET /api/assignments/summaries and /api/tasks/summaries: an optional search, newest first. */
export const JobSummariesQuerySchema = z.object({
  /** Matches the reference (TW-000123, 123, #45), the worker's name, the service or the town. */
  q: text().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(JOB_SUMMARIES_LIMIT).default(JOB_SUMMARIES_LIMIT),
})
export type JobSummariesQuery = z.infer<typeof JobSummariesQuerySchema>

/**
 * One row of a picker: the seed's id to send, and what a person recognises —
 * "TW-000123 · Plumber · Nirmal · Tue 25 Nov 10:00 · Ravi Kumar".
 */
export const JobSummarySchema = z.object({
  /** The id the seed's form sends: the assignment's for assignment pickers, the task's for task pickers. */
  id: z.number().int(),
  task_id: z.number().int(),
  assignment_id: z.number().int().nullable(),
  reference: z.string(),
  task_name: z.string(),
  service: ServiceSchema.nullable(),
  town: TownSchema.nullable(),
  date: z.string().nullable(),
  start_time: z.string().nullable(),
  worker_id: z.number().int().nullable(),
  worker_name: z.string().nullable(),
  status: TaskStatusSchema,
})
export type JobSummary = z.infer<typeof JobSummarySchema>

export const JobSummariesResponseSchema = z.object({ summaries: z.array(JobSummarySchema) })
export type JobSummariesResponse = z.infer<typeof JobSummariesResponseSchema>

/** The office's job page and pickers. */
export const jobsEndpoints = {
  job: endpoint({
    method: 'GET',
    path: '/api/jobs/:taskId',
    access: STAFF,
    tag: 'jobs',
    summary: 'Everything the job page shows: task, request, assignment, money, messages and history',
    params: z.object({ taskId: IdParamSchema }),
    response: JobResponseSchema,
  }),
  assignmentSummaries: endpoint({
    method: 'GET',
    path: '/api/assignments/summaries',
    access: STAFF,
    tag: 'jobs',
    summary: 'Assignments as a person recognises them (reference, service, town, time, worker), for pickers',
    query: JobSummariesQuerySchema,
    response: JobSummariesResponseSchema,
  }),
  taskSummaries: endpoint({
    method: 'GET',
    path: '/api/tasks/summaries',
    access: STAFF,
    tag: 'jobs',
    summary: 'Tasks as a person recognises them, with their current assignment, for pickers',
    query: JobSummariesQuerySchema,
    response: JobSummariesResponseSchema,
  }),
} as const
