import type { AssignmentsResponse } from '@townworks/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, type EndpointPath } from '../../../lib/api-client'
import { assignmentsKeys } from './keys'

/** GET /api/assignments: rows [assignment_id, task_id, worker_id, task_name, status], newest first. */
export function getAssignments(signal?: AbortSignal): Promise<AssignmentsResponse['assignments']> {
  return api
    .get<AssignmentsResponse>('/api/assignments' satisfies EndpointPath<'assignments'>, { signal })
    .then((r) => r.assignments)
}

export const assignmentsQuery = () =>
  queryOptions({ queryKey: assignmentsKeys.rows(), queryFn: ({ signal }) => getAssignments(signal) })

export function useAssignments() {
  return useQuery(assignmentsQuery())
}
