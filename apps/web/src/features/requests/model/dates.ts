/** What "today" means for a service date: the business day in India. */
export const BUSINESS_TIME_ZONE = 'Asia/Kolkata'

/** Today's date (yyyy-MM-dd) in Asia/Kolkata, whatever the device's zone. */
export function todayInKolkata(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, dateStyle: 'short' }).format(now)
}

/** A moment from the server, in the user's own zone and language. */
export function formatMoment(iso: string, language: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date)
}

/** A yyyy-MM-dd date as the user's language writes it (no zone shift: it is a calendar date). */
export function formatDay(isoDate: string, language: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`)
  if (Number.isNaN(date.getTime())) return isoDate
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(date)
}

/** HH:MM:SS → HH:MM */
export const shortTime = (time: string | null) => (time ? time.slice(0, 5) : '')
