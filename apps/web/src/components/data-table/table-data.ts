/**
 * The data side of components/data-table, free of React: columns, sorting, the text filter,
 * paging and the CSV file. Unit-tested on their own (table-data.test.ts).
 */
import type { HTMLAttributes, ReactNode } from 'react'

export type SortOrder = 'asc' | 'desc'

/** `data-*` attributes (test ids, row ids) of a row or cell. */
export type DataAttributes = { [name: `data-${string}`]: string | number | undefined }

/** A cell's plain value: what sorting, the text filter and the CSV file read. */
export type CellValue = string | number | null | undefined

export interface DataColumn<Row> {
  /** Stable id: the sort parameter in the address, and React's key. */
  id: string
  header: ReactNode
  /** The header as plain text for the CSV file, when `header` is not a string. */
  headerText?: string
  /** What the cell shows; `value` as text when omitted. */
  cell?: (row: Row) => ReactNode
  /** The cell's plain value. A column without one is not sorted, filtered or exported (an actions column). */
  value?: (row: Row) => CellValue
  /** Whether a click on the header sorts by this column. */
  sortable?: boolean
  /** The cell is the row's header (`<th scope="row">`): its name. */
  rowHeader?: boolean
  /** Attributes of each cell (class, test id). */
  cellProps?: (row: Row) => HTMLAttributes<HTMLTableCellElement> & DataAttributes
}

/** Which column the rows are sorted by, and which way. */
export interface SortState {
  column: string
  order: SortOrder
}

/** The sort after a click on `column`'s header: a new column sorts ascending first, the same one turns round. */
export function nextSort(current: SortState | undefined, column: string): SortState {
  if (current?.column !== column) return { column, order: 'asc' }
  return { column, order: current.order === 'asc' ? 'desc' : 'asc' }
}

/** Rows sorted by a column's value in the person's language (numbers as numbers, empty values last). */
export function sortRows<Row>(
  rows: readonly Row[],
  columns: readonly DataColumn<Row>[],
  sort: SortState | undefined,
  locale?: string,
): Row[] {
  const column = columns.find((c) => c.id === sort?.column)
  if (!sort || !column?.value) return [...rows]
  const value = column.value
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' })
  const direction = sort.order === 'asc' ? 1 : -1
  return rows
    .map((row, index) => ({ row, index, key: value(row) }))
    .sort((a, b) => {
      const aEmpty = a.key === null || a.key === undefined || a.key === ''
      const bEmpty = b.key === null || b.key === undefined || b.key === ''
      if (aEmpty || bEmpty) return aEmpty === bEmpty ? a.index - b.index : aEmpty ? 1 : -1
      const order =
        typeof a.key === 'number' && typeof b.key === 'number'
          ? a.key - b.key
          : collator.compare(String(a.key), String(b.key))
      return order === 0 ? a.index - b.index : order * direction
    })
    .map(({ row }) => row)
}

/** Rows whose values contain every word of `text`, ignoring case. */
export function filterRows<Row>(rows: readonly Row[], columns: readonly DataColumn<Row>[], text: string): Row[] {
  const words = text.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return [...rows]
  const valued = columns.filter((c) => c.value)
  return rows.filter((row) => {
    const haystack = valued
      .map((c) => String(c.value?.(row) ?? ''))
      .join('\n')
      .toLocaleLowerCase()
    return words.every((word) => haystack.includes(word))
  })
}

/** How many pages `count` rows make, at least one. */
export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize))
}

/** The rows of one page (1-based; a page past the end shows the last). */
export function pageRows<Row>(rows: readonly Row[], page: number, pageSize: number): Row[] {
  const last = pageCount(rows.length, pageSize)
  const current = Math.min(Math.max(1, page), last)
  return rows.slice((current - 1) * pageSize, current * pageSize)
}

// A spreadsheet runs a cell that starts with these as a formula. Phone numbers and signed amounts
// (+919848012345, -250.00) stay as they are: they are numbers to it, not formulas.
const FORMULA_START = /^[=+\-@\t\r]/
const NUMBER_LIKE = /^[+-]?[\d\s().,]+$/

function csvField(value: CellValue): string {
  let text = value === null || value === undefined ? '' : String(value)
  if (FORMULA_START.test(text) && !NUMBER_LIKE.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

function headerText<Row>(column: DataColumn<Row>): string {
  return column.headerText ?? (typeof column.header === 'string' ? column.header : column.id)
}

/**
 * The rows as a CSV file (RFC 4180: comma separated, CRLF lines, quotes doubled), with the
 * columns that have a value, headed by their titles. It starts with a byte-order mark so that
 * spreadsheets read Telugu and Hindi as UTF-8.
 */
export function toCsv<Row>(columns: readonly DataColumn<Row>[], rows: readonly Row[]): string {
  const exported = columns.filter((c) => c.value)
  const lines = [
    exported.map((c) => csvField(headerText(c))).join(','),
    ...rows.map((row) => exported.map((c) => csvField(c.value?.(row))).join(',')),
  ]
  return `\uFEFF${lines.join('\r\n')}\r\n`
}
