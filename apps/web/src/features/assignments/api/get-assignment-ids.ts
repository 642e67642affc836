import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { assignmentsKeys } from '../../../lib/query-keys'

/** GET /api/assignment-ids: plain numbers, newest first. */
export function getAssignmentIds(signal?: AbortSignal): Promise<number[]> {
  return api.call('assignmentIds', { signal }).then((r) => r.assignmentIds)
}

export const assignmentIdsQuery = () =>
  queryOptions({ queryKey: assignmentsKeys.ids(), queryFn: ({ signal }) => getAssignmentIds(signal) })

export function useAssignmentIds() {
  return useQuery(assignmentIdsQuery())
}
