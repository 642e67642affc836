import { invoiceFileName, type Language } from '@townworks/contract'
import type { Ctx } from '../../../shared/context'
import { getInvoice } from '../invoices.service'
import { PRINT_LIMIT, printedDocuments } from './printed-documents'
import type { PdfPrinter } from './printer'
import { invoiceHtml } from './template'

/** Documents printed lately, by id and language: a document never changes once issued (decision 060). */
const printed = printedDocuments(64, 'invoice-pdf')

/** Fresh prints a person may ask for: each takes a browser half a second (cached ones are free). */
export const PDF_PRINT_LIMIT = PRINT_LIMIT

export interface InvoicePdf {
  fileName: string
  bytes: Buffer
}

/**
 * GET /api/invoices/{id}/pdf: the document as a PDF in `language` (English beside the legal fields).
 * Who may read it is GET /api/invoices/{id}'s rule (staff, or the request's customer; 404 otherwise),
 * checked before anything is printed or taken from the cache.
 */
export async function invoicePdf(ctx: Ctx, printer: PdfPrinter, id: number, language: Language): Promise<InvoicePdf> {
  const { invoice } = await getInvoice(ctx, id)
  const bytes = await printed.printOnce(ctx, `${invoice.id}:${language}`, () =>
    printer.print(invoiceHtml(invoice, language)),
  )
  return { fileName: invoiceFileName(invoice.number), bytes }
}

/** Empties the cache (tests that print the same document twice to compare). */
export function forgetPrintedDocuments(): void {
  printed.forget()
}
