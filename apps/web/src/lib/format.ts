import { INTL_LOCALES, isLanguage } from './language'
import type { Language } from '@townworks/contract/constants'

/**
 * Money and dates for people, in the user's language with Indian conventions. The wire keeps
 * integer paise, yyyy-MM-dd dates and HH:MM:SS times; these only format what is shown.
 */

/** The Intl locale of a language code (or of i18next's `resolvedLanguage`): en-IN, te-IN, hi-IN. */
export function intlLocale(language: string | undefined): string {
  return INTL_LOCALES[isLanguage(language) ? language : 'en']
}

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>()
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let found = cache.get(key) as T | undefined
  if (!found) {
    found = make()
    cache.set(key, found)
  }
  return found
}

/** ₹1,25,000 (or ₹450.50) from integer paise: rupee sign, Indian digit grouping, paise only when any. */
export function formatMoney(paise: number, language?: Language | string): string {
  const locale = intlLocale(language)
  const whole = paise % 100 === 0
  const format = cached(
    `money:${locale}:${whole}`,
    () =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: 'INR',
        currencyDisplay: 'symbol',
        minimumFractionDigits: whole ? 0 : 2,
        maximumFractionDigits: whole ? 0 : 2,
      }),
  )
  return format.format(paise / 100)
}

export type DateStyle = 'short' | 'medium' | 'long' | 'full'

/**
 * A yyyy-MM-dd calendar date in the user's language ("12 Aug 2026", "12 ఆగ, 2026"), with no time
 * zone shift (it is a day, not an instant). Bad input is returned as is; no date is ''.
 */
export function formatDate(date: string | null, language?: Language | string, style: DateStyle = 'medium'): string {
  if (!date) return ''
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  if (!match) return date
  const value = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
  if (Number.isNaN(value.getTime())) return date
  const locale = intlLocale(language)
  return cached(
    `date:${locale}:${style}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: style, timeZone: 'UTC' }),
  ).format(value)
}

/** An instant (ISO timestamp) as date and time in India (Asia/Kolkata), in the user's language. */
export function formatDateTime(instant: string | Date, language?: Language | string): string {
  const value = typeof instant === 'string' ? new Date(instant) : instant
  if (Number.isNaN(value.getTime())) return String(instant)
  const locale = intlLocale(language)
  return cached(
    `datetime:${locale}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' }),
  ).format(value)
}

/** An instant (ISO timestamp) as the date it was in India (Asia/Kolkata), in the user's language. */
export function formatInstantDate(instant: string, language?: Language | string): string {
  const value = new Date(instant)
  if (Number.isNaN(value.getTime())) return instant
  const locale = intlLocale(language)
  return cached(
    `instant-date:${locale}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'Asia/Kolkata' }),
  ).format(value)
}

/** HH:MM from HH:MM or HH:MM:SS: a 24-hour clock reads the same in all three languages; no time is ''. */
export function formatTime(time: string | null): string {
  return time ? time.slice(0, 5) : ''
}

/** What "today" means for a service date: the business day in India. */
export const BUSINESS_TIME_ZONE = 'Asia/Kolkata'

/** Today's date (yyyy-MM-dd) in Asia/Kolkata, whatever the device's zone: the business day the server checks against. */
export function todayInKolkata(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, dateStyle: 'short' }).format(now)
}
