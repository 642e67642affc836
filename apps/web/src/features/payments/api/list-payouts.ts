import type { PayoutsResponse } from '@townworks/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { paymentsKeys } from '../../../lib/query-keys'

/** GET /api/payouts: recorded payouts, newest first. */
export function listPayouts(signal?: AbortSignal): Promise<PayoutsResponse> {
  return api.call('listPayouts', { signal })
}

export const payoutsQuery = () =>
  queryOptions({ queryKey: paymentsKeys.payouts(), queryFn: ({ signal }) => listPayouts(signal) })

export function usePayouts() {
  return useQuery(payoutsQuery())
}
