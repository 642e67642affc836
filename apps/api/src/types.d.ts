import type { Access } from '@townworks/contract'
import type { AuthUser, MessagingSettings } from './shared/context'
import type { Database } from './db/client'
import type { Config } from './config/config'
import type { RegisteredRoute } from './app'
import type { ChangeFeed } from './db/change-feed'
import type { ReadCache, ReadCacheOptions } from './shared/read-cache'

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | undefined
  }
  interface FastifyInstance {
    database: Database
    /** How this app writes outgoing messages (its configuration's), for every service context. */
    messaging: MessagingSettings
    config: Config
    routeTable: RegisteredRoute[]
    /** Changed tables, as PostgreSQL announces them (decision 014). */
    changes: ChangeFeed
    /** A cache of reads that any change to `tables` drops, in every process (decision 014). */
    readCache<V>(options: ReadCacheOptions & { name: string }): ReadCache<V>
    /** Every table some cache of this app depends on (migration 0006 must announce each). */
    cachedTables: Set<string>
    /** Each cache of this app by name, with the tables it declared (test/read-cache-tables.test.ts checks them). */
    cachedReads: Map<string, readonly string[]>
  }
  interface FastifyContextConfig {
    access?: Access
    /** The endpoint's `Idempotency-Key` header rule (contract `idempotencyKey`), for the OpenAPI document. */
    idempotencyKey?: 'optional' | 'required'
  }
}
