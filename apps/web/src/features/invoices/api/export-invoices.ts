import { fileUrl } from '../../../components/data-table/export-csv-button'
import { exportFilters, type InvoicesListQuery } from '../model/invoice-query'

/** GET /api/invoices/export.csv: every document of the list's kind and days, for the accountant (decision 045). */
export function invoicesCsvUrl(query: InvoicesListQuery): string {
  return fileUrl<'exportInvoices'>('/api/invoices/export.csv', exportFilters(query))
}
