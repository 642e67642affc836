import { endpoints } from '@townworks/contract'
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify'
import type { Config } from '../../config/config'
import { ctxOf } from '../../http/ctx'
import { sendCsv } from '../../http/csv-reply'
import { route } from '../../http/route'
import * as invoicesService from '../invoices/invoices.service'
import * as paymentsService from './payments.service'
import type { PaymentProvider } from './providers/provider'
import { createRazorpayProvider } from './providers/razorpay-provider'
import { createSandboxProvider } from './providers/sandbox-provider'

/**
 * Razorpay when its keys are configured; otherwise the in-app sandbox when it is on
 * (PAYMENTS_SANDBOX, on by default outside production); otherwise none: customers pay the office.
 */
export function createPaymentProvider(config: Config): PaymentProvider | null {
  if (config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET && config.RAZORPAY_WEBHOOK_SECRET) {
    return createRazorpayProvider({
      keyId: config.RAZORPAY_KEY_ID,
      keySecret: config.RAZORPAY_KEY_SECRET,
      webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
      ...(config.RAZORPAY_API_BASE_URL ? { baseUrl: config.RAZORPAY_API_BASE_URL } : {}),
    })
  }
  return config.PAYMENTS_SANDBOX ? createSandboxProvider(config.SESSION_SECRET) : null
}

/** What the payments routes need beyond the configuration: the clock that dates receipts and invoices (tests move it). */
export interface PaymentsRouteDeps {
  now: () => Date
}

/** The payments module's routes. */
export function paymentsRoutes(routeDeps: PaymentsRouteDeps) {
  return async function paymentsRoutesPlugin(app: FastifyInstance): Promise<void> {
    await registerPaymentsRoutes(app, {
      provider: createPaymentProvider(app.config),
      commissionBps: app.config.PLATFORM_COMMISSION_BPS,
      invoicing: { business: invoicesService.businessFrom(app.config), now: routeDeps.now },
    })
  }
}

async function registerPaymentsRoutes(app: FastifyInstance, deps: paymentsService.PaymentDeps): Promise<void> {
  route(app, endpoints.taskCharges, async (req) => paymentsService.getTaskCharges(ctxOf(req), req.params.id))
  route(app, endpoints.setTaskPrice, async (req) => paymentsService.setTaskPrice(ctxOf(req), req.params.id, req.body))
  route(app, endpoints.addLineItem, async (req) => paymentsService.addLineItem(ctxOf(req), req.params.id, req.body))
  route(app, endpoints.recordManualPayment, async (req) =>
    paymentsService.recordManualPayment(ctxOf(req), deps, req.params.id, req.body, req.idempotencyKey),
  )
  // The job's worker took the customer's cash (issue 23): once per worker and Idempotency-Key (decision 064).
  route(app, endpoints.recordCashReceived, async (req) =>
    paymentsService.recordCashReceived(ctxOf(req), deps, req.params.task_id, req.body, req.idempotencyKey),
  )
  route(app, endpoints.createPaymentOrder, async (req) =>
    paymentsService.createPaymentOrder(ctxOf(req), deps, req.params.id),
  )
  route(app, endpoints.getPaymentOrder, async (req) =>
    paymentsService.getPaymentOrder(ctxOf(req), deps, req.params.orderId),
  )
  route(app, endpoints.verifyPayment, async (req) => paymentsService.verifyPayment(ctxOf(req), deps, req.body))
  route(app, endpoints.paymentOptions, async () => paymentsService.paymentOptions(deps))
  route(app, endpoints.completeSandboxPayment, async (req) =>
    paymentsService.completeSandboxPayment(ctxOf(req), deps, req.body),
  )
  route(app, endpoints.refundPayment, async (req) =>
    paymentsService.refundPayment(ctxOf(req), deps, req.params.id, req.body),
  )
  route(app, endpoints.payoutsOwed, async (req) => paymentsService.listOwed(ctxOf(req)))
  route(app, endpoints.listPayouts, async (req) => paymentsService.listPayouts(ctxOf(req)))
  route(app, endpoints.exportPayouts, async (req, reply) =>
    sendCsv(reply, 'payouts.csv', paymentsService.exportPayouts(ctxOf(req))),
  )
  route(app, endpoints.exportLedger, async (req, reply) =>
    sendCsv(reply, 'ledger.csv', paymentsService.exportLedger(ctxOf(req), req.query)),
  )
  route(app, endpoints.createPayout, async (req) => paymentsService.createPayout(ctxOf(req), req.body))
  route(app, endpoints.myPayouts, async (req) => paymentsService.listMyPayouts(ctxOf(req)))
  route(app, endpoints.ledgerSummary, async (req) => paymentsService.ledgerSummary(ctxOf(req), deps, req.query))
  route(app, endpoints.ledgerCheck, async (req) => paymentsService.checkLedger(ctxOf(req)))

  // The webhook's signature covers the exact bytes sent: this scope alone keeps the raw body.
  const rawBodies = new WeakMap<FastifyRequest, string>()
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json')
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const raw = body as string
      rawBodies.set(request, raw)
      try {
        done(null, raw === '' ? undefined : JSON.parse(raw))
      } catch {
        const error = new Error('The request body is not valid JSON') as FastifyError
        ;(error as { statusCode: number }).statusCode = 400
        done(error, undefined)
      }
    })
    route(scope, endpoints.paymentWebhook, async (req) => {
      const signature = req.headers['x-razorpay-signature']
      return paymentsService.handleWebhook(
        ctxOf(req),
        deps,
        rawBodies.get(req) ?? '',
        typeof signature === 'string' ? signature : undefined,
        req.body,
      )
    })
  })
}
