import type { ServicePictureBody } from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { referenceKeys } from '../../../lib/query-keys'

/** PUT /api/admin/services/{id}/picture: the service's card picture. */
export const setServicePicture = ({ id, ...body }: ServicePictureBody & { id: number }) =>
  api.call('setServicePicture', { params: { id }, body })

/** Every list of towns and services is read again after it (forms, filters and names everywhere). */
export function useSetServicePicture() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setServicePicture,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referenceKeys.all }),
  })
}
