import type { RejectRequestResponse } from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { requestsKeys } from '../../../lib/query-keys'

/** PUT /api/requests/{id}/reject: an open request becomes rejected, with the reason. */
export function rejectRequest({ id, reason }: { id: number; reason: string }): Promise<RejectRequestResponse> {
  return api.call('rejectRequest', { params: { id }, body: { reason } })
}

export function useRejectRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: rejectRequest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestsKeys.all }),
  })
}
