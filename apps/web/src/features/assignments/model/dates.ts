import { formatMoney } from '../../../lib/format'
/** Today's date (yyyy-MM-dd) in Asia/Kolkata, the business day the server checks against. */
export function todayInKolkata(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', dateStyle: 'short' }).format(now)
}

/** A yyyy-MM-dd calendar date in the reader's format (no time zone shift: it is a day, not an instant). */
export function formatDay(day: string | null, language: string): string {
  if (!day) return ''
  const date = new Date(`${day}T00:00:00Z`)
  if (Number.isNaN(date.getTime())) return day
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(date)
}

/** An instant (ISO 8601) as a date in the reader's format, in Asia/Kolkata. */
export function formatInstantDay(instant: string, language: string): string {
  const date = new Date(instant)
  if (Number.isNaN(date.getTime())) return instant
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'Asia/Kolkata' }).format(date)
}

/** Rupees for display, from integer paise (the shared formatter: ₹1,25,000). */
export function formatRupees(paise: number, language: string): string {
  return formatMoney(paise, language)
}

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/

/** A time input's HH:MM as the wire's HH:MM:SS (the seed appended ':00'); anything else unchanged. */
export function withSeconds(time: string): string {
  return HH_MM.test(time) ? `${time}:00` : time
}

/** Whether a time input holds a time (HH:MM or HH:MM:SS). */
export function isTime(value: string | undefined): value is string {
  return !!value && /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(value)
}

/** Whether a date input holds a yyyy-MM-dd date. */
export function isDay(value: string | undefined): value is string {
  return !!value && /^\d{4}-\d{2}-\d{2}$/.test(value)
}
