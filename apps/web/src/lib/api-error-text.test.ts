import i18next from 'i18next'
import englishErrors from '../locales/en/errors.json'
import { describe, expect, it } from 'vitest'
import { ApiError } from './api-client'
import { apiErrorText, apiFailure, describeApiError, serverDetail } from './api-error-text'
import { fieldIssueText, fieldProblem } from './field-issue-text'
import { createI18n } from './i18n'

const clash = new ApiError({
  kind: 'http',
  status: 409,
  code: 'DOUBLE_BOOKING',
  message: 'Ravi Kumar is booked 10:00–12:00 on 2026-12-01',
})

describe('API errors in the user’s language', () => {
  it('keeps the server’s exact words in English', () => {
    const i18n = createI18n('en')
    expect(serverDetail(clash, i18n)).toBe('Ravi Kumar is booked 10:00–12:00 on 2026-12-01')
    expect(fieldIssueText({ path: 'pwd', message: 'Use at least 8 characters' }, i18n)).toBe(
      'Use at least 8 characters',
    )
  })

  it('shows the code’s text in Telugu and Hindi, and a generic one for unknown or 5xx answers', async () => {
    const i18n = createI18n('en')
    await i18n.changeLanguage('te')
    await i18n.loadNamespaces('apiErrors')
    expect(serverDetail(clash, i18n)).toContain('ఇప్పటికే బుక్')
    expect(apiErrorText(new ApiError({ kind: 'network', status: 0, message: 'x' }), i18n)).toContain('సర్వర్')
    await i18n.changeLanguage('hi')
    expect(serverDetail(clash, i18n)).toContain('पहले से बुक')
    const unknown = new ApiError({ kind: 'http', status: 418, message: 'teapot' })
    expect(apiErrorText(unknown, i18n)).toBe('कुछ गड़बड़ हो गई। फिर से कोशिश करें।')
    const crash = new ApiError({ kind: 'http', status: 500, code: 'INTERNAL', message: 'stack…' })
    expect(serverDetail(crash, i18n)).not.toContain('stack')
  })

  it('translates the contract’s validation messages, and describes other field issues by kind', async () => {
    const i18n = createI18n('en')
    await i18n.changeLanguage('te')
    // Until the field issues' words have come, the message as it came (decision 047).
    expect(fieldIssueText({ path: 'pwd', message: 'Use at least 8 characters' }, i18n)).toBe(
      'Use at least 8 characters',
    )
    await i18n.loadNamespaces('fieldErrors')
    expect(fieldIssueText({ path: 'pwd', message: 'Use at least 8 characters' }, i18n)).toBe('కనీసం 8 అక్షరాలు వాడండి')
    expect(fieldIssueText({ path: 'phone', message: 'Enter a 10-digit Indian mobile number' }, i18n)).toBe(
      '10 అంకెల భారతీయ మొబైల్ నంబర్ ఇవ్వండి',
    )
    expect(fieldIssueText({ path: 'name', message: 'Invalid input: expected string, received undefined' }, i18n)).toBe(
      'ఇది తప్పనిసరి.',
    )
    expect(fieldProblem({ path: 'x', message: 'Unrecognized key: "role"' })).toBe('unknownField')
    expect(fieldProblem({ path: 'date', message: 'Invalid ISO date' })).toBe('date')
    expect(fieldProblem({ path: 'n', message: 'Too big: expected string to have <=100 characters' })).toBe('tooLong')
  })

  it('keys one text on the error code, with human words for no answer, time-outs, 429, 503, 401 and 403', async () => {
    const i18n = createI18n('en')
    await i18n.loadNamespaces('apiErrors')
    const t = i18n.getFixedT(null, 'apiErrors')
    const http = (status: number, code?: ApiError['code'], retryAfterSeconds?: number) =>
      new ApiError({ kind: 'http', status, code, message: 'server words', retryAfterSeconds })

    expect(apiFailure(http(409, 'DOUBLE_BOOKING'))).toBe('DOUBLE_BOOKING')
    expect(apiFailure(http(409))).toBe('CONFLICT')
    expect(apiFailure(http(502, 'VALIDATION_FAILED'))).toBe('INTERNAL')
    expect(apiFailure(new DOMException('late', 'TimeoutError'))).toBe('timeout')

    expect(describeApiError(new ApiError({ kind: 'network', status: 0, message: 'x' }), {}, t)).toMatch(
      /could not reach/,
    )
    expect(describeApiError(new DOMException('late', 'TimeoutError'), {}, t)).toMatch(/too long to answer/)
    expect(describeApiError(http(401, 'UNAUTHENTICATED'), {}, t)).toMatch(/log in again/)
    expect(describeApiError(http(403), {}, t)).toBe('Your account may not do this.')
    expect(describeApiError(http(429, 'TOO_MANY_ATTEMPTS'), {}, t)).toMatch(/wait a few minutes/)
    expect(describeApiError(http(429, 'TOO_MANY_ATTEMPTS', 125), {}, t)).toBe(
      'Too many attempts. Please try again in 3 minutes.',
    )
    expect(describeApiError(http(503, 'SERVICE_UNAVAILABLE', 30), {}, t)).toBe(
      'TownWorks is busy for a moment. Please try again in 1 minute.',
    )
    expect(describeApiError(http(503), {}, t)).toMatch(/busy for a moment/)
    // Never the server's own words on their own.
    expect(describeApiError(http(400, 'VALIDATION_FAILED'), {}, t)).not.toContain('server words')
  })

  it('takes a feature’s words for some failures, and puts the shared text into its sentence for the rest', async () => {
    const i18n = createI18n('en')
    await i18n.loadNamespaces('apiErrors')
    const t = i18n.getFixedT(null, 'apiErrors')
    const clashText = describeApiError(clash, { DOUBLE_BOOKING: (e) => `Taken: ${e.message}` }, t)
    expect(clashText).toBe('Taken: Ravi Kumar is booked 10:00–12:00 on 2026-12-01')
    const rest = { network: 'Offline.', rest: (text: string) => `Not saved: ${text}` }
    expect(describeApiError(new ApiError({ kind: 'network', status: 0, message: 'x' }), rest, t)).toBe('Offline.')
    expect(describeApiError(new ApiError({ kind: 'http', status: 404, message: 'x' }), rest, t)).toBe(
      'Not saved: We could not find it. It may have been removed or changed.',
    )
  })

  it('speaks Telugu and Hindi, waits included', async () => {
    const i18n = createI18n('en')
    await i18n.changeLanguage('te')
    await i18n.loadNamespaces('apiErrors')
    const wait = new ApiError({
      kind: 'http',
      status: 429,
      code: 'TOO_MANY_ATTEMPTS',
      message: 'x',
      retryAfterSeconds: 600,
    })
    expect(describeApiError(wait, {}, i18n.getFixedT(null, 'apiErrors'))).toContain('10 నిమిషాల')
    await i18n.changeLanguage('hi')
    expect(describeApiError(wait, {}, i18n.getFixedT(null, 'apiErrors'))).toContain('10 मिनट')
  })

  it('before its words have come (decision 054): a code is still known, and the text is the first load’s generic one', async () => {
    // An instance with the first load's words only (in tests the app's instance has apiErrors from the start).
    const i18n = i18next.createInstance()
    await i18n.init({ lng: 'en', ns: ['errors'], resources: { en: { errors: structuredClone(englishErrors) } } })
    const clashCode = new ApiError({ kind: 'http', status: 409, code: 'DOUBLE_BOOKING', message: 'taken' })
    expect(apiFailure(clashCode)).toBe('DOUBLE_BOOKING')
    expect(describeApiError(clashCode, { DOUBLE_BOOKING: 'Taken.' }, i18n.getFixedT(null, 'apiErrors'))).toBe('Taken.')
    expect(describeApiError(clashCode, {}, i18n.getFixedT(null, 'apiErrors'))).toBe(
      i18n.getFixedT(null, 'errors')('unknown.title'),
    )
  })
})
