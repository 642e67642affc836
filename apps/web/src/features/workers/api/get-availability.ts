import type { AvailabilityResponse } from '@townworks/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { workersKeys } from '../../../lib/query-keys'

/** GET /api/workers/{id}/availability: the worker's week and days off (staff, or that worker). */
export function getAvailability(workerId: number, signal?: AbortSignal): Promise<AvailabilityResponse> {
  return api.call('workerAvailability', { params: { id: workerId }, signal })
}

export const availabilityQuery = (workerId: number) =>
  queryOptions({
    queryKey: workersKeys.availability(workerId),
    queryFn: ({ signal }) => getAvailability(workerId, signal),
    staleTime: 0,
  })

export function useAvailability(workerId: number) {
  return useQuery(availabilityQuery(workerId))
}
