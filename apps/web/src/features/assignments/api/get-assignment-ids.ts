import type { AssignmentIdsResponse } from '@townworks/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, type EndpointPath } from '../../../lib/api-client'
import { assignmentsKeys } from './keys'

/** GET /api/assignment-ids: plain numbers, newest first. */
export function getAssignmentIds(signal?: AbortSignal): Promise<number[]> {
  return api
    .get<AssignmentIdsResponse>('/api/assignment-ids' satisfies EndpointPath<'assignmentIds'>, { signal })
    .then((r) => r.assignmentIds)
}

export const assignmentIdsQuery = () =>
  queryOptions({ queryKey: assignmentsKeys.ids(), queryFn: ({ signal }) => getAssignmentIds(signal) })

export function useAssignmentIds() {
  return useQuery(assignmentIdsQuery())
}
