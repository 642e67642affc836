import { endpoints, ScheduleResponseSchema, type ScheduleBody, type ScheduleResponse } from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { assignmentsKeys } from './keys'

/** POST /api/schedule: create a task and its assignment. */
export function createSchedule(body: ScheduleBody): Promise<ScheduleResponse> {
  return api.post(endpoints.schedule.path, body, ScheduleResponseSchema)
}

export function useCreateSchedule() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createSchedule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assignmentsKeys.all }),
  })
}
