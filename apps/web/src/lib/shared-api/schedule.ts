import type { ScheduleInput, ScheduleResponse } from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api-client'
import { assignmentsKeys, boardKeys, requestsKeys } from '../query-keys'

// POST /api/schedule is used by Create Schedule (assignments) and the dispatch board (board): a
// feature may not import another, so its one owner is here.

/** POST /api/schedule: create a task and its assignment. */
export function createSchedule(body: ScheduleInput): Promise<ScheduleResponse> {
  return api.call('schedule', { body })
}

/** Every list a new schedule appears on (and the request it was made from leaves) reads again. */
export function refreshAfterSchedule(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: assignmentsKeys.all }),
    queryClient.invalidateQueries({ queryKey: requestsKeys.all }),
    queryClient.invalidateQueries({ queryKey: boardKeys.all }),
  ])
}

export function useCreateSchedule() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createSchedule,
    // The request it was made from is scheduled now: the inbox and the request read again too.
    onSuccess: () => refreshAfterSchedule(queryClient),
  })
}
