import {
  buildPath,
  endpoints,
  UpdateStatusResponseSchema,
  type TaskStatus,
  type UpdateStatusResponse,
} from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { requestsKeys } from './keys'

export interface UpdateTaskStatusInput {
  taskId: number
  status: TaskStatus
  /** The status the customer saw: the server refuses if someone moved it meanwhile. */
  expectedStatus: TaskStatus
}

/** PUT /api/update-status/{task_id} (seed call 13), as the task's customer. */
export function updateTaskStatus({
  taskId,
  status,
  expectedStatus,
}: UpdateTaskStatusInput): Promise<UpdateStatusResponse> {
  return api.put(
    buildPath(endpoints.updateStatus.path, { task_id: taskId }),
    { status, expectedStatus },
    UpdateStatusResponseSchema,
  )
}

export function useUpdateTaskStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateTaskStatus,
    // Success or not, the screen shows the task as the server has it now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestsKeys.mine() }),
  })
}
