import { invoiceFileName, type Language } from '@townworks/contract'
import type { Ctx } from '../../../shared/context'
import * as rateLimits from '../../rate-limits/rate-limits.service'
import { getInvoice } from '../invoices.service'
import type { PdfPrinter } from './printer'
import { invoiceHtml } from './template'

/** Documents printed lately, by id and language: a document never changes once issued (decision 060). */
const CACHE_SIZE = 64
const cache = new Map<string, Buffer>()

/** Fresh prints a person may ask for: each takes a browser half a second (cached ones are free). */
export const PDF_PRINT_LIMIT = { max: 30, windowMs: 10 * 60 * 1000 }

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
  const fileName = invoiceFileName(invoice.number)
  const key = `${invoice.id}:${language}`
  const cached = cache.get(key)
  if (cached) {
    cache.delete(key)
    cache.set(key, cached)
    return { fileName, bytes: cached }
  }
  const limitKey = `invoice-pdf|${ctx.user!.id}`
  const consumed = await rateLimits.consume(ctx.database.db, { key: limitKey, ...PDF_PRINT_LIMIT })
  if (!consumed.allowed) {
    throw rateLimits.tooManyAttempts(
      `Too many documents made at once. Please try again in ${rateLimits.waitText(consumed.retryAfterSeconds)}.`,
      consumed.retryAfterSeconds,
    )
  }
  const bytes = await printer.print(invoiceHtml(invoice, language))
  cache.set(key, bytes)
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!)
  return { fileName, bytes }
}

/** Empties the cache (tests that print the same document twice to compare). */
export function forgetPrintedDocuments(): void {
  cache.clear()
}
