import { ErrorBodySchema } from '@townworks/contract'
import { count, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config/config'
import type { Database } from '../../db/client'
import { users } from '../../db/schema'
import { createTwoProcesses, type TwoProcesses } from '../../../test/test-app'

let n = 0
const signUp = (app: FastifyInstance, ip: string) => {
  const user = `signup${++n}x`
  return app
    .inject({
      method: 'POST',
      url: '/api/register',
      payload: { user, email: `${user}@example.com`, pwd: 'monsoon-2026' },
      remoteAddress: ip,
    })
    .then((res) => ({ res, user }))
}

describe('sign-ups are limited per address, across every API process on one database', () => {
  let processes: TwoProcesses
  let database: Database
  let a: FastifyInstance
  let b: FastifyInstance

  beforeAll(async () => {
    // The default configuration: 5 sign-ups per address per hour.
    processes = await createTwoProcesses()
    ;({ a, b, database } = processes)
  })
  afterAll(() => processes.close())

  const usersNamed = async (name: string) =>
    (
      await database.db
        .select({ n: count() })
        .from(users)
        .where(eq(sql`lower(${users.username})`, name))
    )[0]!.n

  it('the 6th sign-up from one address within the hour is 429 with Retry-After and creates nothing', async () => {
    const ip = '10.88.0.1'
    for (let i = 0; i < 5; i++) {
      const { res } = await signUp(i % 2 ? a : b, ip)
      expect(res.statusCode).toBe(201)
    }
    const { res, user } = await signUp(a, ip)
    expect(res.statusCode).toBe(429)
    const body = ErrorBodySchema.parse(res.json())
    expect(body.code).toBe('TOO_MANY_ATTEMPTS')
    expect(body.message).toMatch(/Too many sign-ups from your address\. Please try again in \d+ minutes?\./)
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
    expect(await usersNamed(user)).toBe(0)
    // The other instance refuses too: the count is in the database.
    expect((await signUp(b, ip)).res.statusCode).toBe(429)
    // Another address still signs up.
    expect((await signUp(b, '10.88.0.2')).res.statusCode).toBe(201)
  })

  it('parallel sign-ups from one address across both instances create exactly the limit', async () => {
    const ip = '10.88.0.3'
    const answers = await Promise.all(Array.from({ length: 9 }, (_, i) => signUp(i % 2 ? a : b, ip)))
    const created = answers.filter((x) => x.res.statusCode === 201)
    expect(created).toHaveLength(5)
    expect(answers.filter((x) => x.res.statusCode === 429)).toHaveLength(4)
    for (const x of answers) expect(await usersNamed(x.user)).toBe(x.res.statusCode === 201 ? 1 : 0)
  })
})

describe('SIGNUP_PER_ADDRESS_HOURLY', () => {
  it('defaults to 5 and refuses what is not a positive whole number', () => {
    expect(loadConfig({}).SIGNUP_PER_ADDRESS_HOURLY).toBe(5)
    expect(loadConfig({ SIGNUP_PER_ADDRESS_HOURLY: '50' }).SIGNUP_PER_ADDRESS_HOURLY).toBe(50)
    expect(() => loadConfig({ SIGNUP_PER_ADDRESS_HOURLY: '0' })).toThrow(/SIGNUP_PER_ADDRESS_HOURLY/)
    expect(() => loadConfig({ SIGNUP_PER_ADDRESS_HOURLY: 'many' })).toThrow(/SIGNUP_PER_ADDRESS_HOURLY/)
  })
})
