import { Readable } from 'node:stream'
import { stringify } from 'csv-stringify'

/**
 * CSV files of the office's tables (decision 045): csv-stringify writes them (RFC 4180 quoting,
 * CRLF, a UTF-8 byte-order mark so spreadsheets read Telugu and Hindi), row by row from an async
 * source, so a table of any size streams in constant memory.
 */

/** A cell's value as the file holds it. */
export type CsvCell = string | number | boolean | null | undefined

/** Characters a spreadsheet reads as the start of a formula (and tab / CR, which some strip first). */
const FORMULA_START = /^[=+\-@\t\r]/
/** A plain number (a phone number written +91…, a negative amount) is no formula: kept as it is. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/

/**
 * A cell that a spreadsheet would run as a formula, with a leading apostrophe so it shows as text
 * (OWASP's CSV injection advice); everything else unchanged.
 */
export function neutralise(value: CsvCell): CsvCell {
  if (typeof value !== 'string') return value
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value
}

/** A CSV stream of a header and the rows an async source yields (in batches), every cell neutralised. */
export function csvStream(header: readonly string[], batches: AsyncIterable<readonly CsvCell[][]>): Readable {
  const stringifier = stringify({ bom: true, record_delimiter: 'windows' })
  async function* rows() {
    yield header.map(neutralise)
    for await (const batch of batches) for (const row of batch) yield row.map(neutralise)
  }
  const source = Readable.from(rows())
  source.on('error', (error) => stringifier.destroy(error))
  return source.pipe(stringifier)
}

/** `attachment; filename=…` for a file named in ASCII. */
export function attachment(fileName: string): string {
  return `attachment; filename="${fileName}"`
}

/** A table to export: its header and its rows, in batches as the database gives them. */
export interface CsvTable {
  header: readonly string[]
  batches: AsyncIterable<readonly CsvCell[][]>
}

/** Each batch of `source` mapped row by row: a repository's rows to a CSV's cells. */
export async function* mapBatches<T>(
  source: AsyncIterable<readonly T[]>,
  row: (item: T) => CsvCell[],
): AsyncGenerator<CsvCell[][]> {
  for await (const batch of source) yield batch.map(row)
}
