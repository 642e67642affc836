import { endpoints, OwedResponseSchema, type OwedResponse } from '@townworks/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { paymentsKeys } from './keys'

/** GET /api/payouts/owed: per worker, what is owed and what was paid. */
export function getOwed(signal?: AbortSignal): Promise<OwedResponse> {
  return api.get(endpoints.payoutsOwed.path, OwedResponseSchema, { signal })
}

export const owedQuery = () => queryOptions({ queryKey: paymentsKeys.owed(), queryFn: ({ signal }) => getOwed(signal) })

export function useOwed() {
  return useQuery(owedQuery())
}
