import { z } from 'zod'
import { lineTotalPaise, ORDER_UNITS, quantityProblem, type OrderUnit } from './quote-units'

// Materials ordered by quantity (issue 22, decision 069). A service may list the units a customer
// orders it in (`order_units`: Sand in tractor loads or cubic feet, Brick in pieces…); a request for
// it then carries its order: a quantity of one of those units, delivered to the request's address on
// its date. A supplier (a worker in the roster offering the service) prices it per one of those units
// (`worker_services.unit`), and the office's suggestions rank the suppliers of the town by what the
// order would cost with each. The rules of units and quantities are the quotes' (quote-units.ts).

export const OrderUnitSchema = z.enum(ORDER_UNITS, { error: 'Choose a unit from the list' })

/** A request's order as every view of it shows it; null on a request for a job. */
export const MaterialOrderSchema = z.object({
  quantity: z.number(),
  unit: OrderUnitSchema,
})
export type MaterialOrder = z.infer<typeof MaterialOrderSchema>

/**
 * The order in POST /api/servicerequest: its quantity is counted as its unit is (no fractions of a
 * bag, nothing at or below zero). The server checks the unit is one the service is ordered in.
 */
export const MaterialOrderBodySchema = z
  .strictObject({
    quantity: z.number({ error: 'Enter how much you need' }),
    unit: OrderUnitSchema,
  })
  .superRefine((order, ctx) => {
    const problem = quantityProblem(order.unit, order.quantity)
    if (problem) {
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: problem.charAt(0).toUpperCase() + problem.slice(1) })
    }
  })
export type MaterialOrderBody = z.infer<typeof MaterialOrderBodySchema>

/** What an order costs from a supplier who prices its unit at `unitPricePaise`: a quote line's arithmetic. */
export function orderTotalPaise(order: { quantity: number; unit: OrderUnit }, unitPricePaise: number): number {
  return lineTotalPaise(order.quantity, unitPricePaise)
}
