import type { StartTaskBody, UpdateStatusResponse } from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { TASK_STATUS_DEPENDENTS } from '../../../lib/query-keys'

export interface StartTaskInput extends StartTaskBody {
  taskId: number
  /** The same start sent again from the phone's queue (issue 23) is applied, and a wrong code counted, once. */
  idempotencyKey?: string
}

/** POST /api/tasks/{task_id}/start: the assigned worker starts the work with the customer's start code. */
export function startTask({ taskId, idempotencyKey, ...body }: StartTaskInput): Promise<UpdateStatusResponse> {
  return api.call('startTask', {
    params: { task_id: taskId },
    body,
    ...(idempotencyKey && { headers: { 'Idempotency-Key': idempotencyKey } }),
  })
}

/**
 * Start a job with the customer's code. Whatever the answer (started, a wrong code that used a try,
 * the tries used up, someone moved it first), every screen that shows the task reads it again, as
 * after a status change (useUpdateStatus): My jobs then shows the tries left or the new status.
 */
export function useStartTask() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: startTask,
    onSettled: () => Promise.all(TASK_STATUS_DEPENDENTS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  })
}
