import type { WorkerResponse } from '@townworks/contract'
import { buildPath } from '@townworks/contract/constants'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

/** GET /api/workerservices/{worker_id}: one worker with every service they offer. */
export function getWorker(workerId: number, signal?: AbortSignal): Promise<WorkerResponse> {
  return api.get<WorkerResponse>(buildPath('/api/workerservices/:worker_id', { worker_id: workerId }), {
    signal,
  })
}

export const workerQuery = (workerId: number) =>
  queryOptions({
    queryKey: ['workers', 'detail', workerId] as const,
    queryFn: ({ signal }) => getWorker(workerId, signal),
    // The edit form starts from what is stored now.
    staleTime: 0,
  })

/** The worker being edited; nothing is fetched while none is chosen. */
export function useWorker(workerId: number | null) {
  return useQuery({ ...workerQuery(workerId ?? 0), enabled: workerId !== null })
}
