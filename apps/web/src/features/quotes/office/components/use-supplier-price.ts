import type { ServiceRequestDetail, WorkerServiceRow } from '@townworks/contract'
import { useEffect, useRef } from 'react'
import { useWatch } from 'react-hook-form'
import { orderLineIndex, paiseToRupeesText } from '../model/quote-form'
import type { QuoteFormState } from './use-quote-form'

/**
 * A materials order's unit price from the supplier chosen for the quote's slot (decision 069): when
 * the slot's worker prices the request's service per the order's unit, their price fills the order
 * line's unit price, but only while that price is empty or still the one filled here: what the office
 * typed is never replaced. Choosing a supplier who prices another unit (or per job) takes back a price
 * filled here from the one chosen before.
 */
export function useSupplierPrice(
  { form }: Pick<QuoteFormState, 'form'>,
  request: ServiceRequestDetail,
  roster: readonly WorkerServiceRow[] | undefined,
): void {
  const workerId = useWatch({ control: form.control, name: 'slot.worker_id' })
  const filled = useRef<string | null>(null)
  const { order, service } = request
  useEffect(() => {
    if (!order || !workerId || !roster) return
    const lines = form.getValues('lines')
    const index = orderLineIndex(lines, order, service)
    if (index < 0) return
    const current = lines[index]!.unit_price.trim()
    if (current !== '' && current !== filled.current) return
    const offer = roster.find((row) => String(row.worker_id) === workerId && row.service_name === service)
    const price = offer && offer.unit === order.unit ? paiseToRupeesText(offer.price_paise) : ''
    if (price === current) return
    form.setValue(`lines.${index}.unit_price`, price, { shouldDirty: true })
    filled.current = price === '' ? null : price
  }, [form, order, service, workerId, roster])
}
