import type { TFunction } from 'i18next'
import { isApiError } from '../../../lib/api-client'
import { serverDetail } from '../../../lib/api-error-text'

/** What went wrong with a workers call, in words the person using the screen understands. */
export function describeWorkersError(error: unknown, t: TFunction<'workers'>, notFound = t('errors.notFound')): string {
  if (isApiError(error)) {
    if (error.kind === 'network') return t('errors.network')
    if (error.status === 401) return t('errors.unauthenticated')
    if (error.status === 403) return t('errors.forbidden')
    if (error.status === 404) return notFound
    if (error.code === 'STALE_STATUS') return t('errors.stale')
    // The server's conflict messages name the worker and the reason in plain words (English);
    // in Telugu and Hindi the code's translated text.
    if (error.status === 409) return t('errors.conflict', { message: serverDetail(error) })
    if (error.status === 400) return t('errors.invalid')
  }
  return t('errors.server')
}
