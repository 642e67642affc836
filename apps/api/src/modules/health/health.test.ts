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
    expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' })
    await other.close()
  })

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
