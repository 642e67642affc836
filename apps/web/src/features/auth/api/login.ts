import type { LoginBody } from '@townworks/contract'
import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

/** POST /api/login: sets the session cookies and answers who logged in. */
export const login = (body: LoginBody) => api.call('login', { body })

export function useLogin() {
  return useMutation({ mutationFn: login })
}
