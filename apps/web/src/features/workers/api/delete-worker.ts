import type { DeleteWorkerResponse } from '@townworks/contract'
import { buildPath } from '@townworks/contract/constants'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

/** DELETE /api/workerservices/{worker_id} (seed call 10): deleted, or deactivated when they have history. */
export function deleteWorker(workerId: number): Promise<DeleteWorkerResponse> {
  return api.delete<DeleteWorkerResponse>(buildPath('/api/workerservices/:worker_id', { worker_id: workerId }))
}

/** Delete a worker; the lists refresh only once the server has answered. */
export function useDeleteWorker() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteWorker,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['workers'] }),
  })
}
