/** The business time zone: what "today" means for a service date. */
export const BUSINESS_TIME_ZONE = 'Asia/Kolkata'

/** Today's date (yyyy-MM-dd) in the business time zone. */
export function todayInIndia(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, dateStyle: 'short' }).format(now)
}

/** A yyyy-MM-dd date moved by whole days. */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}
