import type { RequestBillingBody, RequestBillingResponse } from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { requestsKeys } from '../../../lib/query-keys'

export interface SetBillingInput {
  requestId: number
  body: RequestBillingBody
}

/** PUT /api/requests/{id}/billing: who the request's receipts and invoices are made out to (issue 22). */
export function setBilling({ requestId, body }: SetBillingInput): Promise<RequestBillingResponse> {
  return api.call('setRequestBilling', { params: { id: requestId }, body })
}

/** Save the billing details; My requests is read again once they are saved. */
export function useSetBilling() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setBilling,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestsKeys.mine() }),
  })
}
