// Quotes (issue 22, decision 061): what a quote's lines are counted in and how each unit may be
// counted, the arithmetic of a line, and the states of a quote. Zod-free,
// '@townworks/contract/quote-units', so a screen that shows or builds a quote reads the rules
// without zod; quotes.ts turns them into the body's checks. The words a screen shows for a unit (in
// English, Telugu and Hindi) are the web's; the English ones here are for what the server writes:
// a task's line items ("Sand — 2 tractor loads") and the unit printed on a receipt or invoice.

import { MAX_AMOUNT_PAISE } from './constants'

/** What a quote line is: work (labour) or goods brought to the site (material). */
export const QUOTE_LINE_KINDS = ['labour', 'material'] as const
export type QuoteLineKind = (typeof QUOTE_LINE_KINDS)[number]

/**
 * The units a line is counted in: `job` a fixed price for the job, `hour`, `day` (a day's work or a
 * day of hire), `tractor_load`, `bag`, `piece`, `trip` (a delivery), `cubic_foot`.
 */
export const QUOTE_UNITS = ['job', 'hour', 'day', 'tractor_load', 'bag', 'piece', 'trip', 'cubic_foot'] as const
export type QuoteUnit = (typeof QUOTE_UNITS)[number]

/**
 * The units a service may be ordered in by quantity (decision 069), and a supplier may price it per:
 * the units of goods and hire: a day of hire, a tractor load, a bag, a piece, a trip, a cubic foot.
 */
export const ORDER_UNITS = ['day', 'tractor_load', 'bag', 'piece', 'trip', 'cubic_foot'] as const
export type OrderUnit = (typeof ORDER_UNITS)[number]

/**
 * How a unit is counted: in steps of `step` (1: whole numbers; 0.5: halves; 0.01: two decimals), at
 * most `max` on one line, and on which kinds of line.
 */
export interface QuoteUnitRule {
  readonly step: 1 | 0.5 | 0.01
  readonly max: number
  readonly kinds: readonly QuoteLineKind[]
}

export const QUOTE_UNIT_RULES: Readonly<Record<QuoteUnit, QuoteUnitRule>> = {
  job: { step: 1, max: 100, kinds: ['labour'] },
  hour: { step: 0.5, max: 1_000, kinds: ['labour'] },
  day: { step: 0.5, max: 365, kinds: ['labour', 'material'] },
  tractor_load: { step: 1, max: 100, kinds: ['material'] },
  bag: { step: 1, max: 10_000, kinds: ['material'] },
  piece: { step: 1, max: 100_000, kinds: ['material'] },
  trip: { step: 1, max: 100, kinds: ['labour', 'material'] },
  cubic_foot: { step: 0.01, max: 100_000, kinds: ['material'] },
}

/** A unit in English, one and more: for the server's own texts (line items, documents). */
export const QUOTE_UNIT_WORDS_EN: Readonly<Record<QuoteUnit, readonly [one: string, many: string]>> = {
  job: ['job', 'jobs'],
  hour: ['hour', 'hours'],
  day: ['day', 'days'],
  tractor_load: ['tractor load', 'tractor loads'],
  bag: ['bag', 'bags'],
  piece: ['piece', 'pieces'],
  trip: ['trip', 'trips'],
  cubic_foot: ['cubic foot', 'cubic feet'],
}

/** The most lines one quote has. */
export const QUOTE_LINES_MAX = 40

/** How far ahead a quote may stay valid, in days from today (India). */
export const QUOTE_VALID_DAYS_MAX = 90

/**
 * A quote's state: `sent` (waiting for the customer), `accepted`, `declined`, or `superseded` (a
 * newer version replaced it before the customer decided).
 */
export const QUOTE_STATUSES = ['sent', 'accepted', 'declined', 'superseded'] as const
export type QuoteStatus = (typeof QUOTE_STATUSES)[number]

/** Why accepting or declining a quote was refused with 409 CONFLICT (`details.reason`). */
export type QuoteRefusal =
  'request_not_open' | 'already_accepted' | 'already_declined' | 'superseded' | 'expired' | 'quote_accepted'

/**
 * How many decimals a number has as JavaScript writes it (the shortest text that reads back as the
 * same number: 1.15 is "1.15", whatever its binary form): exact, unlike dividing by a step.
 */
function decimalsOf(value: number): number {
  const written = String(value)
  // Only numbers below a millionth are written with an exponent: no unit counts in those.
  if (written.includes('e')) return Number.POSITIVE_INFINITY
  const dot = written.indexOf('.')
  return dot === -1 ? 0 : written.length - dot - 1
}

/** Whether a quantity is counted in a unit's steps: whole, whole or half, or at most two decimals. */
function inSteps(quantity: number, step: QuoteUnitRule['step']): boolean {
  const decimals = decimalsOf(quantity)
  if (step === 1) return decimals === 0
  if (step === 0.5) return decimals <= 1 && Number.isInteger(quantity * 2)
  return decimals <= 2
}

/**
 * What is wrong with a quantity of a unit, in words that follow "Line 2: "; null when it is right.
 * Above zero, at most the unit's maximum, and in the unit's steps.
 */
export function quantityProblem(unit: QuoteUnit, quantity: number): string | null {
  const rule = QUOTE_UNIT_RULES[unit]
  const [, many] = QUOTE_UNIT_WORDS_EN[unit]
  if (!Number.isFinite(quantity) || quantity <= 0) return 'enter a quantity above zero'
  if (quantity > rule.max) return `at most ${rule.max} ${many} on one line`
  if (!inSteps(quantity, rule.step)) {
    if (rule.step === 1) return `${many} are counted in whole numbers`
    if (rule.step === 0.5) return `${many} are counted in whole or half ${many} (1.5, not 1.25)`
    return `${many} take at most two decimals`
  }
  return null
}

/**
 * A line's total in paise: quantity × unit price, rounded to the paisa, half a paisa up. Computed
 * once, when the quote is made, and stored. Exact: the quantity has at most two decimals, so it is
 * a whole number of hundredths, and the product is taken in integers.
 */
export function lineTotalPaise(quantity: number, unitPricePaise: number): number {
  const hundredths = BigInt(Math.round(quantity * 100))
  return Number((hundredths * BigInt(unitPricePaise) + 50n) / 100n)
}

/** A quote's total: its visit charge and its lines' totals. */
export function quoteTotalPaise(visitChargePaise: number, lineTotals: readonly number[]): number {
  return lineTotals.reduce((sum, t) => sum + t, visitChargePaise)
}

/** Whether a total fits what one task may cost (MAX_AMOUNT_PAISE). */
export const fitsOneTask = (totalPaise: number): boolean => totalPaise <= MAX_AMOUNT_PAISE

/** A quantity as a person writes it: 2, 1.5, 0.25 (no trailing zeros). */
export function formatQuantity(quantity: number): string {
  return String(Math.round(quantity * 100) / 100)
}

/** A quantity with its unit in English: "1 bag", "2 tractor loads", "1.5 hours". */
export function quantityInEnglish(quantity: number, unit: QuoteUnit): string {
  const [one, many] = QUOTE_UNIT_WORDS_EN[unit]
  return `${formatQuantity(quantity)} ${quantity === 1 ? one : many}`
}
