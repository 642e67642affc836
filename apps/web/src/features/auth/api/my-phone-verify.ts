import type { OtpVerifyBody } from '@townworks/contract'
import { api } from '../../../lib/api-client'

/** POST /api/me/phone/verify: the new number becomes the caller's verified number. */
export const verifyPhoneChange = (body: OtpVerifyBody) => api.call('myPhoneVerify', { body })
