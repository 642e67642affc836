import type { AssignmentForm, TaskDetailsResponse } from '@townworks/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, type EndpointPath } from '../../../lib/api-client'
import { assignmentsKeys } from './keys'

/** GET /api/taskdetails?assignmentId=N: one assignment for the edit form (times HH:MM). */
export function getTaskDetails(assignmentId: number, signal?: AbortSignal): Promise<AssignmentForm> {
  return api
    .get<TaskDetailsResponse>('/api/taskdetails' satisfies EndpointPath<'taskDetails'>, {
      signal,
      query: { assignmentId },
    })
    .then((r) => r.assignmentdetails)
}

export const taskDetailsQuery = (assignmentId: number) =>
  queryOptions({
    queryKey: assignmentsKeys.form(assignmentId),
    queryFn: ({ signal }) => getTaskDetails(assignmentId, signal),
    staleTime: 0,
  })

export function useTaskDetails(assignmentId: number | undefined) {
  return useQuery({ ...taskDetailsQuery(assignmentId ?? 0), enabled: assignmentId !== undefined })
}
