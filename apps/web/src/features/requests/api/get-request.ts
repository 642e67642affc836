import type { ServiceRequestDetail } from '@townworks/contract'
import { buildPath } from '@townworks/contract/constants'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, type EndpointPath } from '../../../lib/api-client'
import { requestsKeys } from './keys'

/** GET /api/requests/{id}: one request, as operators see it. */
export function getRequest(id: number, signal?: AbortSignal): Promise<ServiceRequestDetail> {
  return api.get<ServiceRequestDetail>(buildPath('/api/requests/:id' satisfies EndpointPath<'getRequest'>, { id }), {
    signal,
  })
}

export const requestQuery = (id: number) =>
  queryOptions({ queryKey: requestsKeys.detail(id), queryFn: ({ signal }) => getRequest(id, signal) })

export function useRequest(id: number | null) {
  return useQuery({ ...requestQuery(id ?? 0), enabled: id !== null })
}
