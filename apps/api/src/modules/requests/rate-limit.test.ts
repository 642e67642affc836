import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config/config'
import type { Database } from '../../db/client'
import { rateLimitHits } from '../../db/schema'
import { addDays, todayInIndia } from '../../shared/dates'
import { createTwoProcesses, type TwoProcesses } from '../../../test/test-app'
import { SERVICE_REQUEST_RATE_LIMIT } from './requests.routes'

const valid = () => ({
  name: 'Lakshmi Devi',
  phone: '9848012345',
  service: 'Painter',
  service_date: addDays(todayInIndia(), 3),
  town: 'Nizamabad',
})

const post = (app: FastifyInstance, ip: string) =>
  app.inject({ method: 'POST', url: '/api/servicerequest', payload: valid(), remoteAddress: ip })

describe('the request rate limit is shared by every API process on one database', () => {
  let processes: TwoProcesses
  let database: Database
  let a: FastifyInstance
  let b: FastifyInstance

  beforeAll(async () => {
    processes = await createTwoProcesses({ SERVICE_REQUEST_RATE_LIMIT: '3' })
    ;({ a, b, database } = processes)
  })
  afterAll(() => processes.close())

  it('counts posts to either instance against one limit, per address', async () => {
    const ip = '10.77.0.1'
    expect((await post(a, ip)).statusCode).toBe(201)
    expect((await post(b, ip)).statusCode).toBe(201)
    expect((await post(a, ip)).statusCode).toBe(201)
    const refused = await post(b, ip)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect((await post(a, ip)).statusCode).toBe(429)
    // Another address has its own count.
    expect((await post(b, '10.77.0.2')).statusCode).toBe(201)
  })

  it('parallel posts across both instances allow exactly the limit', async () => {
    const ip = '10.77.0.3'
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => post(i % 2 ? a : b, ip)))
    const codes = answers.map((r) => r.statusCode).sort()
    expect(codes.filter((c) => c === 201)).toHaveLength(3)
    expect(codes.filter((c) => c === 429)).toHaveLength(7)
  })

  it('a window that ended starts a new count', async () => {
    const ip = '10.77.0.4'
    for (let i = 0; i < 3; i++) expect((await post(a, ip)).statusCode).toBe(201)
    expect((await post(b, ip)).statusCode).toBe(429)
    await database.db
      .update(rateLimitHits)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(sql`${rateLimitHits.key} like ${'%|' + ip}`)
    expect((await post(b, ip)).statusCode).toBe(201)
    const [row] = await database.db
      .select({ hits: rateLimitHits.hits })
      .from(rateLimitHits)
      .where(eq(rateLimitHits.key, `POST /api/servicerequest|${ip}`))
    expect(row?.hits).toBe(1)
  })
})

describe('SERVICE_REQUEST_RATE_LIMIT', () => {
  it(`defaults to ${SERVICE_REQUEST_RATE_LIMIT.max} and refuses what is not a positive whole number`, () => {
    expect(loadConfig({}).SERVICE_REQUEST_RATE_LIMIT).toBe(SERVICE_REQUEST_RATE_LIMIT.max)
    expect(loadConfig({ SERVICE_REQUEST_RATE_LIMIT: '100000' }).SERVICE_REQUEST_RATE_LIMIT).toBe(100_000)
    expect(() => loadConfig({ SERVICE_REQUEST_RATE_LIMIT: '0' })).toThrow(/SERVICE_REQUEST_RATE_LIMIT/)
    expect(() => loadConfig({ SERVICE_REQUEST_RATE_LIMIT: 'lots' })).toThrow(/SERVICE_REQUEST_RATE_LIMIT/)
  })
})
