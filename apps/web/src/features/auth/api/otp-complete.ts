import type { OtpCompleteBody } from '@townworks/contract'
import { api } from '../../../lib/api-client'

/** POST /api/auth/otp/complete: a verified new number's customer account, with the name; signs in. */
export const completeSignIn = (body: OtpCompleteBody) => api.call('otpComplete', { body })
