import cookie from '@fastify/cookie'
import helmet from '@fastify/helmet'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Config } from './config/config'
import type { Database } from './db/client'
import { healthRoutes } from './modules/health/health.routes'
import { tasksRoutes } from './modules/tasks/tasks.routes'
import { workersRoutes } from './modules/workers/workers.routes'
import { errorHandlerPlugin } from './plugins/error-handler'
import { openApiPlugin } from './plugins/openapi'
import { webAppPlugin } from './plugins/web-app'

export interface AppDeps {
  config: Config
  database: Database
  logger?: FastifyServerOptions['logger']
  /** Folder of the built web app; omitted in API tests. */
  webRoot?: string
}

/** Every module, in one explicit list. */
const MODULES = [healthRoutes, tasksRoutes, workersRoutes] as const

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
  app.decorate('config', deps.config)
  app.decorate('database', deps.database)
  app.decorateRequest('user', undefined)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id)
  })

  await app.register(errorHandlerPlugin)
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'media-src': ["'self'"],
        'connect-src': ["'self'"],
        'upgrade-insecure-requests': null,
      },
    },
    // Served over plain http on a fresh clone; a TLS-terminating proxy adds HSTS in production.
    strictTransportSecurity: false,
  })
  await app.register(cookie)
  await app.register(openApiPlugin)
  for (const module of MODULES) await app.register(module)
  await app.register(webAppPlugin, { root: deps.webRoot })
  return app
}
