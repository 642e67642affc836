import { describe, expect, it } from 'vitest'
import { filterRows, nextSort, pageCount, pageRows, sortRows, toCsv, type DataColumn } from './table-data'

interface Worker {
  name: string
  town: string
  jobs: number | null
}

const columns: DataColumn<Worker>[] = [
  { id: 'name', header: 'Name', value: (w) => w.name, sortable: true },
  { id: 'town', header: 'Town', value: (w) => w.town, sortable: true },
  { id: 'jobs', header: 'Jobs', value: (w) => w.jobs, sortable: true },
  { id: 'actions', header: 'Actions' },
]

const workers: Worker[] = [
  { name: 'Ravi', town: 'Nirmal', jobs: 10 },
  { name: 'anil', town: 'Armoor', jobs: 2 },
  { name: 'Suresh', town: 'Nizamabad', jobs: null },
]

describe('table data', () => {
  it('sorts ascending on the first click of a column, then turns round', () => {
    expect(nextSort(undefined, 'name')).toEqual({ column: 'name', order: 'asc' })
    expect(nextSort({ column: 'name', order: 'asc' }, 'name')).toEqual({ column: 'name', order: 'desc' })
    expect(nextSort({ column: 'name', order: 'desc' }, 'town')).toEqual({ column: 'town', order: 'asc' })
  })

  it('sorts text ignoring case, numbers as numbers, and empty values last both ways', () => {
    expect(sortRows(workers, columns, { column: 'name', order: 'asc' }, 'en').map((w) => w.name)).toEqual([
      'anil',
      'Ravi',
      'Suresh',
    ])
    expect(sortRows(workers, columns, { column: 'jobs', order: 'asc' }).map((w) => w.jobs)).toEqual([2, 10, null])
    expect(sortRows(workers, columns, { column: 'jobs', order: 'desc' }).map((w) => w.jobs)).toEqual([10, 2, null])
    expect(sortRows(workers, columns, undefined)).toEqual(workers)
  })

  it('keeps rows that contain every word of the filter, in any column with a value', () => {
    expect(filterRows(workers, columns, 'nIZ').map((w) => w.name)).toEqual(['Suresh'])
    expect(filterRows(workers, columns, 'ravi nirmal').map((w) => w.name)).toEqual(['Ravi'])
    expect(filterRows(workers, columns, 'ravi armoor')).toEqual([])
    expect(filterRows(workers, columns, '  ')).toEqual(workers)
  })

  it('pages rows, a page past the end showing the last', () => {
    const rows = Array.from({ length: 7 }, (_, i) => i + 1)
    expect(pageCount(7, 3)).toBe(3)
    expect(pageCount(0, 3)).toBe(1)
    expect(pageRows(rows, 2, 3)).toEqual([4, 5, 6])
    expect(pageRows(rows, 9, 3)).toEqual([7])
  })

  it('writes the columns with a value as CSV, quoting commas, quotes and line breaks, Telugu as it is', () => {
    const csv = toCsv(columns, [
      { name: 'రవి కుమార్', town: 'Nirmal, "old town"', jobs: 3 },
      { name: 'Line\nbreak', town: 'Armoor', jobs: null },
    ])
    expect(csv.startsWith('\uFEFF')).toBe(true)
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Name,Town,Jobs',
      'రవి కుమార్,"Nirmal, ""old town""",3',
      '"Line\nbreak",Armoor,',
      '',
    ])
  })

  it('does not let a spreadsheet run a cell as a formula, but keeps phone numbers', () => {
    const phone: DataColumn<{ v: string }>[] = [{ id: 'v', header: 'Value', value: (r) => r.v }]
    expect(toCsv(phone, [{ v: '=HYPERLINK("x")' }, { v: '+919848012345' }, { v: '@SUM(A1)' }]).split('\r\n')).toEqual([
      '\uFEFFValue',
      `"'=HYPERLINK(""x"")"`,
      '+919848012345',
      "'@SUM(A1)",
      '',
    ])
  })
})
