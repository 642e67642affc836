import { useId, type HTMLAttributes, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ScrollRegion } from '../scroll-region'
import { TablePager } from './table-pager'
import {
  filterRows,
  nextSort,
  pageCount,
  pageRows,
  sortRows,
  toCsv,
  type DataAttributes,
  type DataColumn,
  type SortState,
} from './table-data'
import { useTableParams } from './use-table-params'
import './data-table.css'
import { ExportCsvButton, type ExportCsvButtonProps } from './export-csv-button'

export type { DataColumn, SortOrder, SortState } from './table-data'

/** Sorting done by the server: the screen reads and writes it (its own address parameters). */
export interface ServerSort {
  sort: SortState | undefined
  onSort: (sort: SortState) => void
}

/** Paging done by the server. */
export interface ServerPaging {
  page: number
  pages: number
  onPage: (page: number) => void
}

export interface DataTableProps<Row> {
  columns: readonly DataColumn<Row>[]
  rows: readonly Row[]
  rowKey: (row: Row) => string | number
  /** The table's caption, under it; the region's label names it when there is none. */
  caption?: ReactNode
  /** The scrolling region's name, read out when keyboard focus reaches it. */
  label: string
  /** Below this width (px) the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number
  /** Rows per page when the table pages its rows itself (no `paging`); all rows on one page when omitted. */
  pageSize?: number
  /** Offer a text box that keeps only the rows containing its words (in the address as `q`). */
  filterable?: boolean
  /** Offer the shown columns of every matching row as a CSV file of this name. */
  csvFileName?: string
  /** Before the table's own parameters in the address, when a screen has two tables or uses `q` itself. */
  paramPrefix?: string
  sorting?: ServerSort
  paging?: ServerPaging
  /** The rows are being fetched again. */
  busy?: boolean
  rowProps?: (row: Row) => HTMLAttributes<HTMLTableRowElement> & DataAttributes
  /** Controls shown beside the filter and the CSV button. */
  toolbar?: ReactNode
  /** The server's CSV of every row the list's filters keep (decision 045), as a link in the toolbar. */
  exportFile?: ExportCsvButtonProps
}

/**
 * A list screen's table: sortable headers (aria-sort), a text filter, paging and a CSV download,
 * with its sorting, page and filter kept in the address. It sorts, filters and pages its rows
 * itself unless the screen passes `sorting`/`paging` for a server that does. On a phone it scrolls
 * sideways inside a labelled, focusable region.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { columns, rows, caption, label, minWidth, pageSize, filterable, csvFileName, paramPrefix } = props
  const { t, i18n } = useTranslation('common')
  const params = useTableParams(paramPrefix)
  const sort = props.sorting ? props.sorting.sort : params.sort
  const matching = filterable ? filterRows(rows, columns, params.filter) : [...rows]
  const ordered = props.sorting ? matching : sortRows(matching, columns, sort, i18n.language)
  const pages = props.paging?.pages ?? (pageSize ? pageCount(ordered.length, pageSize) : 1)
  const page = Math.min(props.paging?.page ?? params.page, pages)
  const shown = pageSize && !props.paging ? pageRows(ordered, page, pageSize) : ordered

  const handleSort = (column: string) => {
    const next = nextSort(sort, column)
    if (props.sorting) props.sorting.onSort(next)
    else params.update({ sort: next })
  }
  const handlePage = (next: number) => (props.paging ? props.paging.onPage(next) : params.update({ page: next }))

  return (
    <div className="data-table">
      <TableToolbar
        filter={filterable ? { value: params.filter, onChange: (filter) => params.update({ filter }) } : undefined}
        onDownload={csvFileName ? () => downloadCsv(csvFileName, toCsv(columns, ordered)) : undefined}
      >
        {props.exportFile ? <ExportCsvButton {...props.exportFile} /> : null}
        {props.toolbar}
      </TableToolbar>
      <ScrollRegion label={label} className="data-table__scroll">
        <table
          className="data-table__table"
          style={minWidth ? { minWidth } : undefined}
          aria-busy={props.busy}
          aria-label={caption ? undefined : label}
        >
          {caption ? <caption className="data-table__caption">{caption}</caption> : null}
          <TableHead columns={columns} sort={sort} onSort={handleSort} />
          <tbody>
            {shown.map((row) => (
              <TableRow key={props.rowKey(row)} row={row} columns={columns} rowProps={props.rowProps} />
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {filterable && shown.length === 0 && rows.length > 0 ? (
        <p className="data-table__none">{t('table.noMatch')}</p>
      ) : null}
      <TablePager page={page} pages={pages} onPage={handlePage} />
    </div>
  )
}

function TableHead<Row>({
  columns,
  sort,
  onSort,
}: {
  columns: readonly DataColumn<Row>[]
  sort: SortState | undefined
  onSort: (column: string) => void
}) {
  return (
    <thead>
      <tr>
        {columns.map((column) => {
          const active = sort?.column === column.id
          const ariaSort = active ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined
          return (
            <th key={column.id} scope="col" aria-sort={column.sortable ? ariaSort : undefined}>
              {column.sortable ? (
                <button type="button" className="data-table__sort" onClick={() => onSort(column.id)}>
                  {column.header}
                  <span aria-hidden="true" className="data-table__arrow">
                    {active ? (sort.order === 'asc' ? '▲' : '▼') : '↕'}
                  </span>
                </button>
              ) : (
                column.header
              )}
            </th>
          )
        })}
      </tr>
    </thead>
  )
}

function TableRow<Row>({
  row,
  columns,
  rowProps,
}: {
  row: Row
  columns: readonly DataColumn<Row>[]
  rowProps: DataTableProps<Row>['rowProps']
}) {
  return (
    <tr {...rowProps?.(row)}>
      {columns.map((column) => {
        const content = column.cell ? column.cell(row) : (column.value?.(row) ?? '')
        const cellProps = column.cellProps?.(row)
        return column.rowHeader ? (
          <th key={column.id} scope="row" {...cellProps}>
            {content}
          </th>
        ) : (
          <td key={column.id} {...cellProps}>
            {content}
          </td>
        )
      })}
    </tr>
  )
}

function TableToolbar({
  filter,
  onDownload,
  children,
}: {
  filter: { value: string; onChange: (value: string) => void } | undefined
  onDownload: (() => void) | undefined
  children: ReactNode
}) {
  const { t } = useTranslation('common')
  const filterId = useId()
  if (!filter && !onDownload && !children) return null
  return (
    <div className="data-table__toolbar">
      {filter ? (
        <div className="data-table__filter">
          <label htmlFor={filterId}>{t('table.filter')}</label>
          <input
            id={filterId}
            type="search"
            value={filter.value}
            onChange={(event) => filter.onChange(event.currentTarget.value)}
          />
        </div>
      ) : null}
      {children}
      {onDownload ? (
        <button type="button" className="data-table__button" onClick={onDownload}>
          {t('table.csv')}
        </button>
      ) : null}
    </div>
  )
}

/** Hands the browser a CSV file to save. */
function downloadCsv(fileName: string, csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // Some browsers read the file only after the click's task has ended.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
