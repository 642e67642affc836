import type { AssignmentForm } from '@townworks/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { assignmentsKeys } from '../../../lib/query-keys'

/** GET /api/taskdetails?assignmentId=N: one assignment for the edit form (times HH:MM). */
export function getTaskDetails(assignmentId: number, signal?: AbortSignal): Promise<AssignmentForm> {
  return api.call('taskDetails', { query: { assignmentId }, signal }).then((r) => r.assignmentdetails)
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
