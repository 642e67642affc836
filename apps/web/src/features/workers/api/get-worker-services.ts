import type { WorkerServicesQuery } from '@townworks/contract'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { workerServicesQuery } from '../../../lib/shared-api/workers'

/** The Worker Services table (GET /api/workerservices); the previous rows stay on screen while new filters load. */
export function useWorkerServices(filter: WorkerServicesQuery) {
  return useQuery({ ...workerServicesQuery(filter), placeholderData: keepPreviousData })
}
