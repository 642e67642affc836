import rateLimit from '@fastify/rate-limit'
import { endpoints } from '@townworks/contract'
import type { FastifyInstance } from 'fastify'
import { ctxOf } from '../../http/ctx'
import { sendCsv } from '../../http/csv-reply'
import { route } from '../../http/route'
import { AppError } from '../../shared/app-error'
import * as quotesService from '../quotes/quotes.service'
import { databaseRateLimitStore } from './rate-limit-store'
import * as requestsService from './requests.service'

/** Floods of new requests from one address are refused: at most this many per window (max: SERVICE_REQUEST_RATE_LIMIT). */
export const SERVICE_REQUEST_RATE_LIMIT = { max: 30, timeWindow: 10 * 60 * 1000 }

/** Guesses at the public tracking page are refused: at most this many look-ups per address per window. */
export const TRACK_RATE_LIMIT = { max: 10, timeWindow: 10 * 60 * 1000 }

/** What the requests routes need beyond the configuration: the clock a quote's last day is read by (tests move it). */
export interface RequestsRouteDeps {
  now: () => Date
}

/** The requests module's routes. */
export function requestsRoutes(routeDeps: RequestsRouteDeps) {
  return async function requestsRoutesPlugin(app: FastifyInstance): Promise<void> {
    await registerRequestsRoutes(app, routeDeps)
  }
}

async function registerRequestsRoutes(app: FastifyInstance, routeDeps: RequestsRouteDeps): Promise<void> {
  // The per-route limit is set here, before the rate-limit plugin reads route options.
  app.addHook('onRoute', (options) => {
    if (options.method === 'POST' && options.url === endpoints.createServiceRequest.path) {
      const limit = { ...SERVICE_REQUEST_RATE_LIMIT, max: app.config.SERVICE_REQUEST_RATE_LIMIT }
      options.config = { ...options.config, rateLimit: limit }
    }
    if (options.method === 'POST' && options.url === endpoints.trackRequest.path) {
      options.config = { ...options.config, rateLimit: TRACK_RATE_LIMIT }
    }
  })
  await app.register(rateLimit, {
    global: false,
    // Counted in the database, so several API processes share one count (decision 010).
    store: databaseRateLimitStore(app.database.db),
    // Thrown, so the one error handler answers with the standard body {message, code: 'TOO_MANY_ATTEMPTS'}.
    errorResponseBuilder: (_request, context) =>
      new AppError('TOO_MANY_ATTEMPTS', `Too many requests from your address. Please try again in ${context.after}.`),
  })

  route(app, endpoints.createServiceRequest, async (req) =>
    requestsService.createServiceRequest(ctxOf(req), req.body, req.idempotencyKey),
  )
  route(app, endpoints.listRequests, async (req) => {
    const ctx = ctxOf(req)
    return requestsService.listRequests(ctx, req.query, (ids) => quotesService.latestQuotesOf(ctx, routeDeps, ids))
  })
  route(app, endpoints.exportRequests, async (req, reply) =>
    sendCsv(reply, 'requests.csv', requestsService.exportRequests(ctxOf(req), req.query)),
  )
  route(app, endpoints.getRequest, async (req) => requestsService.getRequest(ctxOf(req), req.params.id))
  route(app, endpoints.setRequestBilling, async (req) =>
    requestsService.setRequestBilling(ctxOf(req), req.params.id, req.body),
  )
  route(app, endpoints.rejectRequest, async (req) => requestsService.rejectRequest(ctxOf(req), req.params.id, req.body))
  route(app, endpoints.myRequests, async (req) => {
    const ctx = ctxOf(req)
    // Each request's quote (decision 061): the quotes module builds on requests, so it is passed in here.
    return requestsService.listMyRequests(
      ctx,
      (ids) => quotesService.quotesToShow(ctx, routeDeps, ids),
      app.config.GST_REGISTERED,
    )
  })
  route(app, endpoints.requestPhoto, async (req) => requestsService.getRequestPhoto(ctxOf(req), req.params.id))
  route(app, endpoints.trackRequest, async (req) => requestsService.trackRequest(ctxOf(req), req.body))
}
