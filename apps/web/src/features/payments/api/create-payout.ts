import type { CreatePayoutBody, PayoutResponse } from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { paymentsKeys } from '../../../lib/query-keys'

/** POST /api/payouts: pay a worker for tasks; they close. */
export function createPayout(body: CreatePayoutBody): Promise<PayoutResponse> {
  return api.call('createPayout', { body })
}

export function useCreatePayout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createPayout,
    // Success or not, show what the server has now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentsKeys.all }),
  })
}
