import type { QuoteUnit } from '@townworks/contract/quote-units'
import type { TFunction } from 'i18next'
import { intlLocale } from './format'

const numbers = new Map<string, Intl.NumberFormat>()

/** A quantity as the reader writes numbers: 2, 1.5, 2,000, 2.25 (at most two decimals, as units are counted). */
export function formatQuantity(quantity: number, language: string): string {
  const locale = intlLocale(language)
  let format = numbers.get(locale)
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 })
    numbers.set(locale, format)
  }
  return format.format(quantity)
}

/**
 * A quantity with its unit in the reader's language, plural-aware ("1 bag", "2 ట్రాక్టర్ లోడ్లు",
 * "1.5 घंटे"): the quotes namespace's `units.count`, whose plural form i18next picks by the number.
 */
export function quantityText(t: TFunction<'quotes'>, quantity: number, unit: QuoteUnit, language: string): string {
  return t(`units.count.${unit}`, { count: quantity, quantity: formatQuantity(quantity, language) })
}
