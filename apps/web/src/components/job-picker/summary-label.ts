import type { JobSummary } from '@townworks/contract'
import { intlLocale } from '../../lib/format'
import type { Names } from '../../lib/names'

const dayFormats = new Map<string, Intl.DateTimeFormat>()

/** A yyyy-MM-dd day as a person says it: "Tue 25 Nov" (in the reader's language). */
export function shortDay(date: string, language: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  if (!match) return date
  const locale = intlLocale(language)
  let format = dayFormats.get(locale)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })
    dayFormats.set(locale, format)
  }
  return format.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))))
}

/**
 * A picker's line for an assignment or a task, as a person recognises it:
 * "TW-000123 · Plumber · Nirmal · Tue 25 Nov 10:00 · Ravi Kumar" (town and service in the reader's
 * language). What the row does not know is left out; a row without a service is named by its task.
 */
export function summaryLabel(summary: JobSummary, names: Names, language: string): string {
  const when = summary.date
    ? [shortDay(summary.date, language), summary.start_time?.slice(0, 5)].filter(Boolean).join(' ')
    : null
  return [
    summary.reference,
    summary.service ? names.service(summary.service) : summary.task_name,
    summary.town ? names.town(summary.town) : null,
    when,
    summary.worker_name,
  ]
    .filter((part): part is string => Boolean(part))
    .join(' · ')
}
