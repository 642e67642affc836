import type { ErrorCode } from '@townworks/contract'
import { ERROR_CODES } from '@townworks/contract/constants'
import type { i18n as I18n, TFunction } from 'i18next'
import { ApiError } from './api-client'
import { i18n as appI18n } from './i18n'

// The words of a failed call are the `apiErrors` namespace (decision 054): not in every page's first
// load, but fetched when a screen that calls the API loads this module. Until they come, a failure
// reads as errors:unknown (in the first load), and the codes are known without them (the contract's
// zod-free list), so a feature's own words for a code work from the start.
void appI18n.loadNamespaces('apiErrors').catch(() => undefined)
const KNOWN_CODES: ReadonlySet<string> = new Set(ERROR_CODES)

/**
 * The API answers in English: a `code`, a message and field issues. The screens speak the user's
 * language, so they show the code's translated text (`apiErrors:<CODE>`) and translated field
 * issues. In English the server's own words stay, since they name the clash or the field exactly.
 */

// Type-only import above: this module stays free of zod (the shell may use it). A code the app
// does not know (a newer server) falls back to the generic text.
function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && KNOWN_CODES.has(value)
}

/** Whether the reader reads English, the language of the server's messages. */
export function english(instance: I18n): boolean {
  return (instance.resolvedLanguage ?? instance.language ?? 'en') === 'en'
}

/**
 * What a failed call comes to, keyed on the API's error `code`: the code itself when the server
 * sent one the app knows, else read from the HTTP status; `network` (no answer), `timeout` (gave
 * up waiting), `invalidResponse` (an answer that is not ours) and `unknown` for the rest.
 */
export type ApiFailure = ErrorCode | 'network' | 'timeout' | 'invalidResponse' | 'unknown'

const BY_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_ATTEMPTS',
  503: 'SERVICE_UNAVAILABLE',
}

export function apiFailure(error: unknown): ApiFailure {
  if (error instanceof DOMException && error.name === 'TimeoutError') return 'timeout'
  if (!(error instanceof ApiError)) return 'unknown'
  if (error.kind === 'network') return 'network'
  if (error.kind === 'invalid-response') return 'invalidResponse'
  if (error.status === 503) return 'SERVICE_UNAVAILABLE'
  // A 5xx never carries details: whatever its code, it is our side's fault.
  if (error.status >= 500) return 'INTERNAL'
  if (isErrorCode(error.code)) return error.code
  return BY_STATUS[error.status] ?? 'unknown'
}

/**
 * A feature's own words for some failures: a text, or a function of the error (to put its detail
 * in); `rest` puts the shared text of every other failure into the feature's sentence.
 */
export type ApiErrorOverrides = Partial<Record<ApiFailure, string | ((error: ApiError) => string)>> & {
  rest?: (text: string) => string
}

/** Minutes to wait, rounded up, when the server said how long (Retry-After). */
function waitMinutes(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.retryAfterSeconds === undefined) return undefined
  return Math.max(1, Math.ceil(error.retryAfterSeconds / 60))
}

/**
 * The one text for a failed call, in the active language: the feature's override for this failure
 * when it has one, else the code's translated text (`apiErrors:<CODE>`); too many attempts and a
 * busy server say how many minutes to wait when the server said (Retry-After). Never the server's
 * English words on their own: those only go into an override's detail (`serverDetail`).
 */
export function describeApiError(
  error: unknown,
  overrides: ApiErrorOverrides = {},
  t: TFunction<'apiErrors'> = appI18n.getFixedT(null, 'apiErrors'),
): string {
  const failure = apiFailure(error)
  const override = overrides[failure]
  if (typeof override === 'string') return override
  if (override && error instanceof ApiError) return override(error)
  const text = sharedText(error, failure, t)
  return overrides.rest ? overrides.rest(text) : text
}

function sharedText(error: unknown, failure: ApiFailure, t: TFunction<'apiErrors'>): string {
  // Before the namespace has come: the first load's "something went wrong" (errors is in every first load).
  const defaultValue = (t as unknown as TFunction<'errors'>)('unknown.title', { ns: 'errors' })
  const minutes = waitMinutes(error)
  if (failure === 'TOO_MANY_ATTEMPTS' && minutes !== undefined)
    return t('tooManyWait', { count: minutes, defaultValue })
  if (failure === 'SERVICE_UNAVAILABLE' && minutes !== undefined) return t('busyWait', { count: minutes, defaultValue })
  return t(failure, { defaultValue })
}

/** A whole sentence for any failed call, in the active language (describeApiError with no overrides). */
export function apiErrorText(error: unknown, instance: I18n = appI18n): string {
  return describeApiError(error, {}, instance.getFixedT(null, 'apiErrors'))
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
