import type { OtpStartInput } from '@townworks/contract'
import { api } from '../../../lib/api-client'

/** POST /api/me/phone/start: a code to the caller's new number. */
export const startPhoneChange = (body: OtpStartInput) => api.call('myPhoneStart', { body })
