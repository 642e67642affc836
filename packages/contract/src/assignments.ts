import { z } from 'zod'
import { DateSchema, IdParamSchema, MessageResponseSchema, TimeSchema } from './common'
import { TaskStatusSchema } from './statuses'
import { endpoint, STAFF } from './endpoint'

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
})
export type AssignmentForm = z.infer<typeof AssignmentFormSchema>

/** GET /api/taskdetails?assignmentId=N */
export const TaskDetailsQuerySchema = z.object({ assignmentId: z.coerce.number().int().positive().max(2_147_483_647) })
export const TaskDetailsResponseSchema = z.object({ assignmentdetails: AssignmentFormSchema })
export type TaskDetailsResponse = z.infer<typeof TaskDetailsResponseSchema>

/** PUT /api/assignmentupdate — the form sent back, times as HH:MM:SS and worker_id an integer. */
export const AssignmentUpdateBodySchema = z.object({
  assignment_id: z.coerce.number().int().positive().max(2_147_483_647),
  task_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  worker_id: z.coerce.number({ error: 'Worker ID must be a number' }).int().positive().max(2_147_483_647),
  task_name: z.string().trim().min(1).max(200).optional(),
  service_desc: z.string().trim().max(2000),
  assignment_date: DateSchema,
  completion_date: DateSchema.nullable().optional(),
  start_time: TimeSchema,
  end_time: TimeSchema,
  status: TaskStatusSchema.optional(),
})
export type AssignmentUpdateBody = z.infer<typeof AssignmentUpdateBodySchema>
export const AssignmentUpdateResponseSchema = MessageResponseSchema

/** One row of GET /api/assignmentdetails. */
export const AssignmentDetailRowSchema = z.object({
  requester: z.string().nullable(),
  phone: z.string().nullable(),
  worker_name: z.string(),
  task_id: z.number().int(),
  task_name: z.string(),
  status: TaskStatusSchema,
  assignment_id: z.number().int(),
  created_date: z.string(),
  assignment_date: z.string(),
  completion_date: z.string().nullable(),
  town: z.string().nullable(),
})
export type AssignmentDetailRow = z.infer<typeof AssignmentDetailRowSchema>

export const ASSIGNMENT_DETAIL_SORTS = [
  'assignment_id',
  'assignment_date',
  'created_date',
  'status',
  'worker_name',
] as const

export const AssignmentDetailsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  sort: z.enum(ASSIGNMENT_DETAIL_SORTS).default('assignment_id'),
  order: z.enum(['asc', 'desc']).default('desc'),
  status: TaskStatusSchema.optional(),
  town: z.string().max(50).optional(),
  workerId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  from: DateSchema.optional(),
  to: DateSchema.optional(),
  q: z.string().trim().max(100).optional(),
})
export type AssignmentDetailsQuery = z.infer<typeof AssignmentDetailsQuerySchema>

export const AssignmentDetailsResponseSchema = z.object({
  assignmentdetails: z.array(AssignmentDetailRowSchema),
  total: z.number().int(),
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

/** POST /api/schedule — the seed's create form; workerId may come as a string of digits. */
export const ScheduleBodySchema = z.object({
  taskName: z.string().trim().min(1, { error: 'Enter a task name' }).max(200),
  serviceDesc: z.string().trim().max(2000).default(''),
  workerId: z.coerce.number({ error: 'Worker ID must be a number' }).int().positive().max(2_147_483_647),
  date: DateSchema,
  startTime: TimeSchema,
  endTime: TimeSchema,
  completionDate: DateSchema.optional(),
  selectedStatus: TaskStatusSchema.default('assigned'),
  requestId: z.number().int().positive().optional(),
})
export type ScheduleBody = z.infer<typeof ScheduleBodySchema>
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
    summary: 'Assignment details, paged (seed call 8)',
    query: AssignmentDetailsQuerySchema,
    response: AssignmentDetailsResponseSchema,
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
