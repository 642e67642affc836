import type { Db } from '../../db/client'
import { countHit, pruneHits, readHits } from '../rate-limits/rate-limits.service'

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void

/** How often, at most, a process clears windows that ended. */
const PRUNE_EVERY_MS = 10 * 60 * 1000

/**
 * A @fastify/rate-limit store kept in the database (decision 010): every API process on one
 * PostgreSQL shares the counts, so the limit holds whichever process a request reaches. Each
 * limited route counts on its own, as with the plugin's in-memory store.
 */
export function databaseRateLimitStore(db: Db) {
  let lastPrune = 0
  return class DatabaseRateLimitStore {
    readonly namespace: string

    // The plugin passes its merged options; a route's own store gets `routeInfo` (method and url).
    constructor(params?: object) {
      const info = (params as { routeInfo?: { method?: unknown; url?: string } } | undefined)?.routeInfo
      this.namespace = info?.url ? `${String(info.method)} ${info.url}` : 'global'
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const now = Date.now()
      if (now - lastPrune > PRUNE_EVERY_MS) {
        lastPrune = now
        void pruneHits(db, new Date(now - PRUNE_EVERY_MS)).catch(() => undefined)
      }
      countHit(db, `${this.namespace}|${key}`, timeWindow).then(
        (r) => callback(null, { current: r.hits, ttl: r.ttlMs }),
        (error: Error) => callback(error),
      )
    }

    read(key: string, callback: Callback): void {
      readHits(db, `${this.namespace}|${key}`).then(
        (r) => callback(null, { current: r.hits, ttl: r.ttlMs }),
        (error: Error) => callback(error),
      )
    }

    child(params: object): DatabaseRateLimitStore {
      return new DatabaseRateLimitStore(params)
    }
  }
}
