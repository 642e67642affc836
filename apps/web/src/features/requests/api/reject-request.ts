import type { RejectRequestResponse } from '@townworks/contract'
import { buildPath } from '@townworks/contract/constants'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, type EndpointPath } from '../../../lib/api-client'
import { requestsKeys } from './keys'

/** PUT /api/requests/{id}/reject: an open request becomes rejected, with the reason. */
export function rejectRequest({ id, reason }: { id: number; reason: string }): Promise<RejectRequestResponse> {
  return api.put<RejectRequestResponse>(
    buildPath('/api/requests/:id/reject' satisfies EndpointPath<'rejectRequest'>, { id }),
    { reason },
  )
}

export function useRejectRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: rejectRequest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestsKeys.all }),
  })
}
