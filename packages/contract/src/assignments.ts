import { z } from 'zod'
import {
  CsvFileSchema,
  DateSchema,
  ID_PATTERN,
  IdParamSchema,
  IdSchema,
  MAX_ID,
  MessageResponseSchema,
  text,
  TimeSchema,
} from './common'
import { ServiceSchema, TownSchema } from './options'
import { NEW_TASK_STATUSES, TaskStatusSchema, type TaskStatus } from './statuses'
import { endpoint, STAFF } from './endpoint'
import { ASSIGNMENT_DETAIL_SORTS } from './constants'

export { ASSIGNMENT_DETAIL_SORTS, type AssignmentDetailSort } from './constants'
export { ASSIGNMENT_DETAILS_PAGE_SIZES } from './constants'

/**
 * A worker id typed by hand: a whole number, possibly sent as a string of plain digits (never
 * `0x10`, `1e1` or ` 16`: those stay text and are refused).
 */
export const WorkerIdSchema = z.preprocess(
  (v) => (typeof v === 'string' ? (ID_PATTERN.test(v) ? Number(v) : v === '' || v === '0' ? 0 : v) : v),
  z
    .number({ error: 'Worker ID must be a number' })
    .int({ error: 'Worker ID must be a whole number' })
    .positive({ error: 'Enter a worker ID' })
    .max(MAX_ID, { error: 'No worker has this ID' }),
)

/** An optional date where an empty date field ('') means none. */
const OptionalDateSchema = z
  .union([z.literal(''), DateSchema])
  .nullish()
  .transform((v) => v || null)

/** An optional option-list value where an empty select ('') means none. */
const optionalChoice = <T extends z.ZodType<string>>(schema: T) =>
  z
    .union([z.literal(''), schema])
    .optional()
    .transform((v) => (v ? (v as z.output<T>) : undefined))

/** The slot rules every booking form shares: start before end, completion not before the day. */
function checkSlot(
  v: { start: string; end: string; date: string; completion: string | null | undefined },
  paths: { end: string; completion: string },
  ctx: z.RefinementCtx,
) {
  if (v.start >= v.end)
    ctx.addIssue({ code: 'custom', path: [paths.end], message: 'End time must be after the start time' })
  if (v.completion && v.completion < v.date) {
    ctx.addIssue({
      code: 'custom',
      path: [paths.completion],
      message: 'Completion date cannot be before the assignment date',
    })
  }
}

/**
 * One entry of GET /api/assignments as an object: what the API's repository answers and what a client
 * maps each row back to. The wire carries it as the seed's row (below); only the route's serializer
 * (apps/api …/assignments.legacy.ts) builds that row.
 */
export const AssignmentListItemSchema = z.object({
  assignment_id: z.number().int(),
  task_id: z.number().int(),
  worker_id: z.number().int(),
  task_name: z.string(),
  status: TaskStatusSchema,
})
export type AssignmentListItem = z.infer<typeof AssignmentListItemSchema>

/** Whether a new task may start in this status (NEW_TASK_STATUSES). */
export function isNewTaskStatus(status: TaskStatus): boolean {
  return (NEW_TASK_STATUSES as readonly TaskStatus[]).includes(status)
}

/** GET /api/assignments — rows [assignment_id, task_id, worker_id, task_name, status]; the seed reads row[0]. */
export const AssignmentsResponseSchema = z.object({
  assignments: z.array(z.tuple([z.number().int(), z.number().int(), z.number().int(), z.string(), TaskStatusSchema])),
})
export type AssignmentsResponse = z.infer<typeof AssignmentsResponseSchema>

/** One assignment as the /etass form reads it: dates yyyy-MM-dd, times HH:MM. */
export const AssignmentFormSchema = z.object({
  assignment_id: z.number().int(),
  task_id: z.number().int(),
  worker_id: z.number().int(),
  task_name: z.string(),
  service_desc: z.string(),
  assignment_date: z.string(),
  completion_date: z.string().nullable(),
  start_time: z.string(),
  end_time: z.string(),
  status: TaskStatusSchema,
  /** The task's service and town (null for a task made without them), for the worker picker. */
  service: ServiceSchema.nullable(),
  town: TownSchema.nullable(),
})
export type AssignmentForm = z.infer<typeof AssignmentFormSchema>

/** GET /api/taskdetails?assignmentId=N */
export const TaskDetailsQuerySchema = z.object({ assignmentId: IdSchema })
export const TaskDetailsResponseSchema = z.object({ assignmentdetails: AssignmentFormSchema })
export type TaskDetailsResponse = z.infer<typeof TaskDetailsResponseSchema>

/**
 * PUT /api/assignmentupdate — the form sent back, times as HH:MM:SS and worker_id an integer.
 * `expected_status` is the status the form was loaded with: a change made meanwhile by someone
 * else is refused (409) instead of being silently undone. `service` and `town` are read-only
 * fields of the task that the seed's client sends back with the rest; they are ignored.
 */
export const AssignmentUpdateBodySchema = z
  .strictObject({
    assignment_id: IdSchema,
    task_id: IdSchema.optional(),
    worker_id: WorkerIdSchema,
    task_name: text().trim().min(1).max(200).optional(),
    service_desc: text({ multiline: true }).trim().max(2000),
    assignment_date: DateSchema,
    completion_date: OptionalDateSchema,
    start_time: TimeSchema,
    end_time: TimeSchema,
    status: TaskStatusSchema.optional(),
    expected_status: TaskStatusSchema.optional(),
    reason: text({ multiline: true }).trim().min(3).max(500).optional(),
    service: ServiceSchema.nullish(),
    town: TownSchema.nullish(),
  })
  .superRefine((v, ctx) =>
    checkSlot(
      { start: v.start_time, end: v.end_time, date: v.assignment_date, completion: v.completion_date },
      { end: 'end_time', completion: 'completion_date' },
      ctx,
    ),
  )
export type AssignmentUpdateBody = z.infer<typeof AssignmentUpdateBodySchema>
export type AssignmentUpdateInput = z.input<typeof AssignmentUpdateBodySchema>
export const AssignmentUpdateResponseSchema = MessageResponseSchema.extend({
  assignment_id: z.number().int(),
  task_id: z.number().int(),
  status: TaskStatusSchema,
})
export type AssignmentUpdateResponse = z.infer<typeof AssignmentUpdateResponseSchema>

/** One row of GET /api/assignmentdetails (the seed's keys, plus worker id and town). */
export const AssignmentDetailRowSchema = z.object({
  requester: z.string().nullable(),
  phone: z.string().nullable(),
  worker_name: z.string(),
  worker_id: z.number().int(),
  task_id: z.number().int(),
  task_name: z.string(),
  status: TaskStatusSchema,
  assignment_id: z.number().int(),
  /** When the assignment was made, ISO 8601 with time zone. */
  created_date: z.string(),
  assignment_date: z.string(),
  completion_date: z.string().nullable(),
  start_time: z.string(),
  end_time: z.string(),
  town: TownSchema.nullable(),
})
export type AssignmentDetailRow = z.infer<typeof AssignmentDetailRowSchema>

/** Filters, sort and page of Assignment Details; without any, the seed's call gets the first page, newest first. */
export const AssignmentDetailsQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
    sort: z.enum(ASSIGNMENT_DETAIL_SORTS).default('assignment_id'),
    order: z.enum(['asc', 'desc']).default('desc'),
    status: TaskStatusSchema.optional(),
    town: TownSchema.optional(),
    workerId: IdSchema.optional(),
    from: DateSchema.optional(),
    to: DateSchema.optional(),
    q: text().trim().max(100).optional(),
    /** Only assignments past their start time (Asia/Kolkata, now) and not started: the dashboard's "overdue" (decision 042). */
    overdue: z.enum(['true']).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.to < v.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date is before the start date' })
  })
export type AssignmentDetailsQuery = z.infer<typeof AssignmentDetailsQuerySchema>

/** How far past the page's end Assignment Details counts matching rows (decision 014). */
export const ASSIGNMENT_DETAILS_COUNT_AHEAD = 1000

export const AssignmentDetailsResponseSchema = z.object({
  assignmentdetails: z.array(AssignmentDetailRowSchema),
  /**
   * Rows that match, counted up to ASSIGNMENT_DETAILS_COUNT_AHEAD past this page's end, so the
   * count costs the same on a table of any size; when `totalExact` is false there are more than this.
   */
  total: z.number().int(),
  totalExact: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
})
export type AssignmentDetailsResponse = z.infer<typeof AssignmentDetailsResponseSchema>

/** GET /api/assignment-ids — plain numbers. */
export const AssignmentIdsResponseSchema = z.object({ assignmentIds: z.array(z.number().int()) })
export type AssignmentIdsResponse = z.infer<typeof AssignmentIdsResponseSchema>

/** GET /api/task-details/{assignment_id} — at the top level. */
export const AssignmentTaskResponseSchema = z.object({
  task_name: z.string(),
  task_id: z.number().int(),
  status: TaskStatusSchema,
})
export type AssignmentTaskResponse = z.infer<typeof AssignmentTaskResponseSchema>

/**
 * POST /api/schedule — the seed's create form; workerId may come as a string of digits, times as
 * HH:MM or HH:MM:SS. TownWorks adds the request it comes from and, for a schedule without one, the
 * service and town. A new schedule starts its workflow at 'assigned': later statuses are reached
 * through the status machine, never typed in at creation.
 */
export const ScheduleBodySchema = z
  .strictObject({
    taskName: text().trim().min(1, { error: 'Enter a task name' }).max(200),
    serviceDesc: text({ multiline: true }).trim().max(2000).default(''),
    workerId: WorkerIdSchema,
    date: DateSchema,
    startTime: TimeSchema,
    endTime: TimeSchema,
    completionDate: OptionalDateSchema,
    // The seed's untouched select sends '': that is the first status, 'assigned'.
    selectedStatus: z
      .union([z.literal(''), TaskStatusSchema])
      .optional()
      .transform((v) => v || 'assigned'),
    requestId: IdSchema.optional(),
    service: optionalChoice(ServiceSchema),
    town: optionalChoice(TownSchema),
  })
  .superRefine((v, ctx) => {
    checkSlot(
      { start: v.startTime, end: v.endTime, date: v.date, completion: v.completionDate },
      { end: 'endTime', completion: 'completionDate' },
      ctx,
    )
    if (!isNewTaskStatus(v.selectedStatus)) {
      ctx.addIssue({
        code: 'custom',
        path: ['selectedStatus'],
        message: "A new schedule starts as 'assigned'; move it on through Assignment Status Update",
      })
    }
  })
export type ScheduleBody = z.infer<typeof ScheduleBodySchema>
export type ScheduleInput = z.input<typeof ScheduleBodySchema>
export const ScheduleResponseSchema = MessageResponseSchema.extend({
  taskId: z.number().int(),
  assignmentId: z.number().int(),
})
export type ScheduleResponse = z.infer<typeof ScheduleResponseSchema>

/** The assignments endpoints. */
export const assignmentsEndpoints = {
  // Seed call 2
  schedule: endpoint({
    method: 'POST',
    path: '/api/schedule',
    access: STAFF,
    tag: 'assignments',
    status: 201,
    summary: 'Create a task and its assignment (seed call 2)',
    body: ScheduleBodySchema,
    response: ScheduleResponseSchema,
  }),
  // Seed call 4
  assignments: endpoint({
    method: 'GET',
    path: '/api/assignments',
    access: STAFF,
    tag: 'assignments',
    summary: 'Assignments as rows (seed call 4)',
    response: AssignmentsResponseSchema,
  }),
  // Seed call 6
  taskDetails: endpoint({
    method: 'GET',
    path: '/api/taskdetails',
    access: STAFF,
    tag: 'assignments',
    summary: 'One assignment for the edit form (seed call 6)',
    query: TaskDetailsQuerySchema,
    response: TaskDetailsResponseSchema,
  }),
  // Seed call 7
  assignmentUpdate: endpoint({
    method: 'PUT',
    path: '/api/assignmentupdate',
    access: STAFF,
    tag: 'assignments',
    summary: 'Save the edit form (seed call 7)',
    body: AssignmentUpdateBodySchema,
    response: AssignmentUpdateResponseSchema,
  }),
  // Seed call 8
  assignmentDetails: endpoint({
    method: 'GET',
    path: '/api/assignmentdetails',
    access: STAFF,
    tag: 'assignments',
    summary: 'Assignment details, filtered, sorted and paged (seed call 8)',
    query: AssignmentDetailsQuerySchema,
    response: AssignmentDetailsResponseSchema,
  }),
  exportAssignmentDetails: endpoint({
    method: 'GET',
    path: '/api/assignmentdetails/export.csv',
    access: STAFF,
    tag: 'assignments',
    summary: 'Assignment details as CSV: every row its filters keep, in its order (decision 045)',
    query: AssignmentDetailsQuerySchema,
    response: CsvFileSchema,
  }),
  // Seed call 11
  assignmentIds: endpoint({
    method: 'GET',
    path: '/api/assignment-ids',
    access: STAFF,
    tag: 'assignments',
    summary: 'Assignment ids (seed call 11)',
    response: AssignmentIdsResponseSchema,
  }),
  // Seed call 12
  assignmentTask: endpoint({
    method: 'GET',
    path: '/api/task-details/:assignment_id',
    access: STAFF,
    tag: 'assignments',
    summary: "An assignment's task and status (seed call 12)",
    params: z.object({ assignment_id: IdParamSchema }),
    response: AssignmentTaskResponseSchema,
  }),
} as const
