import { describe, expect, it } from 'vitest'
import { ApiError } from './api-client'
import { apiErrorText, fieldIssueText, fieldProblem, serverDetail } from './api-error-text'
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
})
