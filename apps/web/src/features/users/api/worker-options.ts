import type { WorkerServicesResponse } from '@townworks/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

/** Workers to link a login to: one option per worker from GET /api/workerservices. */
export const workerOptionsQuery = () =>
  queryOptions({
    queryKey: ['users', 'worker-options'],
    queryFn: async ({ signal }) => {
      const { workerServices } = await api.get<WorkerServicesResponse>('/api/workerservices', { signal })
      const byId = new Map<number, string>()
      for (const row of workerServices) byId.set(row.worker_id, `${row.worker_name} · ${row.town} (#${row.worker_id})`)
      return [...byId].map(([id, label]) => ({ value: String(id), label }))
    },
    staleTime: 60_000,
  })

export function useWorkerOptions(enabled: boolean) {
  return useQuery({ ...workerOptionsQuery(), enabled })
}
