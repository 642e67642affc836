import { timingSafeEqual, createHash } from 'node:crypto'
import { NOTIFICATION_STATES } from '@townworks/contract/constants'
import { Gauge, Registry } from 'prom-client'
import type { Database } from '../../db/client'
import { AppError } from '../../shared/app-error'
import { readCacheLookups, registry } from '../../shared/metrics'
import * as notificationsService from '../notifications/notifications.service'

/** The text of GET /metrics and its content type. */
export interface MetricsText {
  contentType: string
  text: string
}

export interface AppMetrics {
  /** Every metric of this process: its counters, and gauges read from this app's database at scrape time. */
  read(): Promise<MetricsText>
}

/**
 * The gauges read when Prometheus scrapes: the outbox (by state, and the age of the oldest message
 * still to be sent), the PostgreSQL pool's connections, and the read cache's hit ratio since start.
 * Long on purpose: a list of gauge declarations whose collect functions share `database`.
 */
export function createAppMetrics(database: Database): AppMetrics {
  const scraped = new Registry()
  // Both outbox gauges are collected at once (prom-client collects in parallel): one query per scrape.
  let outbox: ReturnType<typeof notificationsService.outboxStats> | undefined
  const outboxStats = () => (outbox ??= notificationsService.outboxStats(database))
  new Gauge({
    name: 'townworks_outbox_messages',
    help: 'Outbox messages by state',
    labelNames: ['state'] as const,
    registers: [scraped],
    async collect() {
      this.reset()
      // The database down: the counters are still served, without the outbox.
      const stats = await outboxStats().catch(() => undefined)
      if (!stats) return
      // Every state, 0 included: an alert on `held` or `failed` needs a series before the first one.
      for (const state of NOTIFICATION_STATES) this.set({ state }, 0)
      for (const { state, n } of stats.byState) this.set({ state }, n)
    },
  })
  new Gauge({
    name: 'townworks_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest outbox message still to be sent (queued or sending); 0 when none',
    registers: [scraped],
    async collect() {
      this.reset()
      const stats = await outboxStats().catch(() => undefined)
      if (!stats) return
      const oldest = stats.oldestPendingAt
      this.set(oldest ? Math.max(0, (Date.now() - oldest.getTime()) / 1000) : 0)
    },
  })
  new Gauge({
    name: 'townworks_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting: requests queued for one); the embedded database has one connection',
    labelNames: ['state'] as const,
    registers: [scraped],
    collect() {
      const pool = database.pool
      if (pool) {
        this.set({ state: 'total' }, pool.totalCount)
        this.set({ state: 'idle' }, pool.idleCount)
        this.set({ state: 'waiting' }, pool.waitingCount)
      } else {
        this.set({ state: 'total' }, 1)
      }
    },
  })
  new Gauge({
    name: 'townworks_db_pool_max',
    help: 'Most connections the pool opens',
    registers: [scraped],
    collect() {
      this.set(database.pool?.options.max ?? 1)
    },
  })
  new Gauge({
    name: 'townworks_read_cache_hit_ratio',
    help: 'Read-cache hits over all lookups since the process started (per process; 0 before any lookup)',
    registers: [scraped],
    async collect() {
      let hits = 0
      let all = 0
      for (const { labels, value } of (await readCacheLookups.get()).values) {
        all += value
        if (labels.result === 'hit') hits += value
      }
      this.set(all === 0 ? 0 : hits / all)
    },
  })
  const merged = Registry.merge([registry, scraped])
  return {
    read: async () => {
      outbox = undefined
      return { contentType: merged.contentType, text: await merged.metrics() }
    },
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * GET /metrics' own credential: 404 when no METRICS_TOKEN is configured (the endpoint is off), 401
 * unless the Authorization header is `Bearer <METRICS_TOKEN>`, compared in constant time.
 */
export function assertMetricsToken(configured: string | undefined, authorization: string | undefined): void {
  if (!configured) throw new AppError('NOT_FOUND', 'Route GET /metrics not found')
  const given = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1] ?? ''
  if (!timingSafeEqual(digest(given), digest(configured))) {
    throw new AppError('UNAUTHENTICATED', 'Send the metrics token as a bearer token', {
      headers: { 'www-authenticate': 'Bearer realm="metrics"' },
    })
  }
}
