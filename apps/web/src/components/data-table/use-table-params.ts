import { useCallback } from 'react'
import { useSearchParams } from '../../lib/router'
import type { SortOrder, SortState } from './table-data'

/** A table's sorting, page and text filter as the address holds them. */
export interface TableParams {
  sort: SortState | undefined
  page: number
  filter: string
  /** Change some of them (undefined or '' removes one); the address is replaced, not pushed. */
  update: (patch: Partial<{ sort: SortState | undefined; page: number | undefined; filter: string }>) => void
}

const isOrder = (value: string | null): value is SortOrder => value === 'asc' || value === 'desc'

/**
 * Sorting, paging and the text filter of a table kept in the query string (`sort`, `order`,
 * `page`, `q`, each after `prefix`), so a sorted, filtered page can be shared and survives a
 * reload. Other parameters of the address are kept as they are.
 */
export function useTableParams(prefix = ''): TableParams {
  const [params, setParams] = useSearchParams()
  const name = (key: string) => `${prefix}${key}`
  const column = params.get(name('sort'))
  const order = params.get(name('order'))
  const sort = column ? { column, order: isOrder(order) ? order : 'asc' } : undefined
  const page = Math.max(1, Math.floor(Number(params.get(name('page')))) || 1)
  const filter = params.get(name('q')) ?? ''

  const update = useCallback<TableParams['update']>(
    (patch) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current)
          const put = (key: string, value: string | number | undefined) => {
            if (value === undefined || value === '') next.delete(`${prefix}${key}`)
            else next.set(`${prefix}${key}`, String(value))
          }
          if ('sort' in patch) {
            put('sort', patch.sort?.column)
            put('order', patch.sort?.order)
          }
          if ('filter' in patch) put('q', patch.filter)
          // A new order or filter starts again at the first page.
          put('page', 'page' in patch && patch.page !== 1 ? patch.page : undefined)
          return next
        },
        { replace: true },
      ),
    [prefix, setParams],
  )
  return { sort, page, filter, update }
}
