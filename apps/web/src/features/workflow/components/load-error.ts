import type { TFunction } from 'i18next'
import { describeApiError } from '../../../lib/api-error-text'

/** A workflow read's failure (describeApiError), naming the task by its reference (TW-000123). */
export function describeLoadError(error: unknown, t: TFunction<'workflow'>, ref: string): string {
  const which = t('errors.workflow', { ref })
  return describeApiError(error, {
    network: t('errors.network'),
    UNAUTHENTICATED: t('errors.unauthenticated'),
    FORBIDDEN: t('errors.forbidden'),
    NOT_FOUND: t('errors.notFound', { ref }),
    // Server trouble or anything unforeseen: say what did not load; "try again" is the button.
    INTERNAL: which,
    SERVICE_UNAVAILABLE: which,
    invalidResponse: which,
    unknown: which,
  })
}
