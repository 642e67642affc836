import type { InvoiceKind, InvoicesExportQuery, InvoicesQuery } from '@townworks/contract'

/**
 * The office's list of receipts, tax invoices and credit notes, as its address keeps it
 * (`?kind=&from=&to=&q=&page=`), read by hand with the API's own rules (InvoicesQuerySchema): zod and
 * the contract's schemas would cost the screen 27 kB. The API checks again and answers 400 to what
 * slips through.
 */

export const INVOICES_PAGE_SIZE = 20

/** The kinds in the order the filter offers them: every kind of the contract, once (checked by the type). */
const KIND_ORDER = { receipt: 1, tax_invoice: 2, credit_note: 3 } as const satisfies Record<InvoiceKind, number>
export const INVOICE_KIND_OPTIONS = Object.keys(KIND_ORDER) as InvoiceKind[]

/** The filters a person sets: the address's parameters other than the page. */
export const FILTER_KEYS = ['kind', 'from', 'to', 'q'] as const
export type FilterKey = (typeof FILTER_KEYS)[number]
export type InvoiceFilterDraft = Record<FilterKey, string>

export type InvoicesListQuery = Partial<InvoicesQuery> & { page: number; pageSize: number }

const SEARCH_MAX = 100

/** A day as the wire writes it, and one the calendar has (not 2026-02-30). */
export function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/** Typed search text the API takes: at most 100 characters, no control characters. */
function searchText(value: string): string | undefined {
  const trimmed = value.trim()
  if (trimmed.length > SEARCH_MAX || [...trimmed].some((c) => c < ' ' || c === '\u007F')) return undefined
  return trimmed
}

const isKind = (value: string): value is InvoiceKind => (INVOICE_KIND_OPTIONS as string[]).includes(value)

/**
 * The list's query from the address. A parameter that does not parse is left out and `ignored` says
 * so (the screen tells the person); a `to` before `from` is dropped, as the API would refuse it.
 */
export function invoicesQueryFromParams(params: URLSearchParams): { query: InvoicesListQuery; ignored: boolean } {
  let ignored = false
  const query: InvoicesListQuery = { page: 1, pageSize: INVOICES_PAGE_SIZE }
  const kind = params.get('kind')
  if (kind) {
    if (isKind(kind)) query.kind = kind
    else ignored = true
  }
  for (const key of ['from', 'to'] as const) {
    const day = params.get(key)
    if (!day) continue
    if (isDay(day)) query[key] = day
    else ignored = true
  }
  if (query.from && query.to && query.to < query.from) {
    delete query.to
    ignored = true
  }
  const q = params.get('q')
  if (q) {
    const text = searchText(q)
    if (text === undefined) ignored = true
    else if (text) query.q = text
  }
  const page = params.get('page')
  if (page) {
    const n = /^\d{1,6}$/.test(page) ? Number(page) : 0
    if (n >= 1 && n <= 100_000) query.page = n
    else ignored = true
  }
  return { query, ignored }
}

/** The form's fields as the address has them ('' for none). */
export function draftFromParams(params: URLSearchParams): InvoiceFilterDraft {
  return Object.fromEntries(FILTER_KEYS.map((key) => [key, params.get(key) ?? ''])) as InvoiceFilterDraft
}

/**
 * The address after the filters are applied: the draft's values (trimmed; empty ones removed), any
 * other parameter kept (an open job's drawer), and the first page, as a new filter starts there.
 */
export function paramsWithFilters(current: URLSearchParams, draft: InvoiceFilterDraft): URLSearchParams {
  const next = new URLSearchParams(current)
  for (const key of FILTER_KEYS) {
    const value = draft[key].trim()
    if (value) next.set(key, value)
    else next.delete(key)
  }
  next.delete('page')
  return next
}

/** The CSV's filters: the list's kind and days. The export has no search and no pages (the contract's export query). */
export function exportFilters({ kind, from, to }: InvoicesListQuery): InvoicesExportQuery {
  return { ...(kind ? { kind } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}) }
}

/** Whether any filter narrows the list (the empty state then says to change them). */
export const isFiltered = (query: InvoicesListQuery): boolean =>
  Boolean(query.kind || query.from || query.to || query.q)
