import { formatMoney } from '../../../lib/format'
import { i18n } from '../../../lib/i18n'

/** ₹4,500.50 from paise, the Indian way, in the active language (the shared formatter). */
export function formatPaise(paise: number): string {
  return formatMoney(paise, i18n.resolvedLanguage)
}

/** HH:MM from HH:MM:SS. */
export const hhmm = (time: string) => time.slice(0, 5)
