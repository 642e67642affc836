import type { FastifyReply } from 'fastify'

/**
 * Send a printed document as a PDF download (decision 062): a receipt, an invoice or a quote. Private
 * (it names a customer), checked again on every use, never sniffed as another type.
 */
export function sendPdf(reply: FastifyReply, pdf: { fileName: string; bytes: Buffer }): never {
  void reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${pdf.fileName}"`)
    .header('cache-control', 'private, no-cache')
    .header('x-content-type-options', 'nosniff')
  return pdf.bytes as never
}
