const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/

// Dates and money for people are formatted by lib/format.ts; these only read and write form inputs.

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
