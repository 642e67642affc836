import type { TaskStatus, UpdateStatusResponse } from '@townworks/contract'
import { buildPath } from '@townworks/contract/constants'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, type EndpointPath } from '../../../lib/api-client'
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
  return api.put<UpdateStatusResponse>(
    buildPath('/api/update-status/:task_id' satisfies EndpointPath<'updateStatus'>, { task_id: taskId }),
    { status, expectedStatus },
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
