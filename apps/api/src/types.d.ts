import type { Access } from '@townworks/contract'
import type { AuthUser } from './shared/context'
import type { Database } from './db/client'
import type { Config } from './config/config'
import type { RegisteredRoute } from './app'

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | undefined
  }
  interface FastifyInstance {
    database: Database
    config: Config
    routeTable: RegisteredRoute[]
  }
  interface FastifyContextConfig {
    access?: Access
  }
}
