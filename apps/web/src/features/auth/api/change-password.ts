import type { ChangePasswordBody, MessageResponse } from '@townworks/contract'
import { useMutation } from '@tanstack/react-query'
import { api, type EndpointPath } from '../../../lib/api-client'

const PATH = '/api/me/password' satisfies EndpointPath<'changeMyPassword'>

/** PUT /api/me/password: the current password and a new one; every other session of the account ends. */
export const changePassword = (body: ChangePasswordBody) => api.put<MessageResponse>(PATH, body)

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword })
}
