import { intlLocale } from '@townworks/contract/format'
import type { Language } from '@townworks/contract/constants'

// Dates and times come from the contract's one formatter, which the API's messages use too (decision 031).
export {
  formatDate,
  formatDateTime,
  formatDateTimeShort,
  formatInstantDate,
  formatTime,
  intlLocale,
  type DateStyle,
} from '@townworks/contract/format'

/**
 * Money and dates for people, in the user's language with Indian conventions. The wire keeps
 * integer paise, yyyy-MM-dd dates and HH:MM:SS times; these only format what is shown.
 */

const cache = new Map<string, Intl.NumberFormat>()
function cached<T extends Intl.NumberFormat>(key: string, make: () => T): T {
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

/** What "today" means for a service date: the business day in India. */
export { BUSINESS_TIME_ZONE } from '@townworks/contract/format'

/** Today's date (yyyy-MM-dd) in Asia/Kolkata, whatever the device's zone: the business day the server checks against. */
export function todayInKolkata(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', dateStyle: 'short' }).format(now)
}
