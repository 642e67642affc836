import type { TFunction } from 'i18next'
import { describeApiError } from '../../../lib/api-error-text'

/** A workflow read's failure (describeApiError), naming what could not be loaded. */
export function describeLoadError(
  error: unknown,
  t: TFunction<'workflow'>,
  what: { kind: 'tasks' } | { kind: 'workflow'; taskId: number },
): string {
  const which = what.kind === 'tasks' ? t('errors.tasks') : t('errors.workflow', { id: what.taskId })
  return describeApiError(error, {
    network: t('errors.network'),
    UNAUTHENTICATED: t('errors.unauthenticated'),
    FORBIDDEN: t('errors.forbidden'),
    ...(what.kind === 'workflow' && { NOT_FOUND: t('errors.notFound', { id: what.taskId }) }),
    // Server trouble or anything unforeseen: say what did not load; "try again" is the button.
    INTERNAL: which,
    SERVICE_UNAVAILABLE: which,
    invalidResponse: which,
    unknown: which,
  })
}
