import type { PaymentResponse, RefundBody } from '@townworks/contract'
import { buildPath } from '@townworks/contract/constants'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, type EndpointPath } from '../../../lib/api-client'
import { paymentsKeys } from './keys'

export interface RefundInput extends RefundBody {
  paymentId: number
}

/** POST /api/payments/{id}/refund (admin): give a payment back, with a reason. */
export function refundPayment({ paymentId, ...body }: RefundInput): Promise<PaymentResponse> {
  return api.post<PaymentResponse>(
    buildPath('/api/payments/:id/refund' satisfies EndpointPath<'refundPayment'>, { id: paymentId }),
    body,
  )
}

export function useRefundPayment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: refundPayment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentsKeys.all }),
  })
}
