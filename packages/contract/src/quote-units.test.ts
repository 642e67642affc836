import { describe, expect, it } from 'vitest'
import { CreateQuoteBodySchema } from './quotes'
import { lineTotalPaise, quantityInEnglish, quantityProblem, type QuoteUnit } from './quote-units'

describe('quote units and line totals (decision 061)', () => {
  it('each unit counts as it should: whole, halves or two decimals; above zero; at most its maximum', () => {
    const taken: [QuoteUnit, number][] = [
      ['job', 1],
      ['hour', 0.5],
      ['hour', 7.5],
      ['day', 2.5],
      ['tractor_load', 3],
      ['bag', 50],
      ['piece', 2000],
      ['trip', 1],
      ['cubic_foot', 0.07],
      ['cubic_foot', 1.15],
      ['cubic_foot', 99_999.99],
      ['piece', 100_000],
    ]
    for (const [unit, quantity] of taken) expect(quantityProblem(unit, quantity), `${quantity} ${unit}`).toBeNull()
    const refused: [QuoteUnit, number][] = [
      ['job', 0.5],
      ['bag', 1.5],
      ['piece', 2000.1],
      ['tractor_load', 0.5],
      ['trip', 2.5],
      ['hour', 1.25],
      ['hour', 0.1],
      ['day', 0.3],
      ['cubic_foot', 1.005],
      ['cubic_foot', 1e-7],
      ['bag', 0],
      ['bag', -1],
      ['hour', Number.NaN],
      ['hour', Number.POSITIVE_INFINITY],
      ['bag', 10_001],
      ['piece', 100_001],
    ]
    for (const [unit, quantity] of refused)
      expect(quantityProblem(unit, quantity), `${quantity} ${unit}`).not.toBeNull()
  })

  it('a line is quantity × unit price, rounded to the paisa half up, exactly, even for large amounts', () => {
    expect(lineTotalPaise(1.5, 33_333)).toBe(50_000) // 49 999.5
    expect(lineTotalPaise(2.25, 1_001)).toBe(2_252) // 2 252.25
    expect(lineTotalPaise(0.5, 15_001)).toBe(7_501) // 7 500.5
    expect(lineTotalPaise(0.07, 999)).toBe(70) // 69.93
    expect(lineTotalPaise(0.01, 49)).toBe(0) // 0.49
    expect(lineTotalPaise(0.01, 50)).toBe(1) // 0.5
    expect(lineTotalPaise(1.15, 100)).toBe(115) // not 114 (1.15 × 100 is 114.999… in binary)
    expect(lineTotalPaise(99_999.99, 1_000_000_000)).toBe(99_999_990_000_000)
    for (let hundredths = 1; hundredths <= 500; hundredths++) {
      const quantity = hundredths / 100
      for (const price of [1, 3, 7, 33_333, 99_999]) {
        const exact = hundredths * price // in hundredths of a paisa
        expect(lineTotalPaise(quantity, price)).toBe(Math.floor((exact + 50) / 100))
      }
    }
  })

  it('writes a quantity with its unit in English, one and many', () => {
    expect(quantityInEnglish(1, 'bag')).toBe('1 bag')
    expect(quantityInEnglish(2, 'tractor_load')).toBe('2 tractor loads')
    expect(quantityInEnglish(1.5, 'hour')).toBe('1.5 hours')
    expect(quantityInEnglish(2.25, 'cubic_foot')).toBe('2.25 cubic feet')
  })

  it('the body names the line of each refusal, and refuses a quote past what one task may cost', () => {
    const line = { kind: 'material', description: 'Cement', unit: 'bag', quantity: 2, unit_price_paise: 42_000 }
    const result = CreateQuoteBodySchema.safeParse({
      valid_until: '2031-01-05',
      lines: [line, { ...line, quantity: 2.5 }, { ...line, kind: 'labour' }],
    })
    expect(result.success).toBe(false)
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['lines.1.quantity', 'Line 2: bags are counted in whole numbers'],
      ['lines.2.unit', 'Line 3: labour is counted in jobs, hours, days, trips'],
    ])
    const tooMuch = CreateQuoteBodySchema.safeParse({
      valid_until: '2031-01-05',
      visit_charge_paise: 1,
      lines: [{ ...line, quantity: 10_000, unit_price_paise: 100_000 }],
    })
    expect(tooMuch.error!.issues.map((i) => i.path.join('.'))).toEqual(['lines'])
    const fine = CreateQuoteBodySchema.parse({ valid_until: '2031-01-05', lines: [line] })
    expect(fine.visit_charge_paise).toBe(0)
  })
})
