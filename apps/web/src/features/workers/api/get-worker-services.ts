import type { WorkerServicesQuery, WorkerServicesResponse } from '@townworks/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

/** GET /api/workerservices (seed call 9), filtered by town, service, and name or phone. */
export function getWorkerServices(filter: WorkerServicesQuery, signal?: AbortSignal): Promise<WorkerServicesResponse> {
  return api.get<WorkerServicesResponse>('/api/workerservices', { query: { ...filter }, signal })
}

export const workerServicesQuery = (filter: WorkerServicesQuery) =>
  queryOptions({
    queryKey: ['workers', 'services', filter] as const,
    queryFn: ({ signal }) => getWorkerServices(filter, signal),
  })

/** The Worker Services table; the previous rows stay on screen while new filters load. */
export function useWorkerServices(filter: WorkerServicesQuery) {
  return useQuery({ ...workerServicesQuery(filter), placeholderData: keepPreviousData })
}
