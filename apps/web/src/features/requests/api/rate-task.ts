import type { RatingBody, RatingResponse } from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { requestsKeys } from '../../../lib/query-keys'

/** PUT /api/tasks/{task_id}/rating: the customer rates the worker of their paid task (issue 21). */
export function rateTask({ taskId, body }: { taskId: number; body: RatingBody }): Promise<RatingResponse> {
  return api.call('rateTask', { params: { task_id: taskId }, body })
}

export function useRateTask() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: rateTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestsKeys.mine() }),
  })
}
