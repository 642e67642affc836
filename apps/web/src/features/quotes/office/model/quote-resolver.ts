import type { CreateQuoteBody } from '@townworks/contract'
import { get, set, type FieldErrors, type Resolver } from 'react-hook-form'
import { todayInKolkata } from '../../../../lib/format'
import { formPath, lastValidDay, quantityProblemOf, toBody, type QuoteForm } from './quote-form'

/** An issue of the contract's check: where (the body's path) and what (its English words). */
export interface BodyIssue {
  readonly path: readonly PropertyKey[]
  readonly message: string
  readonly code?: string
}

/** lib/form-resolvers' checkQuoteBody, as this form uses it (zod's safeParse). */
export type QuoteBodyCheck = (
  body: unknown,
) => { success: true; data: CreateQuoteBody } | { success: false; error: { issues: readonly BodyIssue[] } }

/**
 * The quote form's resolver: the typed form becomes the body, checked by the contract's schema (which
 * the server checks too), each issue put on the field that was typed (`unit_price_paise` on the rupees,
 * `lines` over the lines). Every line's quantity is also checked against its unit here, without zod,
 * so a 1.5 tractor load is refused even while another field of the quote is still wrong (the schema
 * checks the units only once every field is right on its own), and the days against today in India,
 * as the server checks them (the last day within QUOTE_VALID_DAYS_MAX, a slot not in the past). The
 * words are the form's (fieldText).
 */
export function quoteResolver(
  check: QuoteBodyCheck,
  today: () => string = () => todayInKolkata(),
): Resolver<QuoteForm, unknown, CreateQuoteBody> {
  return (values) => {
    const errors: FieldErrors<QuoteForm> = {}
    values.lines.forEach((line, i) => {
      const problem = quantityProblemOf(line.unit, line.quantity)
      if (problem) set(errors, `lines.${i}.quantity`, { type: problem, message: problem })
    })
    const day = today()
    if (values.valid_until < day || values.valid_until > lastValidDay(day))
      set(errors, 'valid_until', { type: 'range', message: 'range' })
    if (values.with_slot && values.slot.date !== '' && values.slot.date < day)
      set(errors, 'slot.date', { type: 'range', message: 'range' })
    const result = check(toBody(values))
    if (!result.success) {
      for (const issue of result.error.issues) {
        const path = formPath(issue.path.map(String).join('.'))
        if (get(errors, path) === undefined) set(errors, path, { type: issue.code ?? 'custom', message: issue.message })
      }
    }
    return Promise.resolve(
      result.success && Object.keys(errors).length === 0 ? { values: result.data, errors: {} } : { values: {}, errors },
    )
  }
}
