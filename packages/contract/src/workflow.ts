import { z } from 'zod'
import { TaskStatusSchema } from './statuses'

/** One workflow record: a status a task reached, when, and by whom. */
export const WorkflowRecordSchema = z.object({
  id: z.number().int(),
  task_id: z.number().int(),
  status: TaskStatusSchema,
  from_status: TaskStatusSchema.nullable(),
  timestamp: z.string(),
  notes: z.string().nullable(),
  by: z.string().nullable(),
  /** What proved the step: `start_code`, the worker started with the customer's start code (issue 21). */
  proof: z.enum(['start_code']).nullable().optional(),
})
export type WorkflowRecord = z.infer<typeof WorkflowRecordSchema>

/** GET /api/workflow/{taskId} — oldest first. */
export const WorkflowResponseSchema = z.object({ workflows: z.array(WorkflowRecordSchema) })
export type WorkflowResponse = z.infer<typeof WorkflowResponseSchema>
