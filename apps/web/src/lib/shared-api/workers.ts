import type { WorkerServicesQuery, WorkerServicesResponse } from '@townworks/contract'
import { queryOptions } from '@tanstack/react-query'
import { api } from '../api-client'
import { workersKeys } from '../query-keys'

// GET /api/workerservices is read by the workers feature (/wss) and by users (the worker to link
// a login to): its one owner is here; each feature shapes the answer with `select`.

/** GET /api/workerservices (seed call 9), filtered by town, service, and name or phone. */
export function getWorkerServices(filter: WorkerServicesQuery, signal?: AbortSignal): Promise<WorkerServicesResponse> {
  return api.call('workerServices', { query: filter, signal })
}

export const workerServicesQuery = (filter: WorkerServicesQuery = {}) =>
  queryOptions({
    queryKey: workersKeys.services(filter),
    queryFn: ({ signal }) => getWorkerServices(filter, signal),
  })
