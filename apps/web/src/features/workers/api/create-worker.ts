import type { SaveWorkerResponse, WorkerBody } from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { workersKeys } from '../../../lib/query-keys'

/** POST /api/workerservices: a new worker with the services they offer. */
export function createWorker(body: WorkerBody): Promise<SaveWorkerResponse> {
  return api.call('createWorker', { body })
}

/** Add a worker, then refresh every worker list. */
export function useCreateWorker() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createWorker,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workersKeys.all }),
  })
}
