import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { usersKeys } from '../../../lib/query-keys'

/** POST /api/admin/users/{id}/password-reset: a one-time password, shown once; their sessions end. */
export const resetPassword = (id: number) => api.call('resetPassword', { params: { id } })

export function useResetPassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  })
}
