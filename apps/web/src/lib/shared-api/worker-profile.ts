import type { WorkerProfileResponse } from '@townworks/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../api-client'
import { workersKeys } from '../query-keys'

/** GET /api/workers/{worker_id}/profile: a worker's standing, services and latest reviews (public). */
export function getWorkerProfile(workerId: number, signal?: AbortSignal): Promise<WorkerProfileResponse> {
  return api.call('workerProfile', { params: { worker_id: workerId }, signal })
}

export const workerProfileQuery = (workerId: number) =>
  queryOptions({
    queryKey: workersKeys.profile(workerId),
    queryFn: ({ signal }) => getWorkerProfile(workerId, signal),
    // The worker and the office (who may hide a review) read what is stored now.
    staleTime: 0,
  })

export function useWorkerProfile(workerId: number) {
  return useQuery(workerProfileQuery(workerId))
}
