import { ErrorBodySchema, LoginResponseSchema } from '@townworks/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../../../test/auth-helpers'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { accountSlowdownMs, LOGIN_LIMITS } from './auth.service'

// OWASP ASVS V2.2: failed logins are throttled per (account, address) and only slowed per account,
// so an attacker elsewhere cannot lock the owner out.
describe('login throttling: nobody can lock the owner out', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  const attempt = (user: string, pwd: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { user, pwd }, remoteAddress })

  it('20 wrong passwords from address A do not stop the owner logging in from address B', async () => {
    const admin = await createUser(t, 'admin')
    const statuses: number[] = []
    for (let i = 0; i < 20; i++) statuses.push((await attempt(admin.username, `guess-${i}`, '203.0.113.10')).statusCode)
    // The first failures get the generic answer; then address A is refused for this account.
    expect(statuses.slice(0, LOGIN_LIMITS.perAccountAndAddress)).toEqual(
      Array(LOGIN_LIMITS.perAccountAndAddress).fill(401),
    )
    expect(statuses.slice(LOGIN_LIMITS.perAccountAndAddress)).toEqual(
      Array(20 - LOGIN_LIMITS.perAccountAndAddress).fill(429),
    )

    const owner = await attempt(admin.username, admin.password, '192.0.2.44')
    expect(owner.statusCode).toBe(200)
    expect(LoginResponseSchema.parse(owner.json())).toMatchObject({ user: admin.username, role: 'admin' })
  })

  it('address A stays throttled (429) for that account even with the right password, but not for another account', async () => {
    const victim = await createUser(t, 'customer')
    const bystander = await createUser(t, 'customer')
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndAddress; i++) {
      expect((await attempt(victim.username, 'not-it-at-all', '203.0.113.20')).statusCode).toBe(401)
    }
    const right = await attempt(victim.username, victim.password, '203.0.113.20')
    expect(right.statusCode).toBe(429)
    expect(ErrorBodySchema.parse(right.json()).code).toBe('TOO_MANY_ATTEMPTS')
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0)
    // Someone else behind the same address (an office, a phone network) still logs in.
    expect((await attempt(bystander.username, bystander.password, '203.0.113.20')).statusCode).toBe(200)
  })

  it('keeps the generic "Unauthorized" answer: a wrong password and an unknown name look the same', async () => {
    const user = await createUser(t, 'worker')
    const wrong = await attempt(user.username, 'wrong-password', '203.0.113.30')
    const unknown = await attempt('no-such-person', 'wrong-password', '203.0.113.30')
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(wrong.json()).toEqual(unknown.json())
    expect(ErrorBodySchema.parse(wrong.json())).toEqual({
      message: 'Wrong user name or password',
      code: 'UNAUTHENTICATED',
    })
  })

  it('a distributed guesser (one try from each of many addresses) only slows the account: the owner still gets in', async () => {
    const user = await createUser(t, 'operator')
    const guesses = LOGIN_LIMITS.slowAfter + 1
    for (let i = 0; i < guesses; i++) {
      expect((await attempt(user.username, `guess-${i}`, `198.18.0.${i + 1}`)).statusCode).toBe(401)
    }
    expect(accountSlowdownMs(guesses)).toBeGreaterThan(0)
    expect((await attempt(user.username, user.password, '192.0.2.99')).statusCode).toBe(200)
  })

  it('the per-account slowdown grows with the failures and is capped', () => {
    expect(accountSlowdownMs(0)).toBe(0)
    expect(accountSlowdownMs(LOGIN_LIMITS.slowAfter - 1)).toBe(0)
    expect(accountSlowdownMs(LOGIN_LIMITS.slowAfter)).toBe(LOGIN_LIMITS.slowdownBaseMs)
    expect(accountSlowdownMs(LOGIN_LIMITS.slowAfter + 1)).toBe(2 * LOGIN_LIMITS.slowdownBaseMs)
    expect(accountSlowdownMs(LOGIN_LIMITS.slowAfter + 100)).toBe(LOGIN_LIMITS.slowdownMaxMs)
  })
})
