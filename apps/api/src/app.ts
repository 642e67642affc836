import compress from '@fastify/compress'
import cookie from '@fastify/cookie'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Config } from './config/config'
import type { Database } from './db/client'
import { randomBytes } from 'node:crypto'
import { createChangeFeed, silentChangeFeed } from './db/change-feed'
import { createReadCache } from './shared/read-cache'
import { authRoutes } from './modules/auth/auth.routes'
import { createTokenService } from './modules/auth/tokens'
import { assignmentsRoutes } from './modules/assignments/assignments.routes'
import { healthRoutes } from './modules/health/health.routes'
import { notificationsRoutes } from './modules/notifications/notifications.routes'
import { paymentsRoutes } from './modules/payments/payments.routes'
import { requestsRoutes } from './modules/requests/requests.routes'
import { tasksRoutes } from './modules/tasks/tasks.routes'
import { usersRoutes } from './modules/users/users.routes'
import { workersRoutes } from './modules/workers/workers.routes'
import { authPlugin } from './plugins/auth'
import { errorHandlerPlugin } from './plugins/error-handler'
import { jsonBodyPlugin } from './plugins/json-body'
import { openApiPlugin } from './plugins/openapi'
import { securityHeadersPlugin } from './plugins/security-headers'
import { webAppPlugin } from './plugins/web-app'

export interface AppDeps {
  config: Config
  database: Database
  logger?: FastifyServerOptions['logger']
  /** Folder of the built web app; omitted in API tests. */
  webRoot?: string
}

/** A registered route, as the route-table tests see it. */
export interface RegisteredRoute {
  method: string
  url: string
  access: unknown
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Build the whole application around its dependencies; no I/O of its own until `ready()`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: deps.config.TRUST_PROXY,
    bodyLimit: 64 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
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

  // Reads cached per process stay exact across processes: PostgreSQL announces every change to the
  // tables they come from, and a write answered here drops them at once (decision 014).
  const changes = deps.config.READ_CACHE
    ? createChangeFeed(deps.database, { onError: (error) => app.log.warn({ err: error }, 'change feed: reconnecting') })
    : silentChangeFeed()
  app.decorate('changes', changes)
  const cachedTables = new Set<string>()
  app.decorate('cachedTables', cachedTables)
  app.decorate('readCache', (options) => {
    for (const table of options.tables) cachedTables.add(table)
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

  await app.register(errorHandlerPlugin)
  await app.register(jsonBodyPlugin)
  const razorpay = Boolean(deps.config.RAZORPAY_KEY_ID)
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        // Razorpay's checkout runs its script and frame from Razorpay's hosts, only when configured.
        'script-src': ["'self'", ...(razorpay ? ['https://checkout.razorpay.com'] : [])],
        'frame-src': ["'self'", ...(razorpay ? ['https://api.razorpay.com', 'https://checkout.razorpay.com'] : [])],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', ...(razorpay ? ['https://*.razorpay.com'] : [])],
        'media-src': ["'self'"],
        'connect-src': ["'self'", ...(razorpay ? ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'] : [])],
        'upgrade-insecure-requests': null,
      },
    },
    // Served over plain http on a fresh clone; a TLS-terminating proxy adds HSTS in production.
    strictTransportSecurity: false,
  })
  await app.register(cookie)
  // Phones on slow networks: JSON answers over 1 KB go out compressed when the client accepts it.
  // Cached answers (decision 014) and the web app's files come compressed already and pass through.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] })
  await app.register(openApiPlugin)

  // Without SESSION_SECRET (development only) access tokens die with the process; refresh tokens
  // live in the database, so a browser simply renews its session after a restart.
  const tokens = createTokenService(deps.config.SESSION_SECRET ?? randomBytes(32).toString('base64url'))
  await app.register(authPlugin, { tokens, corsOrigins: deps.config.CORS_ORIGINS })

  // Every module, in one explicit list.
  const modules = [
    healthRoutes,
    authRoutes(tokens),
    usersRoutes,
    requestsRoutes,
    assignmentsRoutes,
    tasksRoutes,
    workersRoutes,
    notificationsRoutes,
    paymentsRoutes,
  ]
  for (const module of modules) await app.register(module)
  await app.register(webAppPlugin, { root: deps.webRoot })
  return app
}
