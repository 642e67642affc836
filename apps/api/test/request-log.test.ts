import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app'
import { loadConfig } from '../src/config/config'
import { addDays, todayInIndia } from '../src/shared/dates'
import { loggerOptions } from '../src/shared/logging'
import { bearer, loginAs } from './auth-helpers'
import { createTestDatabase, type TestApp } from './test-app'

/** The app's real logger options, writing to memory instead of stdout. */
function memoryLog(): { lines: () => Record<string, unknown>[]; text: () => string; stream: Writable } {
  const chunks: string[] = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString())
      done()
    },
  })
  const text = () => chunks.join('')
  const lines = () =>
    text()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>)
  return { lines, text, stream }
}

describe('one JSON log line per request', () => {
  const log = memoryLog()
  let app: FastifyInstance
  let drop: () => Promise<void>
  let t: TestApp

  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'test-secret-test-secret-test-secret-00' })
    const made = await createTestDatabase()
    drop = made.drop
    app = await buildApp({ config, database: made.database, logger: { ...loggerOptions('info'), stream: log.stream } })
    await app.ready()
    t = { app, database: made.database, config, close: async () => undefined }
  })
  afterAll(async () => {
    await app.close()
    await drop()
  })

  it('names the route pattern, status, time, request id and user — never a phone number, token or password', async () => {
    const phone = '9848012345'
    const booked = await app.inject({
      method: 'POST',
      url: '/api/servicerequest',
      headers: { 'x-request-id': 'log-test-1' },
      payload: {
        name: 'Lakshmi Devi',
        phone,
        service: 'Painter',
        service_date: addDays(todayInIndia(), 3),
        town: 'Nizamabad',
        description: `call me on +91 ${phone.slice(0, 5)} ${phone.slice(5)}`,
      },
    })
    expect(booked.statusCode).toBe(201)
    const reference = (booked.json() as { reference: string }).reference
    await app.inject({ method: 'POST', url: '/api/track', payload: { reference, phone } })
    await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { user: 'somebody', pwd: 'secret-password-123' },
      headers: { authorization: 'Bearer not-a-real-token-abcdef' },
    })
    await app.inject({ method: 'GET', url: '/api/jobs/424242' })
    const operator = await loginAs(t, 'operator')
    await app.inject({ method: 'GET', url: '/api/me', headers: { ...bearer(operator), 'x-request-id': 'log-test-me' } })

    const requestLines = log.lines().filter((l) => l.msg === 'request')
    const booking = requestLines.find((l) => l.reqId === 'log-test-1')
    expect(booking).toMatchObject({ method: 'POST', route: '/api/servicerequest', status: 201, userId: null })
    expect(typeof booking?.ms).toBe('number')
    expect(requestLines.map((l) => l.route).slice(0, 4)).toEqual([
      '/api/servicerequest',
      '/api/track',
      '/api/login',
      '/api/jobs/:taskId',
    ])
    expect(requestLines.find((l) => l.reqId === 'log-test-me')).toMatchObject({
      route: '/api/me',
      status: 200,
      userId: operator.user.id,
    })
    // One line per request: Fastify's own "incoming request" / "request completed" lines are off.
    expect(log.lines().filter((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toEqual([])

    const written = log.text()
    expect(written).not.toMatch(/98480\s?12345/)
    expect(written).not.toContain('secret-password-123')
    expect(written).not.toContain('not-a-real-token-abcdef')
    expect(written).not.toContain(operator.token)
    expect(written).not.toContain('424242')
  })
})
