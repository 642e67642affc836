import { buildPath, endpoints, RejectRequestResponseSchema, type RejectRequestResponse } from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { requestsKeys } from './keys'

/** PUT /api/requests/{id}/reject: an open request becomes rejected, with the reason. */
export function rejectRequest({ id, reason }: { id: number; reason: string }): Promise<RejectRequestResponse> {
  return api.put(buildPath(endpoints.rejectRequest.path, { id }), { reason }, RejectRequestResponseSchema)
}

export function useRejectRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: rejectRequest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestsKeys.all }),
  })
}
