import type { SkilledWorkersResponse } from '@townworks/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { workersKeys } from '../../../lib/query-keys'

/** GET /api/skilledworker (seed call 14): active workers with how many carts hold each. */
export function getSkilledWorkers(signal?: AbortSignal): Promise<SkilledWorkersResponse> {
  return api.call('skilledWorkers', { signal })
}

export const skilledWorkersQuery = () =>
  queryOptions({
    queryKey: workersKeys.skilled(),
    queryFn: ({ signal }) => getSkilledWorkers(signal),
  })

export function useSkilledWorkers() {
  return useQuery(skilledWorkersQuery())
}
