import {
  fitsOneTask,
  orderTotalPaise,
  quantityInEnglish,
  QUOTE_UNIT_WORDS_EN,
  type MaterialOrder,
} from '@townworks/contract'
import type { DbOrTx } from '../../db/client'
import { AppError } from '../../shared/app-error'
import type { QuotedLineItem } from '../payments/payments.service'
import * as referenceService from '../reference/reference.service'
import * as workersService from '../workers/workers.service'
import * as assignmentsRepository from './assignments.repository'

// What a task scheduled without an accepted quote costs (decisions 009 and 069): the worker's price
// for the service; for a materials order priced per its unit, the order's total as one line item, as
// an accepted quote's line would be (decision 061), so the receipt or invoice prints the quantity,
// the unit and the material's own HSN code.

/** A task's charges at scheduling: its price, and the materials order's line item with its reason, if any. */
export interface WorkerCharges {
  pricePaise: number | null
  orderLine: { item: QuotedLineItem; reason: string } | null
}

const RUPEES = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/**
 * The charges of a task for this worker, service and request's order, in the scheduling transaction:
 * - no order, or a worker who prices the service per job: the worker's price, as before;
 * - a worker who prices it per the order's unit: price 0 and one line item, "Sand Services — 2
 *   tractor loads", of quantity × unit price (a quote line's arithmetic), its reason "Order: 2
 *   tractor loads at Rs 4,500.00 each";
 * - a worker who prices it per another unit: 409, nothing booked (the office prepares a quote).
 */
export async function workerCharges(
  tx: DbOrTx,
  p: { workerId: number; serviceId: number | null; order: MaterialOrder | null },
): Promise<WorkerCharges> {
  const offer = await workersService.workerPrice(tx, p.workerId, p.serviceId)
  if (!offer || !p.order || p.serviceId === null || offer.unit === null) {
    return { pricePaise: offer?.pricePaise ?? null, orderLine: null }
  }
  const { order } = p
  const service = (await referenceService.serviceName(tx, p.serviceId)) ?? 'This service'
  const ordered = quantityInEnglish(order.quantity, order.unit)
  if (offer.unit !== order.unit) {
    const worker = (await assignmentsRepository.workerNames(tx, [p.workerId])).get(p.workerId) ?? `Worker ${p.workerId}`
    throw new AppError(
      'CONFLICT',
      `${worker} prices ${service} per ${QUOTE_UNIT_WORDS_EN[offer.unit][0]}; this order is in ${QUOTE_UNIT_WORDS_EN[order.unit][1]}: prepare a quote`,
      {
        details: { reason: 'order_unit_mismatch', worker_unit: offer.unit, order_unit: order.unit },
        issues: [{ path: 'workerId', message: `Prices per ${QUOTE_UNIT_WORDS_EN[offer.unit][0]}` }],
      },
    )
  }
  const amountPaise = orderTotalPaise(order, offer.pricePaise)
  if (amountPaise < 1 || !fitsOneTask(amountPaise)) {
    throw new AppError(
      'CONFLICT',
      `${ordered} of ${service} at this price is not an amount one task may cost: prepare a quote`,
      {
        details: { reason: 'order_total_out_of_range', total_paise: amountPaise },
      },
    )
  }
  return {
    pricePaise: 0,
    orderLine: {
      item: {
        description: `${service} — ${ordered}`,
        amountPaise,
        quantity: order.quantity,
        unit: order.unit,
        serviceId: p.serviceId,
      },
      reason: `Order: ${ordered} at Rs ${RUPEES.format(offer.pricePaise / 100)} each`,
    },
  }
}
