import type { OtpResendBody } from '@townworks/contract'
import { api } from '../../../lib/api-client'

/** POST /api/auth/otp/resend: a new code for the challenge (the old one stops working); every code flow uses it. */
export const resendCode = (body: OtpResendBody) => api.call('otpResend', { body })
