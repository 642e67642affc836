import type { DeleteWorkerResponse } from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { workersKeys } from '../../../lib/query-keys'

/** DELETE /api/workerservices/{worker_id} (seed call 10): deleted, or deactivated when they have history. */
export function deleteWorker(workerId: number): Promise<DeleteWorkerResponse> {
  return api.call('deleteWorker', { params: { worker_id: workerId } })
}

/** Delete a worker; the lists refresh only once the server has answered. */
export function useDeleteWorker() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteWorker,
    onSettled: () => queryClient.invalidateQueries({ queryKey: workersKeys.all }),
  })
}
