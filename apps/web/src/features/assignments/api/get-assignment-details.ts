import type { AssignmentDetailsQuery, AssignmentDetailsResponse } from '@townworks/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { assignmentsKeys } from '../../../lib/query-keys'

/** GET /api/assignmentdetails: one filtered, sorted page of the table. */
export function getAssignmentDetails(
  query: Partial<AssignmentDetailsQuery>,
  signal?: AbortSignal,
): Promise<AssignmentDetailsResponse> {
  return api.call('assignmentDetails', { query, signal })
}

export const assignmentDetailsQuery = (query: Partial<AssignmentDetailsQuery>) =>
  queryOptions({
    queryKey: assignmentsKeys.details(query),
    queryFn: ({ signal }) => getAssignmentDetails(query, signal),
  })

export function useAssignmentDetails(query: Partial<AssignmentDetailsQuery>) {
  return useQuery({ ...assignmentDetailsQuery(query), placeholderData: keepPreviousData })
}
