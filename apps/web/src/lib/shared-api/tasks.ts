import type { UpdateStatusBody, UpdateStatusResponse } from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api-client'
import { TASK_STATUS_DEPENDENTS } from '../query-keys'

// Calls of the tasks noun used by more than one feature (assignments, workers, requests,
// workflow): a feature may not import another, so their one owner is here.

export interface UpdateStatusInput extends UpdateStatusBody {
  taskId: number
  /** A worker's phone sends one (issue 23): the same move sent again from its queue is applied once. */
  idempotencyKey?: string
}

/** PUT /api/update-status/{task_id} (seed call 13): move the task through the status machine. */
export function updateStatus({ taskId, idempotencyKey, ...body }: UpdateStatusInput): Promise<UpdateStatusResponse> {
  return api.call('updateStatus', {
    params: { task_id: taskId },
    body,
    ...(idempotencyKey && { headers: { 'Idempotency-Key': idempotencyKey } }),
  })
}

/**
 * Change a task's status (operator, the task's worker, its customer, an admin's override). Success
 * or a refusal (someone moved it first): every screen that shows the task reads it again.
 */
export function useUpdateStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateStatus,
    onSettled: () => Promise.all(TASK_STATUS_DEPENDENTS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  })
}
