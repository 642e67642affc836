import type { MessageResponse } from '@townworks/contract'
import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

/** POST /api/logout: revokes the refresh token and clears the cookies. */
export const logout = () => api.post<MessageResponse>('/api/logout', undefined)

export function useLogout() {
  return useMutation({ mutationFn: logout })
}
