import type { SaveWorkerResponse, WorkerBody } from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { workersKeys } from '../../../lib/query-keys'

/** PUT /api/workerservices/{worker_id}: edit a worker and replace the services they offer. */
export function updateWorker(workerId: number, body: WorkerBody): Promise<SaveWorkerResponse> {
  return api.call('updateWorker', { params: { worker_id: workerId }, body })
}

/** Save an edit, then refresh every worker list. */
export function useUpdateWorker() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ workerId, body }: { workerId: number; body: WorkerBody }) => updateWorker(workerId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workersKeys.all }),
  })
}
