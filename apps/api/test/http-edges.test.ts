import { ErrorBodySchema } from '@townworks/contract'
import { eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rateLimitHits, workers } from '../src/db/schema'
import { addDays, todayInIndia } from '../src/shared/dates'
import { bearer, loginAs, type Session } from './auth-helpers'
import { createWorker } from './fixtures'
import { createTestApp, type TestApp } from './test-app'

describe('ids in paths are plain decimal digits', () => {
  let t: TestApp
  let operator: Session
  beforeAll(async () => {
    t = await createTestApp()
    operator = await loginAs(t, 'operator')
  })
  afterAll(() => t.close())

  it('DELETE /api/workerservices/{id} refuses 0x…, exponents, spaces, fractions, signs and leading zeros, deleting nothing', async () => {
    const worker = await createWorker(t, { name: 'Fuzzed Worker' })
    const id = worker.id
    const forms = [
      `0x${id.toString(16)}`,
      `0X${id.toString(16).toUpperCase()}`,
      `${id}e0`,
      `${id / 10}e1`,
      `%20${id}`,
      `${id}%20`,
      `${id}.0`,
      `0${id}`,
      `+${id}`,
      `0b${id.toString(2)}`,
      `${id}%00`,
      '2147483648',
    ]
    for (const form of forms) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/workerservices/${form}`,
        headers: bearer(operator),
      })
      expect(res.statusCode, `${form}: ${res.body}`).toBe(400)
      expect(ErrorBodySchema.parse(res.json()).code).toBe('VALIDATION_FAILED')
    }
    const [still] = await t.database.db.select().from(workers).where(eq(workers.id, id))
    expect(still?.name).toBe('Fuzzed Worker')
    // The plain form still works.
    const ok = await t.app.inject({ method: 'DELETE', url: `/api/workerservices/${id}`, headers: bearer(operator) })
    expect(ok.statusCode, ok.body).toBe(200)
  })

  it('ids in a query string follow the same rule', async () => {
    for (const form of ['0x1F', '3.1e1', '31.0', '%2031']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/taskdetails?assignmentId=${form}`,
        headers: bearer(operator),
      })
      expect(res.statusCode, form).toBe(400)
    }
  })
})

describe('wrong methods and request ids', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it.each([
    ['GET', '/api/servicerequest', 'POST'],
    ['DELETE', '/api/login', 'POST'],
    ['PATCH', '/api/workerservices/5', 'GET, HEAD, PUT, DELETE'],
    ['POST', '/api/taskstatus', 'GET, HEAD'],
    ['GET', '/send-whatsapp', 'POST'],
  ])('%s %s answers 405 with Allow: %s', async (method, url, allow) => {
    const res = await t.app.inject({ method: method as 'GET', url, headers: { accept: 'text/html' } })
    expect(res.statusCode).toBe(405)
    expect(res.headers.allow).toBe(allow)
    expect(ErrorBodySchema.parse(res.json()).code).toBe('METHOD_NOT_ALLOWED')
  })

  it('an unknown path is still a 404', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/no-such-thing' })
    expect(res.statusCode).toBe(404)
  })

  it("keeps a client's X-Request-Id only when it is a short safe token", async () => {
    const kept = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-7f3a.9_x' } })
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.9_x')
    for (const bad of ['a'.repeat(65), 'evil\ninjected', '<script>', 'a b', '']) {
      const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': bad } })
      expect(res.headers['x-request-id'], JSON.stringify(bad)).toMatch(/^[0-9a-f-]{36}$/)
    }
  })
})

describe('security headers and the API documentation', () => {
  it('sends Permissions-Policy on every answer: camera and location for TownWorks only, no microphone', async () => {
    const t = await createTestApp()
    try {
      const res = await t.app.inject({ method: 'GET', url: '/healthz' })
      const policy = String(res.headers['permissions-policy'])
      expect(policy).toContain('geolocation=(self)')
      expect(policy).toContain('camera=(self)')
      expect(policy).toContain('microphone=()')
      expect(policy).toContain('payment=(self)')
    } finally {
      await t.close()
    }
  })

  it('sends HSTS only when a trusted proxy says the client came over https, unless HSTS=0', async () => {
    const behindProxy = await createTestApp({ TRUST_PROXY: '1' })
    const direct = await createTestApp()
    const optedOut = await createTestApp({ TRUST_PROXY: '1', HSTS: '0' })
    try {
      const https = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '1.2.3.4' }
      const call = (t: TestApp, headers: Record<string, string>) =>
        t.app.inject({ method: 'GET', url: '/healthz', headers, remoteAddress: '127.0.0.1' })
      expect((await call(behindProxy, https)).headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      )
      expect((await call(behindProxy, {})).headers['strict-transport-security']).toBeUndefined()
      // Without a trusted proxy, a client's own X-Forwarded-Proto means nothing.
      expect((await call(direct, https)).headers['strict-transport-security']).toBeUndefined()
      expect((await call(optedOut, https)).headers['strict-transport-security']).toBeUndefined()
    } finally {
      await Promise.all([behindProxy.close(), direct.close(), optedOut.close()])
    }
  })

  it('with API_DOCS=staff, /api/docs and the document answer 401 to visitors, 403 to customers, and serve staff', async () => {
    const t = await createTestApp({ API_DOCS: 'staff' })
    try {
      const customer = await loginAs(t, 'customer')
      const operator = await loginAs(t, 'operator')
      for (const url of ['/api/docs/json', '/api/docs/yaml', '/api/docs', '/api/docs/static/index.html']) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401)
        expect((await t.app.inject({ method: 'GET', url, headers: bearer(customer) })).statusCode, url).toBe(403)
        const staff = await t.app.inject({ method: 'GET', url, headers: { cookie: operator.cookie } })
        expect(staff.statusCode, url).toBeLessThan(400)
      }
      // The document shows the old spelling a shipped client may still send, marked deprecated.
      const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: bearer(operator) })).json()
      const body = doc.paths['/api/update-status/{task_id}'].put.requestBody.content['application/json'].schema
      expect(body.properties.expected_status).toBeDefined()
      expect(body.properties.expectedStatus).toMatchObject({ deprecated: true })
    } finally {
      await t.close()
    }
  })
})

describe('TRUST_PROXY trusts exactly the configured proxies', () => {
  const request = (t: TestApp, i: number, remoteAddress: string, forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/servicerequest',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: {
        name: `Visitor ${i}`,
        phone: '9848012345',
        service: 'Painter',
        service_date: addDays(todayInIndia(), 3),
        town: 'Armoor',
      },
    })
  const limitedAddresses = async (t: TestApp) =>
    (
      await t.database.db
        .select({ key: rateLimitHits.key })
        .from(rateLimitHits)
        .where(like(rateLimitHits.key, 'POST /api/servicerequest|%'))
    ).map((r) => r.key.split('|')[1])

  it('with one hop, the address the proxy added counts, and rotating the spoofed part does not dodge the limit', async () => {
    const t = await createTestApp({ TRUST_PROXY: '1', SERVICE_REQUEST_RATE_LIMIT: '2' })
    try {
      const statuses = []
      for (let i = 1; i <= 3; i++) statuses.push((await request(t, i, '127.0.0.1', `6.6.6.${i}, 1.2.3.4`)).statusCode)
      expect(statuses).toEqual([201, 201, 429])
      expect(await limitedAddresses(t)).toEqual(['1.2.3.4'])
    } finally {
      await t.close()
    }
  })

  it('with a list of proxies, only a listed proxy is believed; anyone else is their own address', async () => {
    const t = await createTestApp({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8', SERVICE_REQUEST_RATE_LIMIT: '100' })
    try {
      expect((await request(t, 1, '10.0.0.5', '6.6.6.6, 1.2.3.4')).statusCode).toBe(201)
      expect((await request(t, 2, '5.5.5.5', '7.7.7.7')).statusCode).toBe(201)
      expect((await limitedAddresses(t)).sort()).toEqual(['1.2.3.4', '5.5.5.5'])
    } finally {
      await t.close()
    }
  })
})
