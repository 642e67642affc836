import type { WorkerServicesResponse } from '@townworks/contract'
import { useQuery } from '@tanstack/react-query'
import { workerServicesQuery } from '../../../lib/shared-api/workers'

/** One option per worker, from the rows of GET /api/workerservices. */
export function workerOptions({ workerServices }: WorkerServicesResponse): { value: string; label: string }[] {
  const byId = new Map<number, string>()
  for (const row of workerServices) byId.set(row.worker_id, `${row.worker_name} · ${row.town} (#${row.worker_id})`)
  return [...byId].map(([id, label]) => ({ value: String(id), label }))
}

/** Workers to link a login to (the unfiltered worker list, shared with /wss's cache). */
export function useWorkerOptions(enabled: boolean) {
  return useQuery({ ...workerServicesQuery(), select: workerOptions, staleTime: 60_000, enabled })
}
