import type { PaymentOrderResponse } from '@townworks/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { paymentsKeys } from '../../../lib/query-keys'

/** GET /api/payments/orders/:orderId */
export function getPaymentOrder(orderId: string, signal?: AbortSignal): Promise<PaymentOrderResponse> {
  return api.call('getPaymentOrder', { params: { orderId }, signal })
}

export const paymentOrderQuery = (orderId: string) =>
  queryOptions({
    queryKey: paymentsKeys.order(orderId),
    queryFn: ({ signal }) => getPaymentOrder(orderId, signal),
    retry: false,
  })

export function usePaymentOrder(orderId: string | null) {
  return useQuery({ ...paymentOrderQuery(orderId ?? ''), enabled: orderId !== null })
}
