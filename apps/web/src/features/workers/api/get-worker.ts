import type { WorkerResponse } from '@townworks/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { workersKeys } from '../../../lib/query-keys'

/** GET /api/workerservices/{worker_id}: one worker with every service they offer. */
export function getWorker(workerId: number, signal?: AbortSignal): Promise<WorkerResponse> {
  return api.call('worker', { params: { worker_id: workerId }, signal })
}

export const workerQuery = (workerId: number) =>
  queryOptions({
    queryKey: workersKeys.detail(workerId),
    queryFn: ({ signal }) => getWorker(workerId, signal),
    // The edit form starts from what is stored now.
    staleTime: 0,
  })

/** The worker being edited; nothing is fetched while none is chosen. */
export function useWorker(workerId: number | null) {
  return useQuery({ ...workerQuery(workerId ?? 0), enabled: workerId !== null })
}
