import type { TFunction } from 'i18next'
import { describeApiError } from '../../../../lib/api-error-text'

/**
 * A code flow's failure in the person's words: a wrong code says how many tries are left. The
 * code flows' own refusals are worded in the `auth` namespace (loaded with these screens only, so
 * the home page's first paint does not carry them).
 */
export function codeErrorText(t: TFunction<'auth'>, error: unknown): string {
  return describeApiError(error, {
    CODE_WRONG: (e) => {
      const left = Number(e.details.tries_left)
      return Number.isInteger(left) ? t('phone.wrongCode', { count: left }) : t('codeErrors.CODE_WRONG')
    },
    CODE_EXPIRED: t('codeErrors.CODE_EXPIRED'),
    CODE_TRIES_USED: t('codeErrors.CODE_TRIES_USED'),
    STAFF_PASSWORD_REQUIRED: t('codeErrors.STAFF_PASSWORD_REQUIRED'),
    SECOND_STEP_REQUIRED: t('codeErrors.SECOND_STEP_REQUIRED'),
    PHONE_IN_USE: t('codeErrors.PHONE_IN_USE'),
  })
}
