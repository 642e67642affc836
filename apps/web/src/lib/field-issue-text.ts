import type { FieldIssue } from '@townworks/contract'
import type { i18n as I18n } from 'i18next'
import type fieldErrorsEn from '../locales/en/fieldErrors.json'
import { english } from './api-error-text'
import { i18n as appI18n } from './i18n'

// A form's field issues in the reader's language (decision 047): apart from api-error-text.ts, which
// every screen that calls the API loads, and with words of their own, the `fieldErrors` namespace,
// which is not in every page's first load: it is fetched when a form loads this module. English
// keeps the words as they came and needs none of it.
void appI18n.loadNamespaces('fieldErrors').catch(() => undefined)

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

type ContractMessage = keyof typeof fieldErrorsEn.contract

/** Messages that say what a contract message says, in other words. */
const ALSO: [string, ContractMessage][] = [
  ['Worker ID must be a number', 'workerIdNumber'],
  ['Enter the name', 'nameRequired'],
  ['The end date is before the start date', 'rangeOrder'],
  ['from must not be after to', 'rangeOrder'],
]

let contractMessages: { from: object; byText: Map<string, ContractMessage> } | undefined

/** The contract's own validation messages (English, shared by client and server), by their text. */
function contractMessage(text: string, instance: I18n): ContractMessage | undefined {
  const english = instance.getResource('en', 'fieldErrors', 'contract') as Record<ContractMessage, string> | undefined
  if (!english) return undefined
  if (contractMessages?.from !== english) {
    const byText = new Map<string, ContractMessage>(
      (Object.entries(english) as [ContractMessage, string][]).map(([key, words]) => [words, key]),
    )
    for (const [words, key] of ALSO) byText.set(words, key)
    contractMessages = { from: english, byText }
  }
  return contractMessages.byText.get(text)
}

/**
 * A field issue in the active language: the contract's validation messages (from the client's
 * resolver or the server's answer) have their own translation; anything else is described by
 * kind ("This field is required."). English keeps the words as they came, and so does any language
 * whose words have not come yet.
 */
export function fieldIssueText(issue: FieldIssue, instance: I18n = appI18n): string {
  // Until the words have come (a moment after the form's code), the message as it came.
  if (english(instance) || !instance.hasLoadedNamespace('fieldErrors')) return issue.message
  const t = instance.getFixedT(null, 'fieldErrors')
  const known = contractMessage(issue.message, instance)
  if (known) return t(`contract.${known}`)
  return t(`field.${fieldProblem(issue)}`)
}

/** A form field's message (react-hook-form with a contract schema) in the active language. */
export function fieldMessageText(message: string | undefined, path = '', instance: I18n = appI18n): string | undefined {
  return message === undefined ? undefined : fieldIssueText({ path, message }, instance)
}
