import type { TownBody } from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { referenceKeys } from '../../../lib/query-keys'

/** POST /api/admin/towns: add a town and the services it offers. */
export const createTown = (body: TownBody) => api.call('createTown', { body })

/** Every list of towns and services is read again after it (forms, filters and names everywhere). */
export function useCreateTown() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createTown,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referenceKeys.all }),
  })
}
