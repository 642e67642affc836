import type { UpdateUserBody } from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { usersKeys } from '../../../lib/query-keys'

/** PATCH /api/admin/users/{id}: role, or disabled. */
export const updateUser = ({ id, ...body }: UpdateUserBody & { id: number }) =>
  api.call('updateUser', { params: { id }, body })

export function useUpdateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  })
}
