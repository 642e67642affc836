import type { PaymentOptionsResponse } from '@townworks/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { paymentsKeys } from '../../../lib/query-keys'

/** GET /api/payments/options: which online checkout customers are offered (null: pay the office by hand). */
export function getPaymentOptions(signal?: AbortSignal): Promise<PaymentOptionsResponse> {
  return api.call('paymentOptions', { signal })
}

export const paymentOptionsQuery = () =>
  queryOptions({
    queryKey: paymentsKeys.options(),
    queryFn: ({ signal }) => getPaymentOptions(signal),
    // Configuration: it changes only when the server restarts.
    staleTime: 10 * 60_000,
  })

export function usePaymentOptions() {
  return useQuery(paymentOptionsQuery())
}
