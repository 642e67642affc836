import type { MaterialOrder } from '@townworks/contract'
import { useTranslation } from 'react-i18next'
import { OrderText } from '../../../lib/order-text'

/**
 * A request's materials order on its My requests card (issue 22, decision 069): "Order: 2 tractor loads"
 * ("ఆర్డర్: 2 ట్రాక్టర్ లోడ్లు"), the unit's words the quotes' (units.count, plural by the number).
 * Loaded with the quotes namespace only for a request that has an order, after the cards paint.
 */
export function RequestOrder({ order }: { order: MaterialOrder }) {
  const { t } = useTranslation('myRequests')
  return (
    <p className="requests-mine-card__order" data-testid="request-order">
      <OrderText order={order}>{(quantity) => t('order', { order: quantity })}</OrderText>
    </p>
  )
}
