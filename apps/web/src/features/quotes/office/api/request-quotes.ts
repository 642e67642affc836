import type { RequestQuotesResponse } from '@townworks/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../../lib/api-client'
import { requestsKeys } from '../../../../lib/query-keys'

/** GET /api/requests/{id}/quotes: every version of a request's quote, newest first, with its lines. */
export function getRequestQuotes(requestId: number, signal?: AbortSignal): Promise<RequestQuotesResponse> {
  return api.call('requestQuotes', { params: { id: requestId }, signal })
}

export const requestQuotesQuery = (requestId: number) =>
  queryOptions({
    queryKey: requestsKeys.quotes(requestId),
    queryFn: ({ signal }) => getRequestQuotes(requestId, signal),
    // The customer may accept or decline while the dialog is open.
    refetchOnWindowFocus: true,
  })

export function useRequestQuotes(requestId: number) {
  return useQuery(requestQuotesQuery(requestId))
}
