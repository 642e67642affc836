import type { ServiceRequestBody, ServiceRequestResponse } from '@townworks/contract'
import { IDEMPOTENCY_KEY_HEADER } from '@townworks/contract/constants'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { requestsKeys } from '../../../lib/query-keys'

export interface CreateServiceRequestInput {
  body: ServiceRequestBody
  /** The same key for every attempt at the same request: the server stores it once. */
  idempotencyKey: string
}

/** POST /api/servicerequest (seed call 1), with an Idempotency-Key so a retry never makes two. */
export function createServiceRequest({
  body,
  idempotencyKey,
}: CreateServiceRequestInput): Promise<ServiceRequestResponse> {
  return api.call('createServiceRequest', {
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  })
}

export function useCreateServiceRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createServiceRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestsKeys.all }),
  })
}
