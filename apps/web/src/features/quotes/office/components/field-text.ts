import { QUOTE_LINES_MAX, QUOTE_UNIT_RULES } from '@townworks/contract/quote-units'
import type { TFunction } from 'i18next'
import { get, type FieldError, type FieldErrors } from 'react-hook-form'
import { fieldIssueText } from '../../../../lib/field-issue-text'
import { formatDate } from '../../../../lib/format'
import { lastValidDay, quantityProblemOf, rupeesToPaise, type QuoteForm } from '../model/quote-form'

/**
 * A field's problem in the reader's words. The form's own words say what to type; the contract's
 * schema and the server only decide that something is wrong (their words are English). A server's
 * issue that the form cannot tell from what was typed (a busy worker, a day the server's calendar
 * refuses) keeps the server's words, translated by kind in Telugu and Hindi (lib/field-issue-text).
 */
export function fieldText(
  t: TFunction<'quotes'>,
  errors: FieldErrors<QuoteForm>,
  values: QuoteForm,
  path: string,
  today: string,
  language: string,
): string | undefined {
  const error = get(errors, path) as FieldError | undefined
  if (!error) return undefined
  const server = () => fieldIssueText({ path, message: error.message ?? '' })
  const line = /^lines\.(\d+)\.(\w+)$/.exec(path)
  if (line) {
    const typed = values.lines[Number(line[1])]
    if (!typed) return server()
    switch (line[2]) {
      case 'description':
        return t('office.errors.description')
      case 'unit':
        return t('office.errors.unit')
      case 'service':
        return error.type === 'server' ? server() : t('office.errors.material')
      case 'quantity': {
        const problem = quantityProblemOf(typed.unit, typed.quantity)
        if (problem) return t(`office.errors.quantity.${problem}`, { max: QUOTE_UNIT_RULES[typed.unit].max })
        // The quantity suits its unit, yet the line comes to less than a paisa.
        return error.type === 'server' ? server() : t('office.errors.quantity.tooSmall')
      }
      case 'unit_price': {
        const paise = rupeesToPaise(typed.unit_price)
        if (paise === undefined) return t('office.errors.unitPrice.missing')
        if (paise === 0) return t('office.errors.unitPrice.zero')
        return t('office.errors.unitPrice.tooMuch')
      }
      default:
        return server()
    }
  }
  switch (path) {
    case 'lines.root':
      if (values.lines.length === 0) return t('office.errors.lines.none')
      if (values.lines.length > QUOTE_LINES_MAX) return t('office.errors.lines.tooMany', { max: QUOTE_LINES_MAX })
      return t('office.errors.lines.tooMuch')
    case 'visit_charge':
      return rupeesToPaise(values.visit_charge) === undefined
        ? t('office.errors.visitCharge')
        : t('office.errors.lines.tooMuch')
    case 'valid_until':
      return t('office.errors.validUntil', {
        first: formatDate(today, language),
        last: formatDate(lastValidDay(today), language),
      })
    case 'note':
      return t('office.errors.note')
    case 'slot.worker_id':
      return error.type === 'server' ? server() : t('office.errors.worker')
    case 'slot.date':
      return error.type === 'server' ? server() : t('office.errors.date')
    case 'slot.start_time':
      return t('office.errors.time')
    case 'slot.end_time':
      return values.slot.start_time && values.slot.end_time ? t('office.errors.endOrder') : t('office.errors.time')
    default:
      return server()
  }
}
