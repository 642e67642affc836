import type { InvoicesResponse } from '@townworks/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { invoicesKeys } from '../../../lib/query-keys'
import type { InvoicesListQuery } from '../model/invoice-query'

/** GET /api/invoices: the office's receipts, tax invoices and credit notes, newest first, filtered and paged. */
export function listInvoices(query: InvoicesListQuery, signal?: AbortSignal): Promise<InvoicesResponse> {
  return api.call('listInvoices', { query, signal })
}

export const invoicesListQuery = (query: InvoicesListQuery) =>
  queryOptions({
    queryKey: invoicesKeys.list(query),
    queryFn: ({ signal }) => listInvoices(query, signal),
    staleTime: 10_000,
    refetchOnWindowFocus: true,
  })

/** The page on view stays while the next one (or another filter's) is on its way. */
export function useInvoicesList(query: InvoicesListQuery) {
  return useQuery({ ...invoicesListQuery(query), placeholderData: keepPreviousData })
}
