import type { AdminUserResponse, UpdateUserBody } from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

/** PATCH /api/admin/users/{id}: role, or disabled. */
export const updateUser = ({ id, ...body }: UpdateUserBody & { id: number }) =>
  api.patch<AdminUserResponse>(`/api/admin/users/${id}`, body)

export function useUpdateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  })
}
