import type { TFunction } from 'i18next'
import { ApiError } from '../../../lib/api-client'
import { fieldIssueText, serverDetail } from '../../../lib/api-error-text'

/** What went wrong, in words an operator understands, from whatever a call rejected with. */
export function failureText(t: TFunction<'notifications'>, error: unknown): string {
  if (!(error instanceof ApiError)) return t('errors.other', { detail: serverDetail(error) })
  if (error.kind === 'network') return t('errors.noServer')
  if (error.status === 400)
    return t('errors.invalid', { detail: error.issues[0] ? fieldIssueText(error.issues[0]) : serverDetail(error) })
  if (error.status === 401) return t('errors.unauthenticated')
  if (error.status === 403) return t('errors.forbidden')
  if (error.status === 429) return t('errors.tooMany')
  if (error.status >= 500 || error.kind === 'invalid-response') return t('errors.server')
  return t('errors.other', { detail: serverDetail(error) })
}
