import compress from '@fastify/compress'
import cookie from '@fastify/cookie'
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Config } from './config/config'
import type { Database } from './db/client'
import { randomBytes, randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { createChangeFeed, silentChangeFeed } from './db/change-feed'
import { createReadCache } from './shared/read-cache'
import { recordRequest } from './http/request-log'
import { authRoutes } from './modules/auth/auth.routes'
import { createTokenService } from './modules/auth/tokens'
import { assignmentsRoutes } from './modules/assignments/assignments.routes'
import { boardRoutes } from './modules/board/board.routes'
import { dashboardRoutes } from './modules/dashboard/dashboard.routes'
import { healthRoutes } from './modules/health/health.routes'
import { jobsRoutes } from './modules/jobs/jobs.routes'
import { metricsRoutes } from './modules/metrics/metrics.routes'
import { notificationsRoutes } from './modules/notifications/notifications.routes'
import {
  createProvider,
  messagingSettingsFrom,
  type NotificationProvider,
} from './modules/notifications/notifications.service'
import { invoicesRoutes } from './modules/invoices/invoices.routes'
import { paymentsRoutes } from './modules/payments/payments.routes'
import { referenceRoutes } from './modules/reference/reference.routes'
import { quotesRoutes } from './modules/quotes/quotes.routes'
import { priceGuideRoutes } from './modules/price-guide/price-guide.routes'
import { requestsRoutes } from './modules/requests/requests.routes'
import { reviewsRoutes } from './modules/reviews/reviews.routes'
import { taskPhotosRoutes } from './modules/task-photos/task-photos.routes'
import { tasksRoutes } from './modules/tasks/tasks.routes'
import { usersRoutes } from './modules/users/users.routes'
import { workersRoutes } from './modules/workers/workers.routes'
import { authPlugin } from './plugins/auth'
import { errorHandlerPlugin } from './plugins/error-handler'
import { jsonBodyPlugin } from './plugins/json-body'
import { openApiPlugin } from './plugins/openapi'
import { securityHeadersPlugin } from './plugins/security-headers'
import { inlineScriptSources, webAppPlugin } from './plugins/web-app'

export interface AppDeps {
  config: Config
  database: Database
  logger?: FastifyServerOptions['logger']
  /** Folder of the built web app; omitted in API tests. */
  webRoot?: string
  /** How one-time codes are sent at once; the configured provider unless a test passes its own. */
  provider?: NotificationProvider
  /** The clock of the one-time codes and of receipts' and invoices' dates (tests move it). */
  now?: () => Date
}

/** A registered route, as the route-table tests see it. */
export interface RegisteredRoute {
  method: string
  url: string
  access: unknown
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** A request id a client may choose: letters, digits, dot, dash, underscore; at most 64. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/

/**
 * Fastify's own hop count trusts no one (it cannot tell the proxy from a client that reached the
 * server directly), so a count is a trust function here: the nearest `hops` addresses (the peer
 * and the proxies' entries) are proxies, the next one is the client. A hop count is only right
 * when the server cannot be reached except through the proxy; otherwise list the proxies.
 */
export function trustProxy(
  setting: false | number | string[],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting
  if (setting === 0) return false
  return (_address, hop) => hop < setting
}

function requestId(request: IncomingMessage): string {
  const header = request.headers['x-request-id']
  return typeof header === 'string' && REQUEST_ID_PATTERN.test(header) ? header : randomUUID()
}

/**
 * Build the whole application around its dependencies; no I/O of its own until `ready()`.
 * Long on purpose: the composition root, every plugin and module in one explicit, ordered list.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps
  const app = Fastify({
    logger: deps.logger ?? false,
    // Only the configured proxies (a hop count or their addresses) may say who the client is.
    trustProxy: trustProxy(config.TRUST_PROXY),
    bodyLimit: 64 * 1024,
    // A slow client cannot hold a connection: the whole request (headers and body) must arrive in
    // REQUEST_TIMEOUT_MS, checked several times a second rather than Node's default every 30 s.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    connectionTimeout: config.CONNECTION_TIMEOUT_MS,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout: config.REQUEST_TIMEOUT_MS,
      requestTimeout: config.REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(config.REQUEST_TIMEOUT_MS / 4))),
    },
    // A client's X-Request-Id is kept only when it is a short, safe token; otherwise a new id.
    requestIdHeader: false,
    genReqId: requestId,
    // Fastify's two lines per request carry the raw URL (ids, numbers): one line of our own instead.
    logController: new LogController({ disableRequestLogging: true }),
    ajv: { customOptions: { coerceTypes: false } },
  })
  const routes: RegisteredRoute[] = []
  app.decorate('routeTable', routes)
  app.addHook('onRoute', (r) => {
    const methods = Array.isArray(r.method) ? r.method : [r.method]
    for (const method of methods) routes.push({ method, url: r.url, access: r.config?.access })
  })
  app.decorate('config', deps.config)
  app.decorate('database', deps.database)
  app.decorate('messaging', messagingSettingsFrom(deps.config))

  // Reads cached per process stay exact across processes: PostgreSQL announces every change to the
  // tables they come from, and a write answered here drops them at once (decision 014).
  const changes = deps.config.READ_CACHE
    ? createChangeFeed(deps.database, { onError: (error) => app.log.warn({ err: error }, 'change feed: reconnecting') })
    : silentChangeFeed()
  app.decorate('changes', changes)
  const cachedTables = new Set<string>()
  const cachedReads = new Map<string, readonly string[]>()
  app.decorate('cachedTables', cachedTables)
  app.decorate('cachedReads', cachedReads)
  app.decorate('readCache', (options) => {
    for (const table of options.tables) cachedTables.add(table)
    cachedReads.set(options.name, [...(cachedReads.get(options.name) ?? []), ...options.tables])
    return createReadCache(changes, options)
  })
  app.addHook('onReady', () => changes.start())
  app.addHook('onClose', () => changes.close())
  app.addHook('onSend', async (request) => {
    if (!SAFE_METHODS.has(request.method)) changes.touchAll()
  })
  app.decorateRequest('user', undefined)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id)
  })
  // One log line and the metrics of every answer, by route pattern (decision 037).
  app.addHook('onResponse', async (request, reply) => recordRequest(request, reply))

  await app.register(errorHandlerPlugin)
  await app.register(jsonBodyPlugin)
  const razorpay = Boolean(deps.config.RAZORPAY_KEY_ID)
  await app.register(securityHeadersPlugin, {
    hsts: config.HSTS,
    paymentOrigins: razorpay ? ['https://api.razorpay.com', 'https://checkout.razorpay.com'] : [],
    helmet: {
      contentSecurityPolicy: {
        directives: {
          // Razorpay's checkout runs its script and frame from Razorpay's hosts, only when configured.
          // index.html's inline first-paint scripts, by the hashes the web build wrote (decision 033).
          'script-src': [
            "'self'",
            ...inlineScriptSources(deps.webRoot),
            ...(razorpay ? ['https://checkout.razorpay.com'] : []),
          ],
          'frame-src': ["'self'", ...(razorpay ? ['https://api.razorpay.com', 'https://checkout.razorpay.com'] : [])],
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', ...(razorpay ? ['https://*.razorpay.com'] : [])],
          'media-src': ["'self'"],
          // The web app's service worker (/sw.js) and its manifests (/manifest.<lng>.webmanifest), decision 065:
          // said outright rather than left to default-src.
          'worker-src': ["'self'"],
          'manifest-src': ["'self'"],
          'connect-src': [
            "'self'",
            ...(razorpay ? ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'] : []),
          ],
          'upgrade-insecure-requests': null,
        },
      },
      // HSTS is the plugin's own: only on answers that came over https (HSTS=0 turns it off).
      strictTransportSecurity: false,
    },
  })
  await app.register(cookie)
  // Phones on slow networks: JSON answers over 1 KB go out compressed when the client accepts it.
  // Cached answers (decision 014) and the web app's files come compressed already and pass through.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] })

  // Without SESSION_SECRET (development only) access tokens die with the process; refresh tokens
  // live in the database, so a browser simply renews its session after a restart.
  const tokens = createTokenService(deps.config.SESSION_SECRET ?? randomBytes(32).toString('base64url'))
  await app.register(authPlugin, { tokens, corsOrigins: deps.config.CORS_ORIGINS })
  // After auth, whose hook says who is calling (API_DOCS=staff); before the routes it describes.
  await app.register(openApiPlugin, { access: config.API_DOCS })

  // Every module, in one explicit list.
  const now = deps.now ?? (() => new Date())
  const modules = [
    healthRoutes,
    metricsRoutes,
    authRoutes(tokens, {
      provider: deps.provider ?? createProvider(deps.config, app.log),
      now,
    }),
    usersRoutes,
    requestsRoutes({ now }),
    assignmentsRoutes,
    tasksRoutes,
    workersRoutes,
    notificationsRoutes,
    paymentsRoutes({ now }),
    invoicesRoutes,
    quotesRoutes({ now }),
    jobsRoutes,
    dashboardRoutes,
    boardRoutes,
    referenceRoutes,
    priceGuideRoutes,
    reviewsRoutes,
    taskPhotosRoutes,
  ]
  for (const module of modules) await app.register(module)
  await app.register(webAppPlugin, { root: deps.webRoot })
  return app
}
