import { describe, expect, it } from 'vitest'
import {
  draftFromParams,
  exportFilters,
  INVOICE_KIND_OPTIONS,
  INVOICES_PAGE_SIZE,
  invoicesQueryFromParams,
  isDay,
  isFiltered,
  paramsWithFilters,
} from './invoice-query'

const read = (search: string) => invoicesQueryFromParams(new URLSearchParams(search))

describe("the receipts and invoices list's address", () => {
  it('offers every kind of document, in the order receipts, tax invoices, credit notes', () => {
    expect(INVOICE_KIND_OPTIONS).toEqual(['receipt', 'tax_invoice', 'credit_note'])
  })

  it('reads kind, days, search and page as the API takes them', () => {
    expect(read('kind=credit_note&from=2026-11-01&to=2026-11-30&q=%20Lakshmi%20&page=3')).toEqual({
      query: {
        kind: 'credit_note',
        from: '2026-11-01',
        to: '2026-11-30',
        q: 'Lakshmi',
        page: 3,
        pageSize: INVOICES_PAGE_SIZE,
      },
      ignored: false,
    })
    expect(read('')).toEqual({ query: { page: 1, pageSize: INVOICES_PAGE_SIZE }, ignored: false })
    // A document's number keeps its slashes.
    expect(read('q=RC%2F26-27%2F000002').query.q).toBe('RC/26-27/000002')
  })

  it('leaves out what does not parse, and says so, keeping the rest', () => {
    expect(read('kind=bill&from=2026-11-01')).toEqual({
      query: { from: '2026-11-01', page: 1, pageSize: INVOICES_PAGE_SIZE },
      ignored: true,
    })
    for (const bad of [
      'from=01-11-2026',
      'to=2026-02-30',
      'page=0',
      'page=-2',
      'page=abc',
      'page=100001',
      'q=a%00b',
      `q=${'x'.repeat(101)}`,
    ]) {
      const { query, ignored } = read(bad)
      expect(ignored, bad).toBe(true)
      expect(query, bad).toEqual({ page: 1, pageSize: INVOICES_PAGE_SIZE })
    }
  })

  it('drops an end day before the start day, which the API would refuse', () => {
    expect(read('from=2026-11-20&to=2026-11-19')).toEqual({
      query: { from: '2026-11-20', page: 1, pageSize: INVOICES_PAGE_SIZE },
      ignored: true,
    })
    expect(read('from=2026-11-20&to=2026-11-20').ignored).toBe(false)
  })

  it('treats a search of spaces as no search', () => {
    expect(read('q=%20%20')).toEqual({ query: { page: 1, pageSize: INVOICES_PAGE_SIZE }, ignored: false })
  })

  it('knows a day of the calendar from a look-alike', () => {
    expect(isDay('2028-02-29')).toBe(true)
    expect(isDay('2026-02-29')).toBe(false)
    expect(isDay('2026-13-01')).toBe(false)
    expect(isDay('2026-1-01')).toBe(false)
  })
})

describe('applying the filters', () => {
  it('writes the typed filters (trimmed, empty ones removed), keeps other parameters and starts at page 1', () => {
    const current = new URLSearchParams('kind=receipt&q=old&page=4&job=52')
    const next = paramsWithFilters(current, { kind: '', from: '2026-11-01', to: '', q: '  TW-000123 ' })
    expect(Object.fromEntries(next)).toEqual({ job: '52', from: '2026-11-01', q: 'TW-000123' })
    expect(current.get('page')).toBe('4')
  })

  it('fills the form from the address', () => {
    expect(draftFromParams(new URLSearchParams('kind=tax_invoice&q=Ravi&page=2'))).toEqual({
      kind: 'tax_invoice',
      from: '',
      to: '',
      q: 'Ravi',
    })
  })

  it("gives the accountant's CSV the kind and days only: the export has no search and no pages", () => {
    const { query } = read('kind=receipt&from=2026-11-01&to=2026-11-30&q=Lakshmi&page=2')
    expect(exportFilters(query)).toEqual({ kind: 'receipt', from: '2026-11-01', to: '2026-11-30' })
    expect(exportFilters(read('q=Lakshmi').query)).toEqual({})
  })

  it('knows when the list is narrowed', () => {
    expect(isFiltered(read('page=2').query)).toBe(false)
    expect(isFiltered(read('q=Ravi').query)).toBe(true)
    expect(isFiltered(read('to=2026-11-30').query)).toBe(true)
  })
})
