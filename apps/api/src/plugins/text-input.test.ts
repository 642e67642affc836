import { ErrorBodySchema } from '@townworks/contract'
import { count, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app'
import { loadConfig } from '../config/config'
import type { Database } from '../db/client'
import { serviceRequests, users } from '../db/schema'
import { addDays, todayInIndia } from '../shared/dates'
import { loggerOptions } from '../shared/logging'
import { createTestDatabase } from '../../test/test-app'

const PHONE = '9848012345'

describe('text with NUL and other control characters, and what the log keeps', () => {
  let app: FastifyInstance
  let database: Database
  let drop: () => Promise<void>
  const lines: string[] = []
  const log = () => lines.join('')

  beforeAll(async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      SESSION_SECRET: 'test-secret-test-secret-test-secret-00',
      READ_CACHE: '0',
    })
    ;({ database, drop } = await createTestDatabase())
    app = await buildApp({
      config,
      database,
      logger: { ...loggerOptions('info'), stream: { write: (line: string) => void lines.push(line) } },
    })
    // Two routes only this test has: one hands PostgreSQL a NUL byte, one fails with a phone number
    // among the statement's parameters.
    app.post('/test/nul', async () => {
      await database.db.execute(sql`select ${'a\u0000b'}::text as t`)
      return { ok: true }
    })
    app.post('/test/failing-statement', async () => {
      await database.db.execute(sql`select * from no_such_table where phone = ${`+91${PHONE}`}`)
      return { ok: true }
    })
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
    await drop()
  })

  const rows = async () => {
    const [r] = await database.db.select({ n: count() }).from(serviceRequests)
    const [u] = await database.db.select({ n: count() }).from(users)
    return { requests: r!.n, users: u!.n }
  }

  it('a NUL byte in the anonymous login, register and service request is a 400, and nothing is stored', async () => {
    const before = await rows()
    const calls = [
      { url: '/api/login', payload: { user: 'admin\u0000', pwd: 'whatever-it-is' } },
      { url: '/api/register', payload: { user: 'nul-user', email: 'nul@example.com', pwd: 'pass\u0000word-long' } },
      {
        url: '/api/servicerequest',
        payload: {
          name: 'Lak\u0000shmi',
          phone: PHONE,
          service: 'Painter',
          service_date: addDays(todayInIndia(), 3),
          town: 'Armoor',
        },
      },
    ]
    for (const call of calls) {
      const res = await app.inject({ method: 'POST', ...call })
      expect(res.statusCode, `${call.url}: ${res.body}`).toBe(400)
      const body = ErrorBodySchema.parse(res.json())
      expect(body.code).toBe('VALIDATION_FAILED')
      expect(body.message).toMatch(/control characters/)
    }
    expect(await rows()).toEqual(before)
  })

  it('bytes that are not UTF-8 (an overlong NUL, an encoded surrogate) are refused, not stored as U+FFFD', async () => {
    const before = await rows()
    for (const bad of [Buffer.from([0xc0, 0x80]), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0xff])]) {
      const payload = Buffer.concat([
        Buffer.from('{"name":"Lak'),
        bad,
        Buffer.from(
          `shmi","phone":"${PHONE}","service":"Painter","service_date":"${addDays(todayInIndia(), 3)}","town":"Armoor"}`,
        ),
      ])
      const res = await app.inject({
        method: 'POST',
        url: '/api/servicerequest',
        headers: { 'content-type': 'application/json' },
        payload,
      })
      expect(res.statusCode, res.body).toBe(400)
      expect(ErrorBodySchema.parse(res.json())).toMatchObject({ code: 'VALIDATION_FAILED', message: /UTF-8/ })
    }
    expect(await rows()).toEqual(before)
  })

  it('a data exception PostgreSQL raises (class 22, here 22021) is a 400, never a 500', async () => {
    const res = await app.inject({ method: 'POST', url: '/test/nul' })
    expect(res.statusCode, res.body).toBe(400)
    expect(ErrorBodySchema.parse(res.json()).code).toBe('VALIDATION_FAILED')
  })

  it('a failed statement is logged without its parameters or text, and phone numbers are masked', async () => {
    lines.length = 0
    const res = await app.inject({ method: 'POST', url: '/test/failing-statement' })
    expect(res.statusCode).toBe(500)
    const written = log()
    expect(written).toContain('request failed')
    expect(written).toContain('42P01') // the SQLSTATE stays, for whoever reads the log
    expect(written).not.toContain(PHONE)
    expect(written).not.toContain('no_such_table where')
    expect(written).not.toMatch(/params:/)
  })

  it('a phone number anywhere in a log line (the URL, a message) is masked', async () => {
    lines.length = 0
    await app.inject({ method: 'GET', url: `/api/workerservices?q=${PHONE}` })
    app.log.info(`called +91 98480 12345 and ${PHONE}`)
    const written = log()
    expect(written).toContain('********45')
    expect(written).not.toContain(PHONE)
    expect(written).not.toContain('98480 12345')
  })
})
