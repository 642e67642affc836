import type { SkilledWorkersResponse } from '@townworks/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

/** GET /api/skilledworker (seed call 14): active workers with how many carts hold each. */
export function getSkilledWorkers(signal?: AbortSignal): Promise<SkilledWorkersResponse> {
  return api.get<SkilledWorkersResponse>('/api/skilledworker', { signal })
}

export const skilledWorkersQuery = () =>
  queryOptions({
    queryKey: ['workers', 'skilled'] as const,
    queryFn: ({ signal }) => getSkilledWorkers(signal),
  })

export function useSkilledWorkers() {
  return useQuery(skilledWorkersQuery())
}
