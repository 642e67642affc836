import type { TFunction } from 'i18next'
import { describeApiError, serverDetail } from '../../../lib/api-error-text'
import { fieldIssueText } from '../../../lib/field-issue-text'

/** A notifications call's failure (describeApiError); a refused message names its first field issue. */
export function failureText(t: TFunction<'notifications'>, error: unknown): string {
  return describeApiError(error, {
    VALIDATION_FAILED: (e) =>
      t('errors.invalid', { detail: e.issues[0] ? fieldIssueText(e.issues[0]) : serverDetail(e) }),
  })
}
