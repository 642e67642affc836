import type { ServiceRequestDetail } from '@townworks/contract'
import { buildPath } from '@townworks/contract/constants'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, type EndpointPath } from '../../../lib/api-client'
import { assignmentsKeys } from './keys'

/** GET /api/requests/{id}: the request a schedule is made from. */
export function getRequest(id: number, signal?: AbortSignal): Promise<ServiceRequestDetail> {
  return api.get<ServiceRequestDetail>(buildPath('/api/requests/:id' satisfies EndpointPath<'getRequest'>, { id }), {
    signal,
  })
}

export const requestQuery = (id: number) =>
  queryOptions({ queryKey: assignmentsKeys.request(id), queryFn: ({ signal }) => getRequest(id, signal) })

export function useScheduledRequest(id: number | undefined) {
  return useQuery({ ...requestQuery(id ?? 0), enabled: id !== undefined, staleTime: 0 })
}
