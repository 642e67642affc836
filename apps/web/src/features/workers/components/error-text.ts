import type { TFunction } from 'i18next'
import { describeApiError, serverDetail } from '../../../lib/api-error-text'

/** A workers call's failure (describeApiError), with what is missing named by the screen. */
export function describeWorkersError(error: unknown, t: TFunction<'workers'>, notFound = t('errors.notFound')): string {
  return describeApiError(error, {
    NOT_FOUND: notFound,
    STALE_STATUS: t('errors.stale'),
    // The server's conflict messages name the worker and the reason in plain words (English);
    // in Telugu and Hindi the code's translated text.
    CONFLICT: (e) => t('errors.conflict', { message: serverDetail(e) }),
    DOUBLE_BOOKING: (e) => t('errors.conflict', { message: serverDetail(e) }),
  })
}
