import { quoteFileName, requestReference, type Language } from '@townworks/contract'
import { AppError, notFound } from '../../../shared/app-error'
import type { Ctx } from '../../../shared/context'
import type { Business, PdfPrinter } from '../../invoices/invoices.service'
import * as rateLimits from '../../rate-limits/rate-limits.service'
import * as quotesRepository from '../quotes.repository'
import { oneQuoteFor, type QuotesDeps } from '../quotes.service'
import { quoteHtml } from './quote-template'

/** Quotes printed lately, by id and language: a version never changes once sent (decision 061). */
const CACHE_SIZE = 32
const cache = new Map<string, Buffer>()

/** Fresh prints a person may ask for (the receipts' limit, counted apart). */
export const QUOTE_PRINT_LIMIT = { max: 30, windowMs: 10 * 60 * 1000 }

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
  const key = `${quote.id}:${language}`
  const cached = cache.get(key)
  if (cached) {
    cache.delete(key)
    cache.set(key, cached)
    return { fileName, bytes: cached }
  }
  const request = await quotesRepository.requestForDocument(ctx.database.db, quote.request_id)
  if (!request) throw notFound('Quote')
  const consumed = await rateLimits.consume(ctx.database.db, {
    key: `quote-pdf|${ctx.user.id}`,
    ...QUOTE_PRINT_LIMIT,
  })
  if (!consumed.allowed) {
    throw rateLimits.tooManyAttempts(
      `Too many documents made at once. Please try again in ${rateLimits.waitText(consumed.retryAfterSeconds)}.`,
      consumed.retryAfterSeconds,
    )
  }
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
  const bytes = await deps.printer.print(html)
  cache.set(key, bytes)
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!)
  return { fileName, bytes }
}

/** Empties the cache (tests). */
export function forgetPrintedQuotes(): void {
  cache.clear()
}
