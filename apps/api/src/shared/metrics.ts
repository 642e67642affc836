import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client'

/**
 * The process's Prometheus metrics (decision 037). Counters live once per process, as Prometheus
 * expects (each API process is scraped on its own); gauges that read the database (outbox depth,
 * pool use) are collected by GET /metrics at scrape time from the app's own database. Limits are
 * not counted here: they are kept in the database, shared by every process (decision 010).
 */
export const registry = new Registry()
collectDefaultMetrics({ register: registry, prefix: 'townworks_' })

/** Every answer, by route pattern (never the raw URL: ids and numbers stay out), method and status. */
export const httpRequests = new Counter({
  name: 'townworks_http_requests_total',
  help: 'HTTP requests answered, by route pattern, method and status',
  labelNames: ['route', 'method', 'status'] as const,
  registers: [registry],
})

export const httpDuration = new Histogram({
  name: 'townworks_http_request_duration_seconds',
  help: 'Time to answer a request, by route pattern, method and status',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
})

/** Per cached read: `hit` answered from memory, `miss` read the database and kept it, `bypass` the feed was not listening. */
export const readCacheLookups = new Counter({
  name: 'townworks_read_cache_lookups_total',
  help: 'Read-cache lookups by cache and result (hit, miss, bypass); hit ratio = hit / (hit + miss + bypass)',
  labelNames: ['cache', 'result'] as const,
  registers: [registry],
})

/** What the outbox dispatcher did with each message it took: sent, retry (will try again) or failed. */
export const notificationsDispatched = new Counter({
  name: 'townworks_notifications_dispatched_total',
  help: 'Outbox messages the dispatcher handed to a provider, by provider, channel and outcome (sent, retry, failed)',
  labelNames: ['provider', 'channel', 'outcome'] as const,
  registers: [registry],
})

export const paymentCaptures = new Counter({
  name: 'townworks_payment_captures_total',
  help: 'Payments recorded (not replays), by method and state (captured, unallocated)',
  labelNames: ['method', 'state'] as const,
  registers: [registry],
})

export const loginFailures = new Counter({
  name: 'townworks_login_failures_total',
  help: 'Failed sign-ins: wrong name or password, or a wrong one-time code',
  labelNames: ['kind'] as const,
  registers: [registry],
})

/** Every 429, whichever limit refused it (all are counted in the database, decision 010). */
export const rateLimitRefusals = new Counter({
  name: 'townworks_rate_limit_refusals_total',
  help: 'Requests refused with 429 by a rate limit, by route pattern',
  labelNames: ['route'] as const,
  registers: [registry],
})
