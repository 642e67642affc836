import type { CreateQuoteBody, MaterialOrder, PriceGuide, Quote, QuoteLine } from '@townworks/contract'
import {
  QUOTE_UNIT_RULES,
  QUOTE_UNITS,
  QUOTE_VALID_DAYS_MAX,
  lineTotalPaise,
  quantityProblem,
  quoteTotalPaise,
  type QuoteLineKind,
  type QuoteUnit,
} from '@townworks/contract/quote-units'

// The office's quote form as it is typed (issue 22, decision 061): quantities and rupees are kept as
// the text the person wrote, so nothing they typed is lost to a parse, and turned into the body of
// POST /api/requests/{id}/quotes only to check and send it. Zod-free: the rules and the arithmetic
// are the contract's '@townworks/contract/quote-units'; the schema comes later, with the first check.

/** One line as typed. */
export interface QuoteLineForm {
  kind: QuoteLineKind
  description: string
  /** A material line's material (a service's English name), '' for the request's own service. */
  service: string
  unit: QuoteUnit
  /** As typed: "2", "1.5". */
  quantity: string
  /** Rupees as typed: "450", "3,500", "12.50". */
  unit_price: string
}

/** The slot the quote proposes, as typed; sent only when `with_slot` is on. */
export interface QuoteSlotForm {
  worker_id: string
  date: string
  start_time: string
  end_time: string
}

/** The whole form as typed. */
export interface QuoteForm {
  lines: QuoteLineForm[]
  /** Rupees as typed; '' for none. */
  visit_charge: string
  valid_until: string
  note: string
  with_slot: boolean
  slot: QuoteSlotForm
}

/** The units a kind of line may be counted in, in the contract's order. */
export function unitsOf(kind: QuoteLineKind): QuoteUnit[] {
  return QUOTE_UNITS.filter((unit) => QUOTE_UNIT_RULES[unit].kinds.includes(kind))
}

/** The unit a new line of a kind starts with: a fixed price for labour, a tractor load for material. */
export const FIRST_UNIT: Readonly<Record<QuoteLineKind, QuoteUnit>> = { labour: 'job', material: 'tractor_load' }

export function emptyLine(kind: QuoteLineKind = 'labour'): QuoteLineForm {
  return { kind, description: '', service: '', unit: FIRST_UNIT[kind], quantity: '1', unit_price: '' }
}

/** A yyyy-MM-dd day `days` after another (calendar days, whatever the device's zone). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/** How long a new quote stays valid unless the office says otherwise. */
export const DEFAULT_VALID_DAYS = 7

/** A new quote: one labour line, valid for a week from today (India). */
export function emptyQuote(today: string): QuoteForm {
  return {
    lines: [emptyLine('labour')],
    visit_charge: '',
    valid_until: addDays(today, DEFAULT_VALID_DAYS),
    note: '',
    with_slot: false,
    slot: { worker_id: '', date: '', start_time: '', end_time: '' },
  }
}

/**
 * A new quote for a materials order (decision 069): one material line of the request's own service,
 * in the order's unit and quantity, described by `description` (the service's name in the reader's
 * language); its unit price is left for the office (or a chosen supplier's price) to fill.
 */
export function orderQuote(today: string, order: MaterialOrder, description: string): QuoteForm {
  const line: QuoteLineForm = {
    kind: 'material',
    description,
    service: '',
    unit: order.unit,
    quantity: String(order.quantity),
    unit_price: '',
  }
  return { ...emptyQuote(today), lines: [line] }
}

/** The line of a form that carries a materials order: a material of the request's own service in the order's unit. */
export function orderLineIndex(lines: readonly QuoteLineForm[], order: MaterialOrder, service: string): number {
  return lines.findIndex(
    (line) => line.kind === 'material' && line.unit === order.unit && (line.service === '' || line.service === service),
  )
}

/** The last day a quote made today may be valid through. */
export const lastValidDay = (today: string) => addDays(today, QUOTE_VALID_DAYS_MAX)

/**
 * Rupees typed by a person as paise, exactly (payments' rupeesToPaise: at most two decimals, no sign),
 * digit-grouping commas allowed ("3,500", "1,00,000"); undefined when it is not an amount.
 */
export function rupeesToPaise(text: string): number | undefined {
  const match = /^\s*(\d{1,8})(?:\.(\d{1,2}))?\s*$/.exec(text.replace(/(\d),(?=\d)/g, '$1'))
  if (!match) return undefined
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

/** Paise as a person types rupees: 45000 → "450", 45050 → "450.50". */
export function paiseToRupeesText(paise: number): string {
  const rupees = Math.floor(paise / 100)
  const rest = paise % 100
  return rest === 0 ? String(rupees) : `${rupees}.${String(rest).padStart(2, '0')}`
}

/** A quantity as typed, as a number; NaN when it is not one. */
export function parseQuantity(text: string): number {
  const trimmed = text.trim()
  return /^\d+(\.\d+)?$|^\.\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN
}

/** A line's total in paise, or undefined while its quantity or price is not right yet. */
export function lineTotal(line: Pick<QuoteLineForm, 'unit' | 'quantity' | 'unit_price'>): number | undefined {
  const quantity = parseQuantity(line.quantity)
  const price = rupeesToPaise(line.unit_price)
  if (price === undefined || quantityProblem(line.unit, quantity) !== null) return undefined
  return lineTotalPaise(quantity, price)
}

/**
 * The quote's total as it stands: the visit charge and every line's total; `complete` is false while a
 * line or the visit charge is not right yet (the total then counts only what is).
 */
export function quoteTotal(form: Pick<QuoteForm, 'lines' | 'visit_charge'>): { paise: number; complete: boolean } {
  const visit = form.visit_charge.trim() === '' ? 0 : rupeesToPaise(form.visit_charge)
  const totals = form.lines.map(lineTotal)
  const known = totals.filter((t): t is number => t !== undefined)
  return {
    paise: quoteTotalPaise(visit ?? 0, known),
    complete: visit !== undefined && known.length === totals.length,
  }
}

/** Why a quantity is refused, as the form says it (the contract's quantityProblem decides whether). */
export type QuantityProblem = 'aboveZero' | 'tooMany' | 'whole' | 'halves' | 'twoDecimals'

export function quantityProblemOf(unit: QuoteUnit, quantityText: string): QuantityProblem | null {
  const quantity = parseQuantity(quantityText)
  if (quantityProblem(unit, quantity) === null) return null
  const rule = QUOTE_UNIT_RULES[unit]
  if (!Number.isFinite(quantity) || quantity <= 0) return 'aboveZero'
  if (quantity > rule.max) return 'tooMany'
  return rule.step === 1 ? 'whole' : rule.step === 0.5 ? 'halves' : 'twoDecimals'
}

/** A HH:MM time input's value as the wire's HH:MM:SS. */
const withSeconds = (time: string) => (/^\d{2}:\d{2}$/.test(time) ? `${time}:00` : time)

/**
 * The body the form sends. What is not a number yet is sent as NaN, so the contract's schema refuses
 * it on its field; the words come from the form (fieldText).
 */
export function toBody(form: QuoteForm): CreateQuoteBody {
  const note = form.note.trim()
  return {
    valid_until: form.valid_until,
    ...(note ? { note } : {}),
    visit_charge_paise: form.visit_charge.trim() === '' ? 0 : (rupeesToPaise(form.visit_charge) ?? Number.NaN),
    ...(form.with_slot
      ? {
          slot: {
            worker_id: form.slot.worker_id === '' ? Number.NaN : Number(form.slot.worker_id),
            date: form.slot.date,
            start_time: withSeconds(form.slot.start_time),
            end_time: withSeconds(form.slot.end_time),
          },
        }
      : {}),
    lines: form.lines.map((line) => ({
      kind: line.kind,
      description: line.description.trim(),
      ...(line.kind === 'material' && line.service ? { service: line.service } : {}),
      unit: line.unit,
      quantity: parseQuantity(line.quantity),
      unit_price_paise: rupeesToPaise(line.unit_price) ?? Number.NaN,
    })),
  }
}

/** A line of a quote already sent, as the form types it: a changed quote starts from the last one. */
function lineForm(line: QuoteLine): QuoteLineForm {
  return {
    kind: line.kind,
    description: line.description,
    service: line.kind === 'material' ? (line.service ?? '') : '',
    unit: line.unit,
    quantity: String(line.quantity),
    unit_price: paiseToRupeesText(line.unit_price_paise),
  }
}

/** The form filled from the latest version: its lines, visit charge, note and (if not past) its slot. */
export function formFromQuote(quote: Quote, today: string): QuoteForm {
  const empty = emptyQuote(today)
  const slot = quote.slot && quote.slot.date >= today ? quote.slot : null
  return {
    ...empty,
    lines: quote.lines.length > 0 ? quote.lines.map(lineForm) : empty.lines,
    visit_charge: quote.visit_charge_paise > 0 ? paiseToRupeesText(quote.visit_charge_paise) : '',
    note: quote.note ?? '',
    with_slot: slot !== null,
    slot: slot
      ? {
          worker_id: String(slot.worker_id),
          date: slot.date,
          start_time: slot.start_time.slice(0, 5),
          end_time: slot.end_time.slice(0, 5),
        }
      : empty.slot,
  }
}

/**
 * Where a field issue of the body (the schema's, or the server's 400) belongs in the form: the paise
 * fields are typed as rupees, and the lines' own problems (none, too many, too much) sit over them.
 */
export function formPath(bodyPath: string): string {
  if (bodyPath === '') return 'root'
  if (bodyPath === 'lines') return 'lines.root'
  if (bodyPath === 'visit_charge_paise') return 'visit_charge'
  if (bodyPath === 'slot') return 'slot.end_time'
  return bodyPath.replace(/^lines\.(\d+)\.unit_price_paise$/, 'lines.$1.unit_price')
}

/**
 * A quote's lines from the price guide of the request's service and town (issue 22, decision 063): each
 * typical item at its typical quantity and the middle of its price range, rounded to the rupee. The
 * office changes what the visit needs; nothing is sent until they do.
 */
export function linesFromGuide(guide: Pick<PriceGuide, 'items'>): QuoteLineForm[] {
  return guide.items.map((item) => ({
    kind: item.kind,
    description: item.description,
    service: '',
    unit: item.unit,
    quantity: String(item.typical_quantity),
    unit_price: paiseToRupeesText(Math.round((item.low_unit_price_paise + item.high_unit_price_paise) / 2 / 100) * 100),
  }))
}

/** Whether the lines hold nothing typed yet (one empty line): the guide's lines replace them rather than follow. */
export function linesAreEmpty(lines: readonly QuoteLineForm[]): boolean {
  return lines.every((line) => line.description.trim() === '' && line.unit_price.trim() === '')
}
