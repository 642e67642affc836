import type { PaymentOrderResponse } from '@townworks/contract'
import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

/** POST /api/tasks/:id/payments/order: open a checkout for what the customer's task owes. */
export function createPaymentOrder(taskId: number): Promise<PaymentOrderResponse> {
  return api.call('createPaymentOrder', { params: { id: taskId } })
}

export function useCreatePaymentOrder() {
  return useMutation({ mutationFn: createPaymentOrder })
}
