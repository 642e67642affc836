import type { ScheduleBody, ScheduleResponse } from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, type EndpointPath } from '../../../lib/api-client'
import { assignmentsKeys } from './keys'

/** POST /api/schedule: create a task and its assignment. */
export function createSchedule(body: ScheduleBody): Promise<ScheduleResponse> {
  return api.post<ScheduleResponse>('/api/schedule' satisfies EndpointPath<'schedule'>, body)
}

export function useCreateSchedule() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createSchedule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assignmentsKeys.all }),
  })
}
