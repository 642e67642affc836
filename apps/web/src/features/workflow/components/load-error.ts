import type { TFunction } from 'i18next'
import { isApiError } from '../../../lib/api-client'

/** What went wrong with a workflow read, in words an operator understands. */
export function describeLoadError(
  error: unknown,
  t: TFunction<'workflow'>,
  what: { kind: 'tasks' } | { kind: 'workflow'; taskId: number },
): string {
  if (isApiError(error)) {
    if (error.kind === 'network') return t('errors.network')
    if (error.status === 401) return t('errors.unauthenticated')
    if (error.status === 403) return t('errors.forbidden')
    if (error.status === 404 && what.kind === 'workflow') return t('errors.notFound', { id: what.taskId })
  }
  return what.kind === 'tasks' ? t('errors.tasks') : t('errors.workflow', { id: what.taskId })
}
