import type { ServiceBody } from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { referenceKeys } from '../../../lib/query-keys'

/** POST /api/admin/services: add a service. */
export const createService = (body: ServiceBody) => api.call('createService', { body })

/** Every list of towns and services is read again after it (forms, filters and names everywhere). */
export function useCreateService() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createService,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referenceKeys.all }),
  })
}
