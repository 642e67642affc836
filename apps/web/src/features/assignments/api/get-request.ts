import type { ServiceRequestDetail } from '@townworks/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { requestsKeys } from '../../../lib/query-keys'

/** GET /api/requests/{id}: the request a schedule is made from. */
export function getRequest(id: number, signal?: AbortSignal): Promise<ServiceRequestDetail> {
  return api.call('getRequest', { params: { id }, signal })
}

export const requestQuery = (id: number) =>
  queryOptions({ queryKey: requestsKeys.detail(id), queryFn: ({ signal }) => getRequest(id, signal) })

export function useScheduledRequest(id: number | undefined) {
  return useQuery({ ...requestQuery(id ?? 0), enabled: id !== undefined, staleTime: 0 })
}
