import { describe, expect, it } from 'vitest'
import {
  addDays,
  emptyLine,
  emptyQuote,
  formPath,
  lineTotal,
  paiseToRupeesText,
  quantityProblemOf,
  quoteTotal,
  rupeesToPaise,
  toBody,
  unitsOf,
} from './quote-form'

describe('rupees typed by a person', () => {
  it.each([
    ['450', 45_000],
    ['450.5', 45_050],
    ['450.50', 45_050],
    [' 0.05 ', 5],
    ['3,500', 350_000],
    ['1,00,000', 10_000_000],
    ['0', 0],
  ])('%j is %i paise', (text, paise) => {
    expect(rupeesToPaise(text)).toBe(paise)
  })

  it.each(['', 'abc', '-5', '1.234', '123456789', '3,,500', '₹450'])('refuses %j', (text) => {
    expect(rupeesToPaise(text)).toBeUndefined()
  })

  it('writes paise back as rupees', () => {
    expect(paiseToRupeesText(350_000)).toBe('3500')
    expect(paiseToRupeesText(45_050)).toBe('450.50')
    expect(paiseToRupeesText(5)).toBe('0.05')
  })
})

describe('units and quantities', () => {
  it('offers each kind only the units it is counted in', () => {
    expect(unitsOf('labour')).toEqual(['job', 'hour', 'day', 'trip'])
    expect(unitsOf('material')).toEqual(['day', 'tractor_load', 'bag', 'piece', 'trip', 'cubic_foot'])
    expect(emptyLine('material').unit).toBe('tractor_load')
  })

  it.each([
    ['tractor_load', '2', null],
    ['tractor_load', '1.5', 'whole'],
    ['bag', '0', 'aboveZero'],
    ['bag', '', 'aboveZero'],
    ['hour', '1.5', null],
    ['hour', '1.25', 'halves'],
    ['cubic_foot', '2.25', null],
    ['cubic_foot', '2.255', 'twoDecimals'],
    ['job', '101', 'tooMany'],
  ] as const)('%s × %j: %s', (unit, quantity, problem) => {
    expect(quantityProblemOf(unit, quantity)).toBe(problem)
  })
})

describe('totals', () => {
  const labour = { ...emptyLine('labour'), quantity: '1', unit_price: '450' }
  const sand = { ...emptyLine('material'), quantity: '2', unit_price: '3,500' }

  it("are each line's quantity × unit price, half a paisa up, plus the visit charge", () => {
    expect(lineTotal(labour)).toBe(45_000)
    expect(lineTotal(sand)).toBe(700_000)
    expect(lineTotal({ unit: 'cubic_foot', quantity: '0.25', unit_price: '0.10' })).toBe(3)
    expect(quoteTotal({ lines: [labour, sand], visit_charge: '' })).toEqual({ paise: 745_000, complete: true })
    expect(quoteTotal({ lines: [labour, sand], visit_charge: '200' })).toEqual({ paise: 765_000, complete: true })
  })

  it('count only what is right so far, and say so', () => {
    const wrong = { ...sand, quantity: '1.5' }
    expect(lineTotal(wrong)).toBeUndefined()
    expect(quoteTotal({ lines: [labour, wrong], visit_charge: '' })).toEqual({ paise: 45_000, complete: false })
  })
})

describe('the body sent', () => {
  it('is paise and numbers, a material named, no slot unless asked', () => {
    const form = {
      ...emptyQuote('2030-01-10'),
      lines: [
        { ...emptyLine('labour'), description: ' Fix the tap ', unit_price: '450' },
        {
          ...emptyLine('material'),
          description: 'River sand',
          service: 'Sand Services',
          quantity: '2',
          unit_price: '3500',
        },
      ],
      note: '  ',
    }
    expect(toBody(form)).toEqual({
      valid_until: '2030-01-17',
      visit_charge_paise: 0,
      lines: [
        { kind: 'labour', description: 'Fix the tap', unit: 'job', quantity: 1, unit_price_paise: 45_000 },
        {
          kind: 'material',
          description: 'River sand',
          service: 'Sand Services',
          unit: 'tractor_load',
          quantity: 2,
          unit_price_paise: 350_000,
        },
      ],
    })
    const withSlot = {
      ...form,
      with_slot: true,
      slot: { worker_id: '7', date: '2030-01-12', start_time: '10:00', end_time: '12:00' },
    }
    expect(toBody(withSlot).slot).toEqual({
      worker_id: 7,
      date: '2030-01-12',
      start_time: '10:00:00',
      end_time: '12:00:00',
    })
  })

  it('puts issues of the body on the fields that were typed', () => {
    expect(formPath('lines.1.unit_price_paise')).toBe('lines.1.unit_price')
    expect(formPath('visit_charge_paise')).toBe('visit_charge')
    expect(formPath('lines')).toBe('lines.root')
    expect(formPath('lines.0.quantity')).toBe('lines.0.quantity')
    expect(formPath('slot.worker_id')).toBe('slot.worker_id')
  })

  it('counts days on the calendar', () => {
    expect(addDays('2030-02-25', 7)).toBe('2030-03-04')
    expect(addDays('2030-12-30', 90)).toBe('2031-03-30')
  })
})
