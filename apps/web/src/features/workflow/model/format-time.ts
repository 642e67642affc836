const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(locale: string, style: 'full' | 'short', timeZone?: string): Intl.DateTimeFormat {
  const key = `${locale}|${style}|${timeZone ?? ''}`
  let found = formatters.get(key)
  if (!found) {
    found = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      ...(style === 'full' ? { year: 'numeric', timeZoneName: 'short' } : {}),
      hour: '2-digit',
      minute: '2-digit',
      ...(timeZone ? { timeZone } : {}),
    } as const)
    formatters.set(key, found)
  }
  return found
}

/** The browser's time zone (the user's), e.g. Asia/Kolkata. */
export function userTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone
}

/**
 * A workflow record's instant as the user reads it: date, time and zone, in the user's zone unless
 * one is given. An unreadable value is returned as it came, rather than 'Invalid Date'.
 */
export function formatRecordTime(iso: string, locale: string, timeZone?: string): string {
  const at = new Date(iso)
  return Number.isNaN(at.getTime()) ? iso : formatter(locale, 'full', timeZone).format(at)
}

/** The same instant, short enough for a diagram node: day, month and time (the table has the rest). */
export function formatRecordTimeShort(iso: string, locale: string, timeZone?: string): string {
  const at = new Date(iso)
  return Number.isNaN(at.getTime()) ? iso : formatter(locale, 'short', timeZone).format(at)
}
