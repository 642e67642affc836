import type { AssignmentTaskResponse } from '@townworks/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { assignmentsKeys } from '../../../lib/query-keys'

/** GET /api/task-details/{assignment_id}: the task's name, id and current status. */
export function getAssignmentTask(assignmentId: number, signal?: AbortSignal): Promise<AssignmentTaskResponse> {
  return api.call('assignmentTask', { params: { assignment_id: assignmentId }, signal })
}

export const assignmentTaskQuery = (assignmentId: number) =>
  queryOptions({
    queryKey: assignmentsKeys.task(assignmentId),
    queryFn: ({ signal }) => getAssignmentTask(assignmentId, signal),
    staleTime: 0,
  })

export function useAssignmentTask(assignmentId: number | undefined) {
  return useQuery({ ...assignmentTaskQuery(assignmentId ?? 0), enabled: assignmentId !== undefined })
}
