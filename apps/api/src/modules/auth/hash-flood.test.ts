import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../../../test/auth-helpers'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { users } from '../../db/schema'
import { passwordHashing } from '../../shared/password'

describe('a flood of sign-ups cannot starve logins of password hashing', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({
      PASSWORD_HASH_CONCURRENCY: '1',
      PASSWORD_HASH_QUEUE: '8',
      SIGNUP_PER_ADDRESS_HOURLY: '100',
    })
  })
  afterAll(() => t.close())

  it('with the hash line full a sign-up is 503 with Retry-After and creates nothing, while a login waits its turn ahead of the line', async () => {
    const user = await createUser(t, 'customer')
    // Sign-up hashes in flight: one running and a full line of 8 waiting, held until we let go.
    const gates = Array.from({ length: 9 }, () => {
      let open!: () => void
      const opened = new Promise<void>((resolve) => (open = resolve))
      return { open, opened }
    })
    const flood = gates.map((g) => passwordHashing.run('hash', () => g.opened))
    expect(passwordHashing.stats()).toMatchObject({ running: 1, waiting: { hash: 8 } })

    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { user: 'floodvictim', email: 'flood@example.com', pwd: 'monsoon-2026' },
    })
    expect(refused.statusCode).toBe(503)
    expect(refused.json()).toEqual({
      message: 'The server is busy. Please try again in a moment.',
      code: 'SERVICE_UNAVAILABLE',
    })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    const [row] = await t.database.db.select({ n: count() }).from(users).where(eq(users.username, 'floodvictim'))
    expect(row!.n).toBe(0)

    // A login is not refused: it waits in its own line, and goes before the 8 sign-up hashes.
    let answered = false
    const login = t.app
      .inject({ method: 'POST', url: '/api/login', payload: { user: user.username, pwd: user.password } })
      .finally(() => (answered = true))
    while (passwordHashing.stats().waiting.verify === 0 && !answered) await new Promise((r) => setImmediate(r))
    expect(passwordHashing.stats().waiting).toEqual({ verify: 1, hash: 8 })
    // One sign-up hash ends: the login is next, and is answered while the other 8 are still held.
    gates[0]!.open()
    expect((await login).statusCode).toBe(200)
    expect(passwordHashing.stats()).toMatchObject({ running: 1, waiting: { verify: 0, hash: 7 } })
    for (const g of gates) g.open()
    await Promise.all(flood)
    expect(passwordHashing.stats()).toMatchObject({ running: 0, waiting: { verify: 0, hash: 0 } })
  })
})
