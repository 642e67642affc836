import type { ErrorCode, FieldIssue } from '@townworks/contract'
import type { i18n as I18n } from 'i18next'
import errorsEn from '../locales/en/errors.json'
import { ApiError } from './api-client'
import { i18n as appI18n } from './i18n'

/**
 * The API answers in English: a `code`, a message and field issues. The screens speak the user's
 * language, so they show the code's translated text (`errors:api.<CODE>`) and translated field
 * issues. In English the server's own words stay, since they name the clash or the field exactly.
 */

// Type-only import above: this module stays free of zod (the shell may use it). A code the app
// does not know (a newer server) falls back to the generic text.
function isErrorCode(value: unknown, instance: I18n): value is ErrorCode {
  return typeof value === 'string' && /^[A-Z_]+$/.test(value) && instance.exists(`errors:api.${value}`)
}

function english(instance: I18n): boolean {
  return (instance.resolvedLanguage ?? instance.language ?? 'en') === 'en'
}

/** A whole sentence for any failed call, in the active language. */
export function apiErrorText(error: unknown, instance: I18n = appI18n): string {
  const t = instance.getFixedT(null, 'errors')
  if (!(error instanceof ApiError)) return t('api.unknown')
  if (error.kind === 'network') return t('api.network')
  if (error.kind === 'invalid-response') return t('api.invalidResponse')
  if (error.status >= 500) return t('api.INTERNAL')
  if (isErrorCode(error.code, instance)) return t(`api.${error.code}`)
  return t('api.unknown')
}

/**
 * The detail features put inside their own sentences (`{{message}}`, `{{detail}}`): the server's
 * message in English, the code's translated text in Telugu and Hindi.
 */
export function serverDetail(error: unknown, instance: I18n = appI18n): string {
  if (error instanceof ApiError && error.kind === 'http' && error.status < 500 && english(instance)) {
    return error.message
  }
  return apiErrorText(error, instance)
}

type FieldProblem =
  | 'required'
  | 'tooShort'
  | 'tooLong'
  | 'email'
  | 'phone'
  | 'date'
  | 'time'
  | 'number'
  | 'choice'
  | 'unknownField'
  | 'invalid'

/** What kind of problem a server field issue describes (zod's English messages, read loosely). */
export function fieldProblem(issue: FieldIssue): FieldProblem {
  const m = issue.message.toLowerCase()
  const path = issue.path.toLowerCase()
  if (m.includes('unrecognized key')) return 'unknownField'
  if (m.includes('received undefined') || m.includes('required')) return 'required'
  if (m.includes('email')) return 'email'
  if (path.includes('phone') || m.includes('mobile')) return 'phone'
  if (m.includes('date')) return 'date'
  if (m.includes('time')) return 'time'
  if (m.includes('expected number') || m.includes('whole number') || m.includes('expected int')) return 'number'
  if (m.includes('expected one of') || m.includes('invalid option')) return 'choice'
  if (m.includes('too small') || m.includes('at least')) return 'tooShort'
  if (m.includes('too big') || m.includes('at most')) return 'tooLong'
  return 'invalid'
}

type ContractMessage = keyof typeof errorsEn.contract

/** The contract's own validation messages (English, shared by client and server), by their text. */
const CONTRACT_MESSAGES = new Map<string, ContractMessage>([
  ...(Object.entries(errorsEn.contract) as [ContractMessage, string][]).map(
    ([key, text]) => [text, key] as [string, ContractMessage],
  ),
  ['Worker ID must be a number', 'workerIdNumber'],
  ['Enter the name', 'nameRequired'],
  ['The end date is before the start date', 'rangeOrder'],
  ['from must not be after to', 'rangeOrder'],
])

/**
 * A field issue in the active language: the contract's validation messages (from the client's
 * resolver or the server's answer) have their own translation; anything else is described by
 * kind ("This field is required."). English keeps the words as they came.
 */
export function fieldIssueText(issue: FieldIssue, instance: I18n = appI18n): string {
  if (english(instance)) return issue.message
  const t = instance.getFixedT(null, 'errors')
  const known = CONTRACT_MESSAGES.get(issue.message)
  if (known) return t(`contract.${known}`)
  return t(`field.${fieldProblem(issue)}`)
}

/** A form field's message (react-hook-form with a contract schema) in the active language. */
export function fieldMessageText(message: string | undefined, path = '', instance: I18n = appI18n): string | undefined {
  return message === undefined ? undefined : fieldIssueText({ path, message }, instance)
}
