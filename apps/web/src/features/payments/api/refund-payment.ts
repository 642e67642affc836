import type { PaymentResponse, RefundBody } from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { paymentsKeys } from '../../../lib/query-keys'

export interface RefundInput extends RefundBody {
  paymentId: number
}

/** POST /api/payments/{id}/refund (admin): give a payment back, with a reason. */
export function refundPayment({ paymentId, ...body }: RefundInput): Promise<PaymentResponse> {
  return api.call('refundPayment', { params: { id: paymentId }, body })
}

export function useRefundPayment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: refundPayment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentsKeys.all }),
  })
}
