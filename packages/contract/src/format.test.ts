import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime, formatDateTimeShort, formatInstantDate, formatTime, intlLocale } from './format'

const INSTANT = '2026-11-20T04:00:00.000Z' // 09:30 in India

describe('the one date and time formatter', () => {
  it('writes a calendar date as each language writes it, never as an ISO date', () => {
    expect(formatDate('2026-08-12', 'en')).toBe('12 Aug 2026')
    const te = formatDate('2026-08-12', 'te')
    const hi = formatDate('2026-08-12', 'hi')
    expect(te).toMatch(/[\u0C00-\u0C7F]/)
    expect(hi).toMatch(/[\u0900-\u097F]/)
    for (const text of [te, hi]) {
      expect(text).toContain('12')
      expect(text).toContain('2026')
      expect(text).not.toMatch(/2026-08-12|Aug/)
    }
  })

  it('shows an instant as the time it was in India, whatever the machine’s zone', () => {
    expect(formatDateTime(INSTANT, 'en')).toMatch(/20 Nov 2026.*9:30/)
    expect(formatDateTime(INSTANT, 'te')).toMatch(/[\u0C00-\u0C7F]/)
    expect(formatDateTime(INSTANT, 'hi')).toMatch(/[\u0900-\u097F]/)
    expect(formatDateTimeShort(INSTANT, 'en')).toMatch(/20 Nov.*9:30/)
    expect(formatDateTimeShort(INSTANT, 'en')).not.toContain('2026')
    // 23:00 UTC is the next morning in India.
    expect(formatInstantDate('2026-11-20T23:00:00.000Z', 'en')).toBe('21 Nov 2026')
  })

  it('returns what it cannot read as it came, and nothing for no date', () => {
    expect(formatDate('yesterday', 'te')).toBe('yesterday')
    expect(formatDate(null, 'te')).toBe('')
    expect(formatDateTime('yesterday', 'hi')).toBe('yesterday')
    expect(formatDateTimeShort('yesterday', 'hi')).toBe('yesterday')
    expect(formatTime('10:30:00')).toBe('10:30')
    expect(formatTime(null)).toBe('')
  })

  it('maps each language to its Indian locale; anything else is Indian English', () => {
    expect(intlLocale('te')).toBe('te-IN')
    expect(intlLocale('hi')).toBe('hi-IN')
    expect(intlLocale('fr')).toBe('en-IN')
    expect(intlLocale(undefined)).toBe('en-IN')
  })
})
