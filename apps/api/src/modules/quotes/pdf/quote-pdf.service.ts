import { quoteFileName, requestReference, type Language } from '@townworks/contract'
import { AppError, notFound } from '../../../shared/app-error'
import type { Ctx } from '../../../shared/context'
import { PRINT_LIMIT, printedDocuments, type Business, type PdfPrinter } from '../../invoices/invoices.service'
import * as quotesRepository from '../quotes.repository'
import { oneQuoteFor, type QuotesDeps } from '../quotes.service'
import { quoteHtml } from './quote-template'

/** Quotes printed lately, by id and language: a version never changes once sent (decision 061). */
const printed = printedDocuments(32, 'quote-pdf')

/** Fresh prints a person may ask for (the receipts' limit, counted apart). */
export const QUOTE_PRINT_LIMIT = PRINT_LIMIT

export interface QuotePdf {
  fileName: string
  bytes: Buffer
}

/** A name in the document's language with the English beside it ("ప్లంబర్ · Plumber"), or English alone. */
function named(names: { en: string; te: string; hi: string }, language: Language): string {
  const local = language === 'en' ? '' : names[language]
  return local && local !== names.en ? `${local} · ${names.en}` : names.en
}

/**
 * GET /api/quotes/{id}/pdf: one version of a quote as a PDF, for the staff and the request's own
 * customer (404 for anyone else, checked before anything is printed or taken from the cache).
 */
export async function quotePdf(
  ctx: Ctx,
  deps: QuotesDeps & { printer: PdfPrinter; business: Business },
  quoteId: number,
  language: Language,
): Promise<QuotePdf> {
  if (!ctx.user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue')
  const quote = await oneQuoteFor(ctx, deps, quoteId)
  const reference = requestReference(quote.request_id)
  const fileName = quoteFileName(reference, quote.version)
  const bytes = await printed.printOnce(ctx, `${quote.id}:${language}`, async () => {
    const request = await quotesRepository.requestForDocument(ctx.database.db, quote.request_id)
    if (!request) throw notFound('Quote')
    const html = quoteHtml(
      quote,
      {
        reference,
        customer: {
          name: request.name,
          phone: request.phone,
          service: named(request.service, language),
          town: named(request.town, language),
          serviceDate: request.serviceDate,
        },
        supplier: { legalName: deps.business.legalName, address: deps.business.address, gstin: deps.business.gstin },
      },
      language,
    )
    return deps.printer.print(html)
  })
  return { fileName, bytes }
}

/** Empties the cache (tests). */
export function forgetPrintedQuotes(): void {
  printed.forget()
}
