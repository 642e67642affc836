import type { AvailabilityResponse } from '@townworks/contract'
import { buildPath } from '@townworks/contract/constants'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

/** GET /api/workers/{id}/availability: the worker's week and days off (staff, or that worker). */
export function getAvailability(workerId: number, signal?: AbortSignal): Promise<AvailabilityResponse> {
  return api.get<AvailabilityResponse>(buildPath('/api/workers/:id/availability', { id: workerId }), { signal })
}

export const availabilityQuery = (workerId: number) =>
  queryOptions({
    queryKey: ['workers', 'availability', workerId] as const,
    queryFn: ({ signal }) => getAvailability(workerId, signal),
    staleTime: 0,
  })

export function useAvailability(workerId: number) {
  return useQuery(availabilityQuery(workerId))
}
