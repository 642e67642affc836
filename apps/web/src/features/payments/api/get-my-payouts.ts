import type { MyPayoutsResponse } from '@townworks/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { paymentsKeys } from '../../../lib/query-keys'

/** GET /api/my/payouts: the worker's own payouts and what is still owed. */
export function getMyPayouts(signal?: AbortSignal): Promise<MyPayoutsResponse> {
  return api.call('myPayouts', { signal })
}

export const myPayoutsQuery = () =>
  queryOptions({ queryKey: paymentsKeys.mine(), queryFn: ({ signal }) => getMyPayouts(signal) })

export function useMyPayouts() {
  return useQuery(myPayoutsQuery())
}
