import type { InviteBody } from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { usersKeys } from '../../../lib/query-keys'

/** POST /api/admin/invites: the account, its one-time password and the queued sign-in message. */
export const inviteUser = (body: InviteBody) => api.call('invite', { body })

export function useInviteUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: inviteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  })
}
