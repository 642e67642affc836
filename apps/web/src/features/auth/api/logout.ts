import { useMutation } from '@tanstack/react-query'
import { logOutOnServer } from '../../../lib/session'

/** POST /api/logout (its one caller is the session store): revokes the refresh token and clears the cookies. */
export function useLogout() {
  return useMutation({ mutationFn: logOutOnServer })
}
