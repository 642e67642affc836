// A document's files (issue 22, decision 060): the name its PDF downloads as and the address of the
// PDF. Zod-free, '@townworks/contract/invoice-files', so a screen that links a document's PDF does
// not carry zod (the office's list would pass its 200 kB route limit with it).

/** The file name a document downloads as: its number with the slashes made dashes (TW-26-27-000123.pdf). */
export function invoiceFileName(number: string): string {
  return `${number.replaceAll('/', '-')}.pdf`
}

/** The address of a document's PDF, for a link (the web never builds it by hand). */
export function invoicePdfPath(id: number, lang: string): string {
  return `/api/invoices/${id}/pdf?lang=${encodeURIComponent(lang)}`
}

/** The file name a quote downloads as: its request's reference and version (TW-000123-quote-v2.pdf). */
export function quoteFileName(reference: string, version: number): string {
  return `${reference}-quote-v${version}.pdf`
}

/** The address of a quote's PDF, for a link. */
export function quotePdfPath(id: number, lang: string): string {
  return `/api/quotes/${id}/pdf?lang=${encodeURIComponent(lang)}`
}
