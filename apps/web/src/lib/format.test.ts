import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime, formatMoney, formatTime, intlLocale } from './format'
import { formatPhone } from './phone'

describe('format', () => {
  it('shows money with the rupee sign and Indian digit grouping in every language', () => {
    expect(formatMoney(12_500_000, 'en')).toBe('₹1,25,000')
    expect(formatMoney(45_050, 'en')).toBe('₹450.50')
    for (const language of ['te', 'hi'] as const) {
      expect(formatMoney(12_500_000, language)).toContain('1,25,000')
      expect(formatMoney(12_500_000, language)).toContain('₹')
    }
    expect(formatMoney(0, 'en')).toBe('₹0')
  })

  it('shows wire dates in the language, never shifting the day', () => {
    expect(formatDate('2026-08-12', 'en')).toBe('12 Aug 2026')
    expect(formatDate('2026-08-12', 'hi')).toMatch(/12.*2026/)
    expect(formatDate('2026-08-12', 'hi')).not.toContain('Aug')
    expect(formatDate('2026-08-12', 'te')).toMatch(/12.*2026/)
    expect(formatDate('2026-08-12', 'te')).not.toContain('Aug')
    expect(formatDate('not a date', 'te')).toBe('not a date')
  })

  it('shows instants in India time, and times as HH:MM', () => {
    expect(formatDateTime('2026-08-12T20:00:00Z', 'en')).toContain('13 Aug 2026')
    expect(formatTime('09:30:00')).toBe('09:30')
    expect(intlLocale('te')).toBe('te-IN')
    expect(intlLocale('fr')).toBe('en-IN')
  })
})

describe('formatPhone', () => {
  it('writes an Indian mobile number as people do, and dials it in full', () => {
    expect(formatPhone('9848012345')).toEqual({ text: '+91 98480 12345', tel: '+919848012345' })
    expect(formatPhone('+91 98480-12345')).toEqual({ text: '+91 98480 12345', tel: '+919848012345' })
  })
  it('keeps any other number as it came, and nothing as nothing', () => {
    expect(formatPhone('040 2345 6789')).toEqual({ text: '040 2345 6789', tel: '04023456789' })
    expect(formatPhone(null)).toEqual({ text: '', tel: '' })
  })
})
