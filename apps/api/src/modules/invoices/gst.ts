// GST arithmetic in integer paise (decision 060): pure, no database, no clock of its own.
// Every amount of a document is computed here once, when it is issued, and stored as computed.

/** Basis points in 100 %. */
const WHOLE_BPS = 10_000

/** A tax rate in basis points: 1800 = 18 %. */
export type RateBps = number

export interface InclusiveSplit {
  /** The value the tax is charged on. */
  taxable: number
  /** The tax in it: gross − taxable, so the two add up to the gross exactly. */
  tax: number
}

/**
 * A tax-inclusive amount split into taxable value and tax: taxable = gross × 10000 / (10000 + rate),
 * rounded to the nearest paisa, half a paisa up; tax = gross − taxable. The tax then differs from
 * taxable × rate by at most (1 + rate) / 2 paise, and nothing is lost or made up.
 */
export function splitInclusive(gross: number, rateBps: RateBps): InclusiveSplit {
  if (!Number.isSafeInteger(gross) || gross < 0) throw new RangeError('An amount is a whole number of paise, 0 or more')
  if (!Number.isInteger(rateBps) || rateBps < 0 || rateBps > WHOLE_BPS) throw new RangeError('A rate is 0 to 10000 bps')
  const divisor = WHOLE_BPS + rateBps
  // round(gross × 10000 / divisor), half up, in integers: floor((2 × gross × 10000 + divisor) / (2 × divisor)).
  // gross ≤ ₹1 crore (10⁹ paise): 2 × 10⁹ × 10⁴ + 2 × 10⁴ stays far below 2⁵³.
  const taxable = Math.floor((2 * gross * WHOLE_BPS + divisor) / (2 * divisor))
  return { taxable, tax: gross - taxable }
}

export interface TaxHeads {
  cgst: number
  sgst: number
  igst: number
}

/**
 * A line's tax under its heads: within one state (supplier's state = place of supply) half as CGST
 * and half as SGST, the odd paisa to CGST (so CGST = SGST or CGST = SGST + 1, and they add up to the
 * tax); between states all of it as IGST.
 */
export function taxHeads(tax: number, intraState: boolean): TaxHeads {
  if (!intraState) return { cgst: 0, sgst: 0, igst: tax }
  const sgst = Math.floor(tax / 2)
  return { cgst: tax - sgst, sgst, igst: 0 }
}

/**
 * `total` shared among parts in proportion to `weights` (largest remainder: each part its floor, the
 * paise left over one each to the largest remainders, earlier parts first on a tie), so the parts
 * add up to `total` exactly. All weights zero: shared as if equal.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return []
  const sum = weights.reduce((s, w) => s + w, 0)
  const basis = sum > 0 ? weights : weights.map(() => 1)
  const basisSum = sum > 0 ? sum : weights.length
  // BigInt: total × weight may pass 2⁵³ for large amounts.
  const parts = basis.map((w) => {
    const product = BigInt(total) * BigInt(w)
    return { floor: Number(product / BigInt(basisSum)), remainder: Number(product % BigInt(basisSum)) }
  })
  let left = total - parts.reduce((s, p) => s + p.floor, 0)
  const order = parts.map((p, i) => ({ i, r: p.remainder })).sort((a, b) => b.r - a.r || a.i - b.i)
  const result = parts.map((p) => p.floor)
  for (const { i } of order) {
    if (left === 0) break
    result[i]! += 1
    left -= 1
  }
  return result
}

/** One line as the customer paid it: its share of the payment, tax included, and the tax that applies. */
export interface GrossLine {
  description: string
  /** SAC (services) or HSN (goods); null on a receipt. */
  code: string | null
  quantity: number
  unit: string
  gross: number
  rateBps: RateBps
}

export interface TaxedLine {
  description: string
  code: string | null
  quantity: number
  unit: string
  taxable: number
  rateBps: RateBps
  cgst: number
  sgst: number
  igst: number
  total: number
}

export interface Totals {
  taxable: number
  cgst: number
  sgst: number
  igst: number
  total: number
}

/** Lines with their taxable value and tax heads; each line's parts add up to its gross. */
export function taxLines(lines: readonly GrossLine[], intraState: boolean): TaxedLine[] {
  return lines.map((line) => {
    const { taxable, tax } = splitInclusive(line.gross, line.rateBps)
    return {
      description: line.description,
      code: line.code,
      quantity: line.quantity,
      unit: line.unit,
      taxable,
      rateBps: line.rateBps,
      ...taxHeads(tax, intraState),
      total: line.gross,
    }
  })
}

/** A document's totals: the sums of its lines' columns. */
export function totalsOf(lines: readonly Pick<TaxedLine, 'taxable' | 'cgst' | 'sgst' | 'igst' | 'total'>[]): Totals {
  const totals: Totals = { taxable: 0, cgst: 0, sgst: 0, igst: 0, total: 0 }
  for (const l of lines) {
    totals.taxable += l.taxable
    totals.cgst += l.cgst
    totals.sgst += l.sgst
    totals.igst += l.igst
    totals.total += l.total
  }
  return totals
}

/** The supply is within one state when the supplier's state is the place of supply: CGST + SGST, else IGST. */
export const isIntraState = (supplierStateCode: string, placeOfSupplyCode: string): boolean =>
  supplierStateCode === placeOfSupplyCode

const INDIA_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
})

/**
 * India's financial year (1 April to 31 March) holding an instant, by the date in Asia/Kolkata:
 * `2026-27` (its label) and `26-27` (as document numbers carry it).
 */
export function financialYearOf(instant: Date): { label: string; short: string } {
  const parts = INDIA_DATE.formatToParts(instant)
  const year = Number(parts.find((p) => p.type === 'year')!.value)
  const month = Number(parts.find((p) => p.type === 'month')!.value)
  const start = month >= 4 ? year : year - 1
  const next = String((start + 1) % 100).padStart(2, '0')
  return { label: `${start}-${next}`, short: `${String(start % 100).padStart(2, '0')}-${next}` }
}

/**
 * A document's number: series, financial year, serial of at least six digits — `TW/26-27/000123`.
 * Fifteen characters: the GST rules allow at most sixteen (rule 46(b)), of letters, digits, '/' and '-'.
 */
export function documentNumber(series: string, financialYearShort: string, serial: number): string {
  return `${series}/${financialYearShort}/${String(serial).padStart(6, '0')}`
}
