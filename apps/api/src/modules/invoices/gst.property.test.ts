import { GST_STATES, gstinCheckCharacter, gstinProblem, isValidGstin } from '@townworks/contract'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  allocate,
  documentNumber,
  financialYearOf,
  isIntraState,
  splitInclusive,
  taxHeads,
  taxLines,
  totalsOf,
} from './gst'
import { DEFAULT_TAX_CODE, TAX_CODES, taxCodeOf } from './tax-codes'
import { amountInWords } from './words'

const CRORE_PAISE = 1_000_000_000
const paise = fc.integer({ min: 0, max: CRORE_PAISE })
/** The rates GST uses, and any other whole basis point. */
const rate = fc.oneof(fc.constantFrom(0, 25, 300, 500, 1200, 1800, 2800, 4000), fc.integer({ min: 0, max: 10_000 }))

describe('GST arithmetic in paise (decision 060)', () => {
  it('taxable value + tax = what was paid, exactly; the tax is within (1 + rate) / 2 paise of taxable × rate', () => {
    fc.assert(
      fc.property(paise, rate, (gross, bps) => {
        const { taxable, tax } = splitInclusive(gross, bps)
        expect(taxable + tax).toBe(gross)
        expect(taxable).toBeGreaterThanOrEqual(0)
        expect(tax).toBeGreaterThanOrEqual(0)
        // |tax − taxable × r| ≤ (1 + r) / 2, in integers (× 20000).
        expect(Math.abs(tax * 20_000 - taxable * bps * 2)).toBeLessThanOrEqual(10_000 + bps)
      }),
      { numRuns: 2000 },
    )
  })

  it('taxable is gross / (1 + rate) rounded half up', () => {
    expect(splitInclusive(118_00, 1800)).toEqual({ taxable: 100_00, tax: 18_00 })
    expect(splitInclusive(450_00, 1800)).toEqual({ taxable: 38_136, tax: 6_864 }) // 38135.59… → 38136
    expect(splitInclusive(105_00, 500)).toEqual({ taxable: 100_00, tax: 5_00 })
    expect(splitInclusive(1, 1800)).toEqual({ taxable: 1, tax: 0 })
    expect(splitInclusive(0, 1800)).toEqual({ taxable: 0, tax: 0 })
    expect(splitInclusive(999, 0)).toEqual({ taxable: 999, tax: 0 })
  })

  it('within a state CGST + SGST = the tax, CGST = SGST or one paisa more; between states all IGST', () => {
    fc.assert(
      fc.property(paise, (tax) => {
        const intra = taxHeads(tax, true)
        expect(intra.cgst + intra.sgst).toBe(tax)
        expect(intra.igst).toBe(0)
        expect(intra.cgst - intra.sgst).toBeGreaterThanOrEqual(0)
        expect(intra.cgst - intra.sgst).toBeLessThanOrEqual(1)
        expect(taxHeads(tax, false)).toEqual({ cgst: 0, sgst: 0, igst: tax })
      }),
    )
    expect(taxHeads(6_864, true)).toEqual({ cgst: 3_432, sgst: 3_432, igst: 0 })
    expect(taxHeads(6_865, true)).toEqual({ cgst: 3_433, sgst: 3_432, igst: 0 })
  })

  it('the place of supply decides: same state CGST + SGST, another IGST', () => {
    expect(isIntraState('36', '36')).toBe(true)
    expect(isIntraState('29', '36')).toBe(false)
    const [intra] = taxLines(
      [{ description: 'x', code: '995462', quantity: 1, unit: 'job', gross: 450_00, rateBps: 1800 }],
      true,
    )
    const [inter] = taxLines(
      [{ description: 'x', code: '995462', quantity: 1, unit: 'job', gross: 450_00, rateBps: 1800 }],
      false,
    )
    expect(intra).toMatchObject({ taxable: 38_136, cgst: 3_432, sgst: 3_432, igst: 0, total: 450_00 })
    expect(inter).toMatchObject({ taxable: 38_136, cgst: 0, sgst: 0, igst: 6_864, total: 450_00 })
  })

  it('any lines at any rates: every line and the totals add up exactly to what was paid', () => {
    const line = fc.record({ gross: fc.integer({ min: 0, max: 10_000_000 }), rateBps: rate })
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), fc.boolean(), (raw, intra) => {
        const lines = taxLines(
          raw.map((l) => ({ ...l, description: 'x', code: '9954', quantity: 1, unit: 'job' })),
          intra,
        )
        for (const l of lines) expect(l.taxable + l.cgst + l.sgst + l.igst).toBe(l.total)
        const totals = totalsOf(lines)
        expect(totals.total).toBe(raw.reduce((s, l) => s + l.gross, 0))
        expect(totals.taxable + totals.cgst + totals.sgst + totals.igst).toBe(totals.total)
        if (intra) expect(totals.igst).toBe(0)
        else expect(totals.cgst + totals.sgst).toBe(0)
      }),
    )
  })

  it('a payment shared among lines in proportion adds up to the payment, each part within a paisa of its share', () => {
    fc.assert(
      fc.property(
        paise,
        fc.array(fc.integer({ min: 0, max: CRORE_PAISE }), { minLength: 1, maxLength: 10 }),
        (total, weights) => {
          const parts = allocate(total, weights)
          expect(parts.reduce((s, p) => s + p, 0)).toBe(total)
          const sum = weights.reduce((s, w) => s + w, 0)
          parts.forEach((p, i) => {
            expect(p).toBeGreaterThanOrEqual(0)
            const exact = sum === 0 ? total / weights.length : (total * weights[i]!) / sum
            expect(Math.abs(p - exact)).toBeLessThan(1.000001)
          })
        },
      ),
    )
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33])
    expect(allocate(50_000, [45_000, 5_000])).toEqual([45_000, 5_000])
  })
})

describe('financial years and numbers', () => {
  it('a financial year runs from 1 April to 31 March in India, whatever the UTC date', () => {
    // 31 March 2027 23:59 IST is 18:29 UTC; 1 April 00:00 IST is 31 March 18:30 UTC.
    expect(financialYearOf(new Date('2027-03-31T18:29:59.999Z'))).toEqual({ label: '2026-27', short: '26-27' })
    expect(financialYearOf(new Date('2027-03-31T18:30:00.000Z'))).toEqual({ label: '2027-28', short: '27-28' })
    expect(financialYearOf(new Date('2026-04-01T00:00:00+05:30'))).toEqual({ label: '2026-27', short: '26-27' })
    expect(financialYearOf(new Date('2099-12-31T12:00:00Z'))).toEqual({ label: '2099-00', short: '99-00' })
  })

  it('numbers are at most 16 characters (rule 46(b)) of letters, digits, / and -', () => {
    fc.assert(
      fc.property(fc.constantFrom('TW', 'RC', 'CN'), fc.integer({ min: 1, max: 9_999_999 }), (series, serial) => {
        const number = documentNumber(series, '26-27', serial)
        expect(number.length).toBeLessThanOrEqual(16)
        expect(number).toMatch(/^[A-Z0-9/-]+$/)
      }),
    )
    expect(documentNumber('TW', '26-27', 123)).toBe('TW/26-27/000123')
  })
})

describe('the tax code table', () => {
  it('names a SAC for every labour service and an HSN for goods, at a rate GST has', () => {
    for (const [service, code] of Object.entries(TAX_CODES)) {
      expect([500, 1200, 1800], service).toContain(code.rateBps)
      if (code.kind === 'SAC') expect(code.code, service).toMatch(/^99\d{4}$/)
      else expect(code.code, service).toMatch(/^\d{4}(\d{2}){0,2}$/)
    }
    expect(taxCodeOf('Sand Services')).toMatchObject({ code: '2505', rateBps: 500 })
    expect(taxCodeOf('Plumber')).toMatchObject({ code: '995462', rateBps: 1800 })
    expect(taxCodeOf('Tiling')).toBe(DEFAULT_TAX_CODE)
    expect(taxCodeOf(null)).toBe(DEFAULT_TAX_CODE)
  })
})

describe('GSTIN', () => {
  it('accepts GSTINs whose check character matches, refuses any single changed character', () => {
    for (const gstin of ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '36AABCT1332L1ZF']) {
      expect(gstinProblem(gstin)).toBeNull()
      for (let i = 0; i < 15; i++) {
        const changed = gstin.slice(0, i) + (gstin[i] === '1' ? '2' : '1') + gstin.slice(i + 1)
        expect(isValidGstin(changed), changed).toBe(false)
      }
    }
  })

  it('any state, PAN and entity number with its computed check character is valid', () => {
    const upper = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ')
    const digit = fc.constantFrom(...'0123456789')
    const gstin = fc
      .tuple(
        fc.constantFrom(...Object.keys(GST_STATES)),
        fc.array(upper, { minLength: 3, maxLength: 3 }),
        fc.constantFrom(...'ABCFGHJLPT'),
        upper,
        fc.array(digit, { minLength: 4, maxLength: 4 }),
        upper,
        fc.constantFrom(...'123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
      )
      .map(([state, a, holder, b, digits, c, entity]) => {
        const first14 = `${state}${a.join('')}${holder}${b}${digits.join('')}${c}${entity}Z`
        return first14 + gstinCheckCharacter(first14)
      })
    fc.assert(
      fc.property(gstin, (g) => {
        expect(gstinProblem(g)).toBeNull()
      }),
    )
  })

  it('says what is wrong', () => {
    expect(gstinProblem('36aabct1332l1zf')).toMatch(/15 characters/)
    expect(gstinProblem('99AABCT1332L1ZF')).toMatch(/not a GST state code/)
    expect(gstinProblem('36AABCT1332L1ZZ')).toMatch(/check character|last character/)
    expect(gstinProblem('36AABXT1332L1ZF')).toMatch(/15 characters/) // X is no kind of PAN holder
  })
})

/** Words back to paise: the reading a person would do, to prove the words say the number. */
function parseWords(words: string): number {
  const match = /^Rupees (.+?)(?: and (.+) Paise)? Only$/.exec(words)
  if (!match) throw new Error(`Not an amount in words: ${words}`)
  const small: Record<string, number> = {}
  ;['Zero', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve']
    .concat(['Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'])
    .forEach((w, i) => (small[w] = i))
  ;['Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'].forEach(
    (w, i) => (small[w] = (i + 2) * 10),
  )
  const scales: Record<string, number> = { Hundred: 100, Thousand: 1000, Lakh: 100_000, Crore: 10_000_000 }
  const read = (text: string): number => {
    let total = 0
    let group = 0
    for (const word of text.split(' ')) {
      if (word in small) group += small[word]!
      else if (word === 'Hundred') group *= 100
      else if (word in scales) {
        // Crore may follow a number that has its own thousands and lakhs: it scales everything so far.
        if (word === 'Crore') {
          total = (total + group) * scales[word]!
        } else total += group * scales[word]!
        group = 0
      } else throw new Error(`Unknown word ${word}`)
    }
    return total + group
  }
  return read(match[1]!) * 100 + (match[2] ? read(match[2]) : 0)
}

describe('amounts in words (Indian numbering)', () => {
  it('reads known amounts as an Indian invoice writes them', () => {
    const cases: [number, string][] = [
      [0, 'Rupees Zero Only'],
      [50, 'Rupees Zero and Fifty Paise Only'],
      [100, 'Rupees One Only'],
      [450_050, 'Rupees Four Thousand Five Hundred and Fifty Paise Only'],
      [4_500_000, 'Rupees Forty Five Thousand Only'],
      [123_456_789, 'Rupees Twelve Lakh Thirty Four Thousand Five Hundred Sixty Seven and Eighty Nine Paise Only'],
      [1_000_000_000, 'Rupees One Crore Only'],
      [1_000_000_001, 'Rupees One Crore and One Paise Only'],
      [
        99_999_999_999,
        'Rupees Ninety Nine Crore Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine and Ninety Nine Paise Only',
      ],
      [100_000_000_000, 'Rupees One Hundred Crore Only'],
      [1_100_00, 'Rupees One Thousand One Hundred Only'],
      [10_000_000, 'Rupees One Lakh Only'],
      [1_900, 'Rupees Nineteen Only'],
    ]
    for (const [amount, words] of cases) expect(amountInWords(amount)).toBe(words)
  })

  it('any amount up to ₹1 crore reads back to the same number of paise', () => {
    fc.assert(
      fc.property(paise, (amount) => {
        const words = amountInWords(amount)
        expect(parseWords(words)).toBe(amount)
        expect(words).not.toMatch(/ {2}|Zero (?!Only|and)/)
        // "and" only between rupees and paise.
        expect(words.split(' and ').length).toBeLessThanOrEqual(2)
      }),
      { numRuns: 3000 },
    )
  })
})
