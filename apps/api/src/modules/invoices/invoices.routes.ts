import { endpoints } from '@townworks/contract'
import type { FastifyInstance } from 'fastify'
import { ctxOf } from '../../http/ctx'
import { sendCsv } from '../../http/csv-reply'
import { route } from '../../http/route'
import * as invoicesService from './invoices.service'

/** Receipts, tax invoices and credit notes (decision 060): issued by payments, read here. */
export async function invoicesRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.listInvoices, async (req) => invoicesService.listInvoices(ctxOf(req), req.query))
  route(app, endpoints.exportInvoices, async (req, reply) =>
    sendCsv(reply, 'invoices.csv', invoicesService.exportInvoices(ctxOf(req), req.query)),
  )
  route(app, endpoints.getInvoice, async (req) => invoicesService.getInvoice(ctxOf(req), req.params.id))
  route(app, endpoints.myInvoices, async (req) => invoicesService.listMyInvoices(ctxOf(req)))
}
