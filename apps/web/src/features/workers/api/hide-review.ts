import type { HideReviewBody } from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { workersKeys } from '../../../lib/query-keys'

/** PUT /api/tasks/{task_id}/rating/hidden (staff): hide a review that breaks the rules, with why; it is kept. */
export function hideReview({ taskId, ...body }: HideReviewBody & { taskId: number }) {
  return api.call('hideReview', { params: { task_id: taskId }, body })
}

/**
 * Hide one of a worker's reviews (issue 21); their profile and the cards that show their rating are
 * read again once the server has answered.
 */
export function useHideReview(workerId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: hideReview,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: workersKeys.profile(workerId) }),
        queryClient.invalidateQueries({ queryKey: workersKeys.skilled() }),
      ]),
  })
}
