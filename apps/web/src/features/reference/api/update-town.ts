import type { TownBody } from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { referenceKeys } from '../../../lib/query-keys'

/** PUT /api/admin/towns/{id}: rename, retire or bring back a town; its services. */
export const updateTown = ({ id, ...body }: TownBody & { id: number }) =>
  api.call('updateTown', { params: { id }, body })

/** Every list of towns and services is read again after it (forms, filters and names everywhere). */
export function useUpdateTown() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateTown,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referenceKeys.all }),
  })
}
