import type { PasswordResetCompleteBody } from '@townworks/contract'
import { api } from '../../../lib/api-client'

/** POST /api/auth/password-reset/complete: the new password; every other session ends. */
export const completePasswordReset = (body: PasswordResetCompleteBody) => api.call('passwordResetComplete', { body })
