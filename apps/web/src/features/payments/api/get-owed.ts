import type { OwedResponse } from '@townworks/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { paymentsKeys } from '../../../lib/query-keys'

/** GET /api/payouts/owed: per worker, what is owed and what was paid. */
export function getOwed(signal?: AbortSignal): Promise<OwedResponse> {
  return api.call('payoutsOwed', { signal })
}

export const owedQuery = () => queryOptions({ queryKey: paymentsKeys.owed(), queryFn: ({ signal }) => getOwed(signal) })

export function useOwed() {
  return useQuery(owedQuery())
}
