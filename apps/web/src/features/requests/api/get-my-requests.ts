import type { MyRequestsResponse } from '@townworks/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { requestsKeys } from '../../../lib/query-keys'

/** How often an open My requests screen asks for news. */
export const MY_REQUESTS_REFRESH_MS = 15_000

/** GET /api/my/requests: the customer's own requests with task, worker and workflow records. */
export function getMyRequests(signal?: AbortSignal): Promise<MyRequestsResponse> {
  return api.call('myRequests', { signal })
}

export const myRequestsQuery = () =>
  queryOptions({
    queryKey: requestsKeys.mine(),
    queryFn: ({ signal }) => getMyRequests(signal),
    staleTime: 0,
    refetchInterval: MY_REQUESTS_REFRESH_MS,
    refetchOnWindowFocus: true,
  })

export function useMyRequests() {
  return useQuery(myRequestsQuery())
}
