import { z } from 'zod'
import { IdParamSchema, MessageResponseSchema, text } from './common'
import { TaskStatusSchema } from './statuses'
import { endpoint, STAFF } from './endpoint'
import { WorkflowResponseSchema } from './workflow'

/** GET /api/taskstatus — the seed reads `statutes` (sic), rows whose first element is the status. */
export const TaskStatusesResponseSchema = z.object({
  statutes: z.array(z.tuple([TaskStatusSchema])),
})
export type TaskStatusesResponse = z.infer<typeof TaskStatusesResponseSchema>

/**
 * One entry of GET /api/task as an object: what the API's repository answers and what a client maps
 * each row back to. The wire carries it as the seed's row [task_id, task_name, status]; only the
 * route's serializer (apps/api …/tasks.legacy.ts) builds that row.
 */
export const TaskListItemSchema = z.object({
  task_id: z.number().int(),
  task_name: z.string(),
  status: TaskStatusSchema,
})
export type TaskListItem = z.infer<typeof TaskListItemSchema>

/** GET /api/task — rows whose first element is the task id: [task_id, task_name, status]. */
export const TaskIdsResponseSchema = z.object({
  task_ids: z.array(z.tuple([z.number().int(), z.string(), TaskStatusSchema])),
})
export type TaskIdsResponse = z.infer<typeof TaskIdsResponseSchema>

/**
 * PUT /api/update-status/{task_id} body: the seed's `status`; `expected_status`, the status the screen
 * showed (a change made meanwhile by someone else is refused with 409 instead of silently undone, as
 * PUT /api/assignmentupdate's `expected_status`); `reason`, an admin override's.
 *
 * `expectedStatus` is the same guard under its earlier spelling, from before the casing rule
 * (docs/architecture.md, "Wire names"): still accepted because shipped clients send it; the API reads
 * whichever is given, and refuses the two with different values.
 */
export const UpdateStatusBodySchema = z
  .strictObject({
    status: TaskStatusSchema,
    expected_status: TaskStatusSchema.optional(),
    expectedStatus: TaskStatusSchema.optional().meta({
      deprecated: true,
      description: 'The earlier spelling of expected_status, still accepted',
    }),
    reason: text({ multiline: true }).trim().min(3).max(500).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.expected_status && v.expectedStatus && v.expected_status !== v.expectedStatus) {
      ctx.addIssue({
        code: 'custom',
        path: ['expectedStatus'],
        message: 'expected_status and expectedStatus differ: send expected_status only',
      })
    }
  })
export type UpdateStatusBody = z.infer<typeof UpdateStatusBodySchema>

export const UpdateStatusResponseSchema = MessageResponseSchema.extend({
  task_id: z.number().int(),
  status: TaskStatusSchema,
  previous_status: TaskStatusSchema,
})
export type UpdateStatusResponse = z.infer<typeof UpdateStatusResponseSchema>

/** The tasks endpoints. */
export const tasksEndpoints = {
  // Seed call 5
  taskStatuses: endpoint({
    method: 'GET',
    path: '/api/taskstatus',
    access: 'public',
    tag: 'tasks',
    summary: 'The task statuses (seed call 5)',
    response: TaskStatusesResponseSchema,
  }),
  // Seed call 13
  updateStatus: endpoint({
    method: 'PUT',
    path: '/api/update-status/:task_id',
    access: 'authenticated',
    tag: 'tasks',
    summary: "Move a task's status through the status machine (seed call 13)",
    // A worker's phone queues moves made offline and sends them later: a retry is answered once (decision 064).
    idempotencyKey: 'optional',
    params: z.object({ task_id: IdParamSchema }),
    body: UpdateStatusBodySchema,
    response: UpdateStatusResponseSchema,
  }),
  // Seed call 16
  taskIds: endpoint({
    method: 'GET',
    path: '/api/task',
    access: STAFF,
    tag: 'tasks',
    summary: 'Task ids as rows (seed call 16)',
    response: TaskIdsResponseSchema,
  }),
  // Seed call 20
  workflow: endpoint({
    method: 'GET',
    path: '/api/workflow/:taskId',
    access: STAFF,
    tag: 'workflow',
    summary: "A task's workflow records, oldest first (seed call 20)",
    params: z.object({ taskId: IdParamSchema }),
    response: WorkflowResponseSchema,
  }),
} as const
