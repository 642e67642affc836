import type { PriceRange } from '@townworks/contract'
import { useTranslation } from 'react-i18next'
import { formatMoney } from '../../../lib/format'
import { useNames } from '../../../lib/names'

/** "₹4,500–₹9,000" in the reader's digits and Indian grouping; one amount when both ends are the same. */
export function rupeeRange(range: Pick<PriceRange, 'low_rupees' | 'high_rupees'>, language: string): string {
  const low = formatMoney(range.low_rupees * 100, language)
  return range.low_rupees === range.high_rupees ? low : `${low}–${formatMoney(range.high_rupees * 100, language)}`
}

/**
 * A catalog card's "About ₹X–₹Y in Armoor" (decision 063). Fetched with the ranges (service-catalog.tsx),
 * after the cards paint: the formatter is not in /imdDisplay's first load.
 */
export function CardRange({ id, range, town }: { id: string; range: PriceRange; town: string }) {
  const { t, i18n } = useTranslation('catalog')
  const names = useNames()
  return (
    <span id={id} className="requests-card__range">
      {t('priceRange', { range: rupeeRange(range, i18n.language), town: names.town(town) })}
    </span>
  )
}
