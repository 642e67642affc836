import type { PaymentOrderResponse } from '@townworks/contract'
import { buildPath } from '@townworks/contract/constants'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, type EndpointPath } from '../../../lib/api-client'
import { paymentsKeys } from './keys'

/** GET /api/payments/orders/:orderId */
export function getPaymentOrder(orderId: string, signal?: AbortSignal): Promise<PaymentOrderResponse> {
  return api.get<PaymentOrderResponse>(
    buildPath('/api/payments/orders/:orderId' satisfies EndpointPath<'getPaymentOrder'>, { orderId }),
    { signal },
  )
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
