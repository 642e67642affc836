import type { OtpStartInput } from '@townworks/contract'
import { api } from '../../../lib/api-client'

/** POST /api/auth/otp/start: a sign-in code to a number (the same answer for every number). */
export const startSignInCode = (body: OtpStartInput) => api.call('otpStart', { body })
