import { endpoints } from '@townworks/contract'
import type { FastifyInstance } from 'fastify'
import { ctxOf } from '../../http/ctx'
import { sendCsv } from '../../http/csv-reply'
import { sendPdf } from '../../http/pdf-reply'
import { route } from '../../http/route'
import * as invoicesService from './invoices.service'
import { invoicePdf } from './pdf/invoice-pdf.service'
import { findBrowser, sharedPrinter } from './pdf/printer'

/** Receipts, tax invoices and credit notes (decision 060): issued by payments, read here. */
export async function invoicesRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.listInvoices, async (req) => invoicesService.listInvoices(ctxOf(req), req.query))
  route(app, endpoints.exportInvoices, async (req, reply) =>
    sendCsv(reply, 'invoices.csv', invoicesService.exportInvoices(ctxOf(req), req.query)),
  )
  route(app, endpoints.getInvoice, async (req) => invoicesService.getInvoice(ctxOf(req), req.params.id))
  // One browser per process, started on the first PDF (decision 062), shared with the quotes' PDFs.
  const printer = sharedPrinter(findBrowser(app.config.PDF_BROWSER_PATH))
  app.addHook('onClose', () => printer.close())
  route(app, endpoints.invoicePdf, async (req, reply) => {
    return sendPdf(reply, await invoicePdf(ctxOf(req), printer, req.params.id, req.query.lang))
  })
  route(app, endpoints.myInvoices, async (req) => invoicesService.listMyInvoices(ctxOf(req)))
}
