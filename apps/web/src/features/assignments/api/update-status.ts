import type { UpdateStatusBody, UpdateStatusResponse } from '@townworks/contract'
import { buildPath } from '@townworks/contract/constants'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, type EndpointPath } from '../../../lib/api-client'
import { assignmentsKeys } from './keys'

export interface UpdateStatusInput extends UpdateStatusBody {
  taskId: number
}

/** PUT /api/update-status/{task_id}: move the task through the status machine. */
export function updateStatus({ taskId, ...body }: UpdateStatusInput): Promise<UpdateStatusResponse> {
  return api.put<UpdateStatusResponse>(
    buildPath('/api/update-status/:task_id' satisfies EndpointPath<'updateStatus'>, { task_id: taskId }),
    body,
  )
}

export function useUpdateStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateStatus,
    // Success or a refusal (someone moved it first): either way the screen shows the status as it is now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: assignmentsKeys.all }),
  })
}
