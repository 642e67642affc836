import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, loginAs } from './auth-helpers'
import { createTestApp, type TestApp } from './test-app'
import { createDispatcher, enqueueNotification } from '../src/modules/notifications/notifications.service'
import { key, payManually, pendingTask, people } from './payment-flow'

const TOKEN = 'metrics-token-metrics-token-0123'
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined }

/** The sum of a metric's samples whose labels include `labels` (0 when there is none). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match || match[1] !== name) continue
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    )
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) total += Number(match[3])
  }
  return total
}

describe('GET /metrics', () => {
  let t: TestApp
  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/plain')
    return res.body
  }

  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN, READ_CACHE: '1', SIGNUP_PER_ADDRESS_HOURLY: '1' })
  })
  afterAll(() => t.close())

  it('answers 404 when no METRICS_TOKEN is configured', async () => {
    const off = await createTestApp()
    try {
      const res = await off.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      })
      expect(res.statusCode).toBe(404)
      expect(res.body).not.toContain('townworks_')
    } finally {
      await off.close()
    }
  })

  it('refuses a caller without the token, with a wrong one, or with a session token', async () => {
    const admin = await loginAs(t, 'admin')
    for (const headers of [{}, { authorization: 'Bearer wrong-token-wrong-token-0000' }, bearer(admin)]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers })
      expect(res.statusCode).toBe(401)
      expect(res.headers['www-authenticate']).toContain('Bearer')
      expect(res.body).not.toContain('townworks_http_requests_total')
    }
  })

  it('moves its counters with traffic: requests by route pattern, cache, logins, 429s, captures, sends, outbox', async () => {
    const before = await scrape()
    const p = await people(t)
    // Requests by route pattern: the ids of the URL are not in the label.
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/healthz' })
    await t.app.inject({ method: 'GET', url: '/api/jobs/987654', headers: bearer(p.operator) })
    // A wrong password; a second sign-up from one address in the hour (SIGNUP_PER_ADDRESS_HOURLY=1) is a 429.
    await t.app.inject({ method: 'POST', url: '/api/login', payload: { user: 'nobody-here', pwd: 'wrong-password' } })
    for (const user of ['metricsone', 'metricstwo']) {
      await t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { user, email: `${user}@example.com`, pwd: 'a-long-password-1' },
      })
    }
    // A payment captured.
    const taskId = await pendingTask(t, { customerUserId: p.customer.user.id, workerId: p.workerId })
    expect((await payManually(t, p.operator, taskId, 50_000, key())).statusCode).toBe(200)
    // A message queued, then sent by a dispatcher with a provider that fails once, then sends.
    await t.database.db.transaction((tx) =>
      enqueueNotification(tx, t.app.messaging, {
        event: 'operator_message',
        to: '9848012345',
        channel: 'whatsapp',
        params: { text: 'hello' },
        messageKey: 'metrics:1',
      }),
    )
    const middle = await scrape()
    expect(sample(middle, 'townworks_outbox_messages', { state: 'queued' })).toBeGreaterThanOrEqual(1)
    expect(sample(middle, 'townworks_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(0)
    let calls = 0
    const dispatcher = createDispatcher({
      database: t.database,
      log: silent,
      provider: {
        name: 'log',
        async send(m) {
          if (++calls === 1) throw new Error('provider down')
          return { providerId: `fake-${m.id}` }
        },
      },
      options: { backoffBaseMs: 0, backoffMaxMs: 0 },
    })
    await dispatcher.runOnce()
    await dispatcher.runOnce()
    // Reads in a row: the second finds the session's account in the read cache.
    for (let i = 0; i < 2; i++) await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(p.operator) })
    const after = await scrape()

    const moved = (name: string, labels: Record<string, string> = {}) =>
      sample(after, name, labels) - sample(before, name, labels)
    expect(moved('townworks_http_requests_total', { route: '/healthz', method: 'GET', status: '200' })).toBe(3)
    expect(moved('townworks_http_requests_total', { route: '/api/jobs/:taskId', status: '404' })).toBe(1)
    expect(after).not.toContain('987654')
    expect(moved('townworks_http_request_duration_seconds_count', { route: '/healthz' })).toBe(3)
    expect(moved('townworks_login_failures_total', { kind: 'password' })).toBe(1)
    expect(moved('townworks_rate_limit_refusals_total', { route: '/api/register' })).toBe(1)
    expect(moved('townworks_payment_captures_total', { method: 'cash', state: 'captured' })).toBe(1)
    expect(moved('townworks_notifications_dispatched_total', { provider: 'log', outcome: 'retry' })).toBe(1)
    // The payment's own messages (paid, to the customer) go out in the same passes.
    expect(
      moved('townworks_notifications_dispatched_total', { provider: 'log', outcome: 'sent' }),
    ).toBeGreaterThanOrEqual(1)
    expect(moved('townworks_read_cache_lookups_total', { cache: 'accounts', result: 'hit' })).toBeGreaterThan(0)
    expect(sample(after, 'townworks_read_cache_hit_ratio')).toBeGreaterThan(0)
    expect(sample(after, 'townworks_outbox_messages', { state: 'sent' })).toBeGreaterThanOrEqual(1)
    expect(after).toContain('townworks_outbox_messages{state="held"} 0')
    expect(sample(after, 'townworks_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1)
    expect(after).toContain('townworks_process_resident_memory_bytes')
  })
})
