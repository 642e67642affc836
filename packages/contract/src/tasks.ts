import { z } from 'zod'
import { MessageResponseSchema } from './common'
import { TaskStatusSchema } from './statuses'

/** GET /api/taskstatus — the seed reads `statutes` (sic), rows whose first element is the status. */
export const TaskStatusesResponseSchema = z.object({
  statutes: z.array(z.tuple([TaskStatusSchema])),
})
export type TaskStatusesResponse = z.infer<typeof TaskStatusesResponseSchema>

/** GET /api/task — rows whose first element is the task id: [task_id, task_name, status]. */
export const TaskIdsResponseSchema = z.object({
  task_ids: z.array(z.tuple([z.number().int(), z.string(), TaskStatusSchema])),
})
export type TaskIdsResponse = z.infer<typeof TaskIdsResponseSchema>

/** PUT /api/update-status/{task_id} body. `expectedStatus` guards against a stale screen; `reason` is an admin override's. */
export const UpdateStatusBodySchema = z.strictObject({
  status: TaskStatusSchema,
  expectedStatus: TaskStatusSchema.optional(),
  reason: z.string().trim().min(3).max(500).optional(),
})
export type UpdateStatusBody = z.infer<typeof UpdateStatusBodySchema>

export const UpdateStatusResponseSchema = MessageResponseSchema.extend({
  task_id: z.number().int(),
  status: TaskStatusSchema,
  previous_status: TaskStatusSchema,
})
export type UpdateStatusResponse = z.infer<typeof UpdateStatusResponseSchema>
