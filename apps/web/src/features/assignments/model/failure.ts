import type { TFunction } from 'i18next'
import { ApiError } from '../../../lib/api-client'
import { describeApiError, serverDetail } from '../../../lib/api-error-text'

/**
 * An assignments call's failure (describeApiError), with this feature's own words where the
 * server's detail names the clash, the missing record or the refused field.
 */
export function failureText(t: TFunction<'assignments'>, error: unknown): string {
  return describeApiError(error, {
    NOT_FOUND: (e) => t('failure.notFound', { detail: serverDetail(e) }),
    DOUBLE_BOOKING: (e) => t('failure.doubleBooking', { detail: serverDetail(e) }),
    CONFLICT: (e) => t('failure.conflict', { detail: serverDetail(e) }),
    VALIDATION_FAILED: (e) => t('failure.invalid', { detail: serverDetail(e) }),
  })
}

/** The field issues of a refused call, for `setError` beside each field. */
export function fieldIssues(error: unknown): readonly { path: string; message: string }[] {
  return error instanceof ApiError ? error.issues : []
}
