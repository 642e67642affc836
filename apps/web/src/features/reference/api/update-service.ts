import type { ServiceBody } from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { referenceKeys } from '../../../lib/query-keys'

/** PUT /api/admin/services/{id}: rename, recategorise, retire or bring back a service. */
export const updateService = ({ id, ...body }: ServiceBody & { id: number }) =>
  api.call('updateService', { params: { id }, body })

/** Every list of towns and services is read again after it (forms, filters and names everywhere). */
export function useUpdateService() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateService,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referenceKeys.all }),
  })
}
