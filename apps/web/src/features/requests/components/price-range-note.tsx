import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useNames } from '../../../lib/names'
import { loadPriceRanges } from '../api/price-ranges'
import { usePriceRange } from '../model/price-range'
import { rupeeRange } from './range-text'

/**
 * The request form's "Usually about ₹X–₹Y in Armoor. You get the exact price to approve before any work."
 * (issue 22, decision 063), once a service and a town are chosen and the price guide has that pair;
 * nothing otherwise (no number is made up). `order`: a material's words (before anything is delivered).
 */
export function PriceRangeNote({ service, town, order }: { service: string; town: string; order: boolean }) {
  const { t, i18n } = useTranslation('catalog')
  const names = useNames()
  const range = usePriceRange(service, town)
  useEffect(() => {
    // Once a page load (cached by the API); no range is shown when they cannot be had.
    void loadPriceRanges().catch(() => undefined)
  }, [])
  if (!range) return null
  const words = { range: rupeeRange(range, i18n.language), town: names.town(town) }
  return (
    <p className="request-steps__range" data-testid="price-range">
      {order ? t('booking.priceRangeOrder', words) : t('booking.priceRange', words)}
    </p>
  )
}
