import { SaveWorkerResponseSchema, type SaveWorkerResponse, type WorkerBody } from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

/** POST /api/workerservices: a new worker with the services they offer. */
export function createWorker(body: WorkerBody): Promise<SaveWorkerResponse> {
  return api.post('/api/workerservices', body, SaveWorkerResponseSchema)
}

/** Add a worker, then refresh every worker list. */
export function useCreateWorker() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createWorker,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['workers'] }),
  })
}
