// The one date and time formatter for people: every screen (through the web's lib/format) and every
// message (the API's templates) write dates and times with these, in the person's language and India's
// time zone. Intl only, no zod. Decision 031.
import type { Language } from './constants'

/** The Intl locale of each language: Indian English, Telugu and Hindi as India writes them. */
export const INTL_LOCALES: Readonly<Record<Language, string>> = { en: 'en-IN', te: 'te-IN', hi: 'hi-IN' }

/** The business's time zone: an instant is shown as the time it was in India. */
export const BUSINESS_TIME_ZONE = 'Asia/Kolkata'

/** The Intl locale of a language code (or of i18next's `resolvedLanguage`); anything else is Indian English. */
export function intlLocale(language: string | undefined): string {
  return language && language in INTL_LOCALES ? INTL_LOCALES[language as Language] : INTL_LOCALES.en
}

const cache = new Map<string, Intl.DateTimeFormat>()
function formatter(key: string, locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `${key}:${locale}`
  let found = cache.get(id)
  if (!found) {
    found = new Intl.DateTimeFormat(locale, options)
    cache.set(id, found)
  }
  return found
}

export type DateStyle = 'short' | 'medium' | 'long' | 'full'

/**
 * A yyyy-MM-dd calendar date in the person's language ("12 Aug 2026", "12 ఆగ, 2026"), with no time
 * zone shift (it is a day, not an instant). Bad input is returned as is; no date is ''.
 */
export function formatDate(date: string | null | undefined, language?: string, style: DateStyle = 'medium'): string {
  if (!date) return ''
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  if (!match) return date
  const value = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
  if (Number.isNaN(value.getTime())) return date
  return formatter(`date-${style}`, intlLocale(language), { dateStyle: style, timeZone: 'UTC' }).format(value)
}

/** An instant (ISO timestamp) as date and time in India, in the person's language. */
export function formatDateTime(instant: string | Date, language?: string): string {
  const value = typeof instant === 'string' ? new Date(instant) : instant
  if (Number.isNaN(value.getTime())) return String(instant)
  return formatter('datetime', intlLocale(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: BUSINESS_TIME_ZONE,
  }).format(value)
}

/** An instant as the day and time in India, short enough for a diagram's node ("12 Aug, 10:30 am"). */
export function formatDateTimeShort(instant: string | Date, language?: string): string {
  const value = typeof instant === 'string' ? new Date(instant) : instant
  if (Number.isNaN(value.getTime())) return String(instant)
  return formatter('datetime-short', intlLocale(language), {
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: BUSINESS_TIME_ZONE,
  }).format(value)
}

/** An instant (ISO timestamp) as the date it was in India, in the person's language. */
export function formatInstantDate(instant: string, language?: string): string {
  const value = new Date(instant)
  if (Number.isNaN(value.getTime())) return instant
  return formatter('instant-date', intlLocale(language), { dateStyle: 'medium', timeZone: BUSINESS_TIME_ZONE }).format(
    value,
  )
}

/** HH:MM from HH:MM or HH:MM:SS: a 24-hour clock reads the same in all three languages; no time is ''. */
export function formatTime(time: string | null | undefined): string {
  return time ? time.slice(0, 5) : ''
}
