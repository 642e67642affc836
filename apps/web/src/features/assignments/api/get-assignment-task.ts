import type { AssignmentTaskResponse } from '@townworks/contract'
import { buildPath } from '@townworks/contract/constants'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, type EndpointPath } from '../../../lib/api-client'
import { assignmentsKeys } from './keys'

/** GET /api/task-details/{assignment_id}: the task's name, id and current status. */
export function getAssignmentTask(assignmentId: number, signal?: AbortSignal): Promise<AssignmentTaskResponse> {
  return api.get<AssignmentTaskResponse>(
    buildPath('/api/task-details/:assignment_id' satisfies EndpointPath<'assignmentTask'>, {
      assignment_id: assignmentId,
    }),
    { signal },
  )
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
