import type { RequestsQuery, RequestsResponse } from '@townworks/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { requestsKeys } from '../../../lib/query-keys'

export type InboxQuery = Partial<RequestsQuery>

/** GET /api/requests: the operators' inbox, filtered and paged. */
export function listRequests(query: InboxQuery, signal?: AbortSignal): Promise<RequestsResponse> {
  return api.call('listRequests', { query, signal })
}

export const requestsListQuery = (query: InboxQuery) =>
  queryOptions({
    queryKey: requestsKeys.list(query),
    queryFn: ({ signal }) => listRequests(query, signal),
    staleTime: 10_000,
    refetchOnWindowFocus: true,
  })

export function useRequestsList(query: InboxQuery) {
  return useQuery({ ...requestsListQuery(query), placeholderData: keepPreviousData })
}
