import type { ChangeFeed } from '../db/change-feed'
import { readCacheLookups } from './metrics'

/**
 * A per-process cache of reads that stays exact across API processes (decision 014): every entry
 * depends on named tables, and any change to one of them — announced by PostgreSQL when it commits,
 * or made by this process itself — drops the whole cache. A read that began before a change is not
 * kept (each entry carries the generation it was read in), and while the change feed is not
 * listening nothing is cached at all. Concurrent misses of one key share one database read.
 *
 * Cached values are shared between requests: callers must not change them.
 */
export interface ReadCache<V> {
  get(key: string, load: () => Promise<V>): Promise<V>
  /** Entries held now (tests, diagnostics). */
  readonly size: number
}

export interface ReadCacheOptions {
  /** What is cached (`GET /api/…` for a route, `accounts` for the auth plugin's): diagnostics and tests. */
  name?: string
  /** The tables whose changes make an entry stale. */
  tables: readonly string[]
  /** Most entries kept; the least recently used go first. */
  max?: number
  /** Upper bound on an entry's age, a safety net under the change feed. */
  maxAgeMs?: number
  /** Clock (tests). */
  now?: () => number
}

interface Entry<V> {
  generation: number
  at: number
  value: V
}

export function createReadCache<V>(feed: ChangeFeed, options: ReadCacheOptions): ReadCache<V> {
  const tables = new Set(options.tables)
  const max = options.max ?? 500
  const maxAgeMs = options.maxAgeMs ?? 60_000
  const now = options.now ?? Date.now
  const entries = new Map<string, Entry<V>>()
  const loading = new Map<string, { generation: number; promise: Promise<V> }>()
  let generation = 0
  const counted = (result: 'hit' | 'miss' | 'bypass') =>
    readCacheLookups.inc({ cache: options.name ?? 'unnamed', result })

  feed.subscribe((table) => {
    if (table !== '*' && !tables.has(table)) return
    generation += 1
    entries.clear()
    loading.clear()
  })

  return {
    get size() {
      return entries.size
    },
    async get(key, load) {
      if (!feed.live) {
        counted('bypass')
        return load()
      }
      const hit = entries.get(key)
      if (hit && hit.generation === generation && now() - hit.at < maxAgeMs) {
        // Most recently used goes to the end of the map's order.
        entries.delete(key)
        entries.set(key, hit)
        counted('hit')
        return hit.value
      }
      const pending = loading.get(key)
      if (pending && pending.generation === generation) {
        counted('hit')
        return pending.promise
      }
      counted('miss')

      const started = generation
      const at = now()
      const promise = load()
      loading.set(key, { generation: started, promise })
      try {
        const value = await promise
        if (started === generation && feed.live) {
          entries.delete(key)
          entries.set(key, { generation: started, at, value })
          if (entries.size > max) entries.delete(entries.keys().next().value as string)
        }
        return value
      } finally {
        if (loading.get(key)?.promise === promise) loading.delete(key)
      }
    },
  }
}
