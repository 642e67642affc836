import { isApiError } from '../../../lib/api-client'
import { serverDetail } from '../../../lib/api-error-text'

export type AuthFailureKey = 'missing' | 'unauthorized' | 'tooMany' | 'loginFailed' | 'registrationFailed' | 'noServer'

/**
 * The seed's texts for a failed login or sign-up: 'Missing Username or Password' (400),
 * 'Unauthorized' (401), 'No Server Response' (no answer), 'Login Failed' / 'Registration Failed'
 * otherwise. Too many attempts (429) says how long to wait, in the server's words.
 */
export function authFailure(
  error: unknown,
  action: 'login' | 'register',
): { key: AuthFailureKey; serverMessage?: string } {
  if (isApiError(error)) {
    if (error.kind === 'network') return { key: 'noServer' }
    if (error.status === 400) return { key: 'missing' }
    if (error.status === 401) return { key: 'unauthorized' }
    if (error.status === 429) return { key: 'tooMany', serverMessage: serverDetail(error) }
  }
  return { key: action === 'login' ? 'loginFailed' : 'registrationFailed' }
}
