import { ApiError } from '../../../lib/api-client'

/** What went wrong, in the words a screen picks its text by. */
export type PaymentFailure = 'network' | 'conflict' | 'notFound' | 'invalid' | 'other'

export function paymentFailure(error: unknown): PaymentFailure {
  if (!(error instanceof ApiError)) return 'other'
  if (error.kind === 'network') return 'network'
  if (error.status === 409) return 'conflict'
  if (error.status === 404 || error.status === 403) return 'notFound'
  if (error.status === 400) return 'invalid'
  return 'other'
}

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))
