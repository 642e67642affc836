import type { PayoutsResponse } from '@townworks/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, type EndpointPath } from '../../../lib/api-client'
import { paymentsKeys } from './keys'

/** GET /api/payouts: recorded payouts, newest first. */
export function listPayouts(signal?: AbortSignal): Promise<PayoutsResponse> {
  return api.get<PayoutsResponse>('/api/payouts' satisfies EndpointPath<'listPayouts'>, { signal })
}

export const payoutsQuery = () =>
  queryOptions({ queryKey: paymentsKeys.payouts(), queryFn: ({ signal }) => listPayouts(signal) })

export function usePayouts() {
  return useQuery(payoutsQuery())
}
