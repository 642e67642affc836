import type { TFunction } from 'i18next'
import { describeApiError } from '../../../lib/api-error-text'

/**
 * A failed login or sign-up (describeApiError) in the seed's words: 'Missing Username or Password'
 * (400), 'Unauthorized' (401), 'No Server Response' (no answer), 'Login Failed' / 'Registration
 * Failed' for server trouble; too many attempts says how many minutes to wait when the server said.
 */
export function authFailureText(t: TFunction<'auth'>, error: unknown, action: 'login' | 'register'): string {
  const failed = action === 'login' ? t('failure.loginFailed') : t('failure.registrationFailed')
  return describeApiError(error, {
    network: t('failure.noServer'),
    VALIDATION_FAILED: t('failure.missing'),
    UNAUTHENTICATED: t('failure.unauthorized'),
    INTERNAL: failed,
    invalidResponse: failed,
    unknown: failed,
  })
}
