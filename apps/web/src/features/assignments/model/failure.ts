import type { TFunction } from 'i18next'
import { ApiError } from '../../../lib/api-client'
import { serverDetail } from '../../../lib/api-error-text'

/** What went wrong with a call, in words an operator understands (the server's own words as the detail). */
export function failureText(t: TFunction<'assignments'>, error: unknown): string {
  if (!(error instanceof ApiError)) return t('failure.other')
  if (error.kind === 'network') return t('failure.network')
  if (error.kind === 'invalid-response' || error.status >= 500) return t('failure.server')
  if (error.status === 401) return t('failure.session')
  if (error.status === 403) return t('failure.forbidden')
  if (error.status === 404) return t('failure.notFound', { detail: serverDetail(error) })
  if (error.status === 429) return t('failure.tooMany')
  if (error.code === 'DOUBLE_BOOKING') return t('failure.doubleBooking', { detail: serverDetail(error) })
  if (error.status === 409) return t('failure.conflict', { detail: serverDetail(error) })
  if (error.status === 400) return t('failure.invalid', { detail: serverDetail(error) })
  return t('failure.other')
}

/** The field issues of a refused call, for `setError` beside each field. */
export function fieldIssues(error: unknown): readonly { path: string; message: string }[] {
  return error instanceof ApiError ? error.issues : []
}
