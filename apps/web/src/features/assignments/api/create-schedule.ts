import type { ScheduleBody, ScheduleResponse } from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { assignmentsKeys, requestsKeys } from '../../../lib/query-keys'

/** POST /api/schedule: create a task and its assignment. */
export function createSchedule(body: ScheduleBody): Promise<ScheduleResponse> {
  return api.call('schedule', { body })
}

export function useCreateSchedule() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createSchedule,
    // The request it was made from is scheduled now: the inbox and the request read again too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: assignmentsKeys.all }),
        queryClient.invalidateQueries({ queryKey: requestsKeys.all }),
      ]),
  })
}
