import { HealthResponseSchema, ReadyResponseSchema } from '@townworks/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/test-app'

describe('health', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('healthz says the process is up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' })
    expect(res.statusCode).toBe(200)
    expect(HealthResponseSchema.parse(res.json())).toEqual({ status: 'ok' })
  })

  it('readyz says the database answers, and which one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' })
    expect(res.statusCode).toBe(200)
    const body = ReadyResponseSchema.parse(res.json())
    expect(body.database).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite')
  })

  it('readyz answers 503 when the database is gone', async () => {
    const other = await createTestApp()
    await other.database.close()
    const res = await other.app.inject({ method: 'GET', url: '/readyz' })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      details: { reasons: ['the database is not reachable'] },
    })
    await other.close()
  })

  it('readyz says which checks hold: the database, and the change feed when reads are cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' })
    expect(res.json()).toMatchObject({ status: 'ok', change_feed: 'off' })
    const cached = await createTestApp({ READ_CACHE: '1' })
    try {
      const ready = await cached.app.inject({ method: 'GET', url: '/readyz' })
      expect(ready.statusCode).toBe(200)
      expect(ready.json()).toMatchObject({ status: 'ok', change_feed: 'listening' })
    } finally {
      await cached.close()
    }
  })

  it('readyz answers 503 with its reasons while the change feed is down, or the database too', async () => {
    const other = await createTestApp({ READ_CACHE: '1' })
    try {
      await other.app.changes.close()
      const feedDown = await other.app.inject({ method: 'GET', url: '/readyz' })
      expect(feedDown.statusCode).toBe(503)
      expect(feedDown.json()).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        details: { reasons: ['the change feed is not listening'] },
      })
      expect(feedDown.json().message).toContain('change feed')
      await other.database.close()
      const bothDown = await other.app.inject({ method: 'GET', url: '/readyz' })
      expect(bothDown.statusCode).toBe(503)
      expect(bothDown.json().details.reasons).toEqual([
        'the database is not reachable',
        'the change feed is not listening',
      ])
    } finally {
      await other.close()
    }
  })

  it.runIf(process.env.TEST_DATABASE_URL)(
    'on PostgreSQL, readyz is 503 while the change feed’s connection is cut, and ready again once it is back',
    async () => {
      const other = await createTestApp({ READ_CACHE: '1' })
      try {
        await other.database.pool!.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'townworks-change-feed' and datname = current_database()",
        )
        const seen: number[] = []
        const until = async (status: number) => {
          for (let i = 0; i < 300; i++) {
            const res = await other.app.inject({ method: 'GET', url: '/readyz' })
            seen.push(res.statusCode)
            if (res.statusCode === status) return res
            await new Promise((r) => setTimeout(r, 10))
          }
          throw new Error(`readyz never answered ${status}: ${seen.join(',')}`)
        }
        const down = await until(503)
        expect(down.json().details.reasons).toEqual(['the change feed is not listening'])
        await until(200)
      } finally {
        await other.close()
      }
    },
  )

  it('every answer carries a request id, and security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' })
    expect(res.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/)
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['content-security-policy']).toContain("default-src 'self'")
    expect(res.headers['content-security-policy']).not.toContain('razorpay')
  })

  it('allows Razorpay’s checkout in the security policy only when Razorpay is configured', async () => {
    const withRazorpay = await createTestApp({
      RAZORPAY_KEY_ID: 'rzp_test_abcdef123456',
      RAZORPAY_KEY_SECRET: 'secret-secret',
      RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
    })
    try {
      const res = await withRazorpay.app.inject({ method: 'GET', url: '/healthz' })
      expect(res.headers['content-security-policy']).toContain('script-src')
      expect(res.headers['content-security-policy']).toContain('https://checkout.razorpay.com')
    } finally {
      await withRazorpay.close()
    }
  })
})
