import type { MaterialOrder } from '@townworks/contract'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { quantityText } from './quantity-text'

export interface OrderTextProps {
  /** A request's materials order (decision 069). */
  order: MaterialOrder
  /** The sentence around "2 tractor loads", in the screen's own words; the bare quantity without it. */
  children?: (quantity: string) => ReactNode
}

/**
 * A materials order as the reader says it ("2 tractor loads", "2 ట్రాక్టర్ లోడ్లు"), for the office's
 * inbox, the job page and Create Schedule. The unit words are the quotes namespace's (`units.count`),
 * which none of those screens carries in its first load: it is fetched here, and nothing is drawn
 * until it has come (a moment), rather than a number without its unit.
 */
export function OrderText({ order, children }: OrderTextProps) {
  const { t, i18n, ready } = useTranslation('quotes', { useSuspense: false })
  if (!ready) return null
  const quantity = quantityText(t, order.quantity, order.unit, i18n.language)
  return <>{children ? children(quantity) : quantity}</>
}
