import type { TaskStatus, UpdateStatusResponse } from '@townworks/contract'
import { buildPath } from '@townworks/contract/constants'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { myJobsQuery } from './get-my-jobs'

export interface JobMove {
  taskId: number
  from: TaskStatus
  to: TaskStatus
}

/** PUT /api/update-status/{task_id} (seed call 13) with the status the screen showed, so a stale tap is refused. */
export function updateJobStatus({ taskId, from, to }: JobMove): Promise<UpdateStatusResponse> {
  return api.put<UpdateStatusResponse>(buildPath('/api/update-status/:task_id', { task_id: taskId }), {
    status: to,
    expectedStatus: from,
  })
}

/** Move one of my jobs on; the list is read again whatever the answer. */
export function useUpdateJobStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateJobStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: myJobsQuery().queryKey }),
  })
}
