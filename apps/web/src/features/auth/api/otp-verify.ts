import type { OtpVerifyBody } from '@townworks/contract'
import { api } from '../../../lib/api-client'

/** POST /api/auth/otp/verify: signed in (cookies set), or the name a new number still needs. */
export const verifySignInCode = (body: OtpVerifyBody) => api.call('otpVerify', { body })
