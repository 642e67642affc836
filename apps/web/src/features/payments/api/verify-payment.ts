import type { PaymentResponse, VerifyPaymentBody } from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { paymentsKeys } from '../../../lib/query-keys'

/** POST /api/payments/verify: hand the checkout's signed answer to the server, which checks it. */
export function verifyPayment(body: VerifyPaymentBody): Promise<PaymentResponse> {
  return api.call('verifyPayment', { body })
}

export function useVerifyPayment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: verifyPayment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentsKeys.all }),
  })
}
