import type { OtpStartInput } from '@townworks/contract'
import { api } from '../../../lib/api-client'

/** POST /api/auth/password-reset/start: a code to the account's verified number (the same answer for any number). */
export const startPasswordReset = (body: OtpStartInput) => api.call('passwordResetStart', { body })
