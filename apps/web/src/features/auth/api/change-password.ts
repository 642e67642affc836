import type { ChangePasswordBody } from '@townworks/contract'
import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

/** PUT /api/me/password: the current password and a new one; every other session of the account ends. */
export const changePassword = (body: ChangePasswordBody) => api.call('changeMyPassword', { body })

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword })
}
