import { invoiceFileName, invoicePdfPath } from '@townworks/contract/invoice-files'
import { env } from '../../../lib/env'

/** GET /api/invoices/{id}/pdf: a document's PDF, its address as the contract writes it (a link, not a call). */
export function invoicePdfUrl(id: number, language: string): string {
  return `${env.apiBaseUrl}${invoicePdfPath(id, language)}`
}

/** The name the browser saves a document's PDF under (TW-26-27-000123.pdf), as the API's attachment names it. */
export { invoiceFileName }
