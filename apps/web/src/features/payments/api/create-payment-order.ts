import type { PaymentOrderResponse } from '@townworks/contract'
import { buildPath } from '@townworks/contract/constants'
import { useMutation } from '@tanstack/react-query'
import { api, type EndpointPath } from '../../../lib/api-client'

/** POST /api/tasks/:id/payments/order: open a checkout for what the customer's task owes. */
export function createPaymentOrder(taskId: number): Promise<PaymentOrderResponse> {
  return api.post<PaymentOrderResponse>(
    buildPath('/api/tasks/:id/payments/order' satisfies EndpointPath<'createPaymentOrder'>, { id: taskId }),
    undefined,
  )
}

export function useCreatePaymentOrder() {
  return useMutation({ mutationFn: createPaymentOrder })
}
