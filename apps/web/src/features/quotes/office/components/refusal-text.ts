import type { TFunction } from 'i18next'
import type { ApiError } from '../../../../lib/api-client'
import { describeApiError, serverDetail } from '../../../../lib/api-error-text'

/** Why the server refused a quote (`details.reason` of a 409), when it said. */
const reasonOf = (error: ApiError) => (typeof error.details.reason === 'string' ? error.details.reason : undefined)

/**
 * A quote that was not sent, in words: the request already has an accepted quote, or is no longer
 * open; the proposed slot cannot be booked (the worker is busy, off, or does not offer the service
 * there: the server names the worker); some fields need attention; or why else.
 */
export function refusalText(t: TFunction<'quotes'>, error: unknown): string {
  const slot = (e: ApiError) => t('office.refused.slot', { detail: serverDetail(e) })
  return describeApiError(error, {
    network: t('office.refused.noServer'),
    CONFLICT: (e) => {
      const reason = reasonOf(e)
      if (reason === 'quote_accepted') return t('office.refused.quoteAccepted')
      if (reason === 'request_not_open') return t('office.refused.notOpen')
      return slot(e)
    },
    DOUBLE_BOOKING: slot,
    NOT_FOUND: (e) => (e.issues.some((i) => i.path.startsWith('slot.')) ? slot(e) : t('office.refused.notFound')),
    VALIDATION_FAILED: t('office.form.fixFields'),
    rest: (message) => t('office.refused.other', { message }),
  })
}
