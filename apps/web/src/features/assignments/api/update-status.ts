import {
  buildPath,
  endpoints,
  UpdateStatusResponseSchema,
  type UpdateStatusBody,
  type UpdateStatusResponse,
} from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { assignmentsKeys } from './keys'

export interface UpdateStatusInput extends UpdateStatusBody {
  taskId: number
}

/** PUT /api/update-status/{task_id}: move the task through the status machine. */
export function updateStatus({ taskId, ...body }: UpdateStatusInput): Promise<UpdateStatusResponse> {
  return api.put(buildPath(endpoints.updateStatus.path, { task_id: taskId }), body, UpdateStatusResponseSchema)
}

export function useUpdateStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateStatus,
    // Success or a refusal (someone moved it first): either way the screen shows the status as it is now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: assignmentsKeys.all }),
  })
}
