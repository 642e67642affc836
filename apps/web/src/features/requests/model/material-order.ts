import type { ServiceRow } from '@townworks/contract'
import { ORDER_UNITS, QUOTE_UNIT_RULES, quantityProblem, type OrderUnit } from '@townworks/contract/quote-units'

// Materials ordered by quantity (issue 22, decision 069): a service whose row lists `order_units`
// (Sand in tractor loads or cubic feet, Mortar in bags…) is asked for as "how much" in one of them.
// Zod-free: the form's schema, its order field and the request's body read these rules; the counting
// itself is the contract's (quote-units.ts), as the server checks it.

/** Why a typed order is refused: a key of requests.json's `form.errors` (the reader's words, not the contract's English). */
export type OrderProblem =
  | 'quantityRequired'
  | 'quantityNumber'
  | 'quantityAboveZero'
  | 'quantityTooMuch'
  | 'quantityWhole'
  | 'quantityHalves'
  | 'quantityTwoDecimals'
  | 'unitRequired'

/** The units a service is ordered in, the usual first; [] for a job; undefined while the rows have not come. */
export function orderUnitsOf(
  services: readonly ServiceRow[] | undefined,
  service: string,
): readonly OrderUnit[] | undefined {
  if (!services) return undefined
  return services.find((row) => row.name === service)?.order_units ?? []
}

export const isOrderUnit = (unit: string): unit is OrderUnit => (ORDER_UNITS as readonly string[]).includes(unit)

/** A quantity as typed ("2", "1.5", " 2 "), or NaN when it is not a plain number. */
export function parseQuantity(typed: string): number {
  const text = typed.trim()
  return /^\d+(\.\d+)?$|^\.\d+$/.test(text) ? Number(text) : Number.NaN
}

/**
 * What is wrong with a typed order for a service ordered in `units`, or null when it is right: the
 * contract's quantityProblem decides (above zero, at most the unit's most, in its steps), and the
 * unit's rule names which step, so the form can say it in the reader's language.
 */
export function orderProblem(
  units: readonly OrderUnit[],
  typed: { quantity: string; unit: string },
): { field: 'quantity' | 'unit'; problem: OrderProblem } | null {
  if (!isOrderUnit(typed.unit) || !units.includes(typed.unit)) return { field: 'unit', problem: 'unitRequired' }
  if (typed.quantity.trim() === '') return { field: 'quantity', problem: 'quantityRequired' }
  const quantity = parseQuantity(typed.quantity)
  if (Number.isNaN(quantity)) return { field: 'quantity', problem: 'quantityNumber' }
  if (quantityProblem(typed.unit, quantity) === null) return null
  const rule = QUOTE_UNIT_RULES[typed.unit]
  const problem: OrderProblem =
    quantity <= 0
      ? 'quantityAboveZero'
      : quantity > rule.max
        ? 'quantityTooMuch'
        : rule.step === 1
          ? 'quantityWhole'
          : rule.step === 0.5
            ? 'quantityHalves'
            : 'quantityTwoDecimals'
  return { field: 'quantity', problem }
}

/** The most of a unit one order may ask for (the words of `quantityTooMuch`). */
export const orderMax = (unit: string): number => (isOrderUnit(unit) ? QUOTE_UNIT_RULES[unit].max : 0)

/** The order the request carries, from what the form kept (only a material's form keeps one). */
export function orderOf(values: {
  quantity?: string
  unit?: string
}): { quantity: number; unit: OrderUnit } | undefined {
  const quantity = parseQuantity(values.quantity ?? '')
  return values.unit && isOrderUnit(values.unit) && Number.isFinite(quantity)
    ? { quantity, unit: values.unit }
    : undefined
}
