import type { HideReviewBody } from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { workersKeys } from '../../../lib/query-keys'

/** PUT /api/tasks/{task_id}/rating/hidden (staff): hide a review that breaks the rules, with why; it is kept. */
export function hideReview({ taskId, ...body }: HideReviewBody & { taskId: number }) {
  return api.call('hideReview', { params: { task_id: taskId }, body })
}

/** DELETE /api/tasks/{task_id}/rating/hidden (staff): show a review hidden by mistake again. */
export function showReview({ taskId }: { taskId: number }) {
  return api.call('showReview', { params: { task_id: taskId } })
}

/** After a review is hidden or shown: the worker's profile and every card with their rating. */
function useReviewChange<I>(_workerId: number, mutationFn: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    // The profile, /swl's cards and the roster all start with the workers' key.
    onSettled: () => queryClient.invalidateQueries({ queryKey: workersKeys.all }),
  })
}

/** Hide one of a worker's reviews (issue 21), with why; it is kept. */
export const useHideReview = (workerId: number) => useReviewChange(workerId, hideReview)

/** Show a hidden review again. */
export const useShowReview = (workerId: number) => useReviewChange(workerId, showReview)
