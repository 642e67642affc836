import type { RegisterBody } from '@townworks/contract'
import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

/** POST /api/register: a new customer account. */
export const register = (body: RegisterBody) => api.call('register', { body })

export function useRegister() {
  return useMutation({ mutationFn: register })
}
