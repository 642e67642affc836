import { ApiError } from '../../../lib/api-client'
import { serverDetail } from '../../../lib/api-error-text'

/** The kind of failure a screen explains: no answer, too many, our fault, a conflict, bad input, or else. */
export type FailureKind = 'network' | 'tooMany' | 'server' | 'conflict' | 'invalid' | 'other'

export function failureKind(error: unknown): FailureKind {
  if (!(error instanceof ApiError)) return 'other'
  if (error.kind === 'network') return 'network'
  if (error.status === 429) return 'tooMany'
  if (error.status >= 500 || error.kind === 'invalid-response') return 'server'
  if (error.status === 409) return 'conflict'
  if (error.status === 400) return 'invalid'
  return 'other'
}

/** The server's words in English, the error code's translated text in Telugu and Hindi. */
export function errorMessage(error: unknown): string {
  return serverDetail(error)
}
