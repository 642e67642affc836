import { endpoints } from '@townworks/contract'
import type { FastifyInstance } from 'fastify'
import { ctxOf } from '../../http/ctx'
import { sendPdf } from '../../http/pdf-reply'
import { route } from '../../http/route'
import * as assignmentsService from '../assignments/assignments.service'
import * as invoicesService from '../invoices/invoices.service'
import { quotePdf } from './pdf/quote-pdf.service'
import * as quotesService from './quotes.service'

/** The quotes module's routes (issue 22, decision 061); `now`: the clock a quote's last day is read by. */
export function quotesRoutes(deps: quotesService.QuotesDeps) {
  return async function quotesRoutesPlugin(app: FastifyInstance): Promise<void> {
    route(app, endpoints.createQuote, async (req) =>
      quotesService.createQuote(ctxOf(req), deps, req.params.id, req.body, req.idempotencyKey),
    )
    route(app, endpoints.requestQuotes, async (req) => quotesService.listRequestQuotes(ctxOf(req), deps, req.params.id))
    // A quote to keep or share, printed by the process's one browser (decision 062).
    const pdfDeps = {
      ...deps,
      printer: invoicesService.sharedPrinter(invoicesService.findBrowser(app.config.PDF_BROWSER_PATH)),
      business: invoicesService.businessFrom(app.config),
    }
    app.addHook('onClose', () => pdfDeps.printer.close())
    route(app, endpoints.quotePdf, async (req, reply) => {
      return sendPdf(reply, await quotePdf(ctxOf(req), pdfDeps, req.params.id, req.query.lang))
    })
    route(app, endpoints.acceptQuote, async (req) => {
      const ctx = ctxOf(req)
      // A slot is booked through POST /api/schedule's code: the assignments module builds on quotes, so it is handed in here.
      return quotesService.acceptQuote(ctx, deps, req.params.id, (slot) =>
        assignmentsService.scheduleQuotedSlot(ctx, slot),
      )
    })
    route(app, endpoints.declineQuote, async (req) =>
      quotesService.declineQuote(ctxOf(req), deps, req.params.id, req.body),
    )
  }
}
