import { ErrorBodySchema, LoginResponseSchema, MeSchema } from '@townworks/contract'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createUser, login, loginAs } from '../../../test/auth-helpers'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { users } from '../../db/schema'
import { LOGIN_LIMITS } from './auth.service'

const cookieHeader = (cookies: { name: string; value: string }[]) =>
  cookies.map((c) => `${c.name}=${c.value}`).join('; ')

describe('accounts and sessions', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  const countUsers = async () => (await t.database.db.select({ n: count() }).from(users))[0]!.n

  it('register → login → me → refresh → logout → refresh fails', async () => {
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { user: 'Sravani', email: 'sravani@example.com', pwd: 'monsoon-2026' },
    })
    expect(reg.statusCode).toBe(201)
    expect(reg.json()).toEqual({ message: 'User created' })

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { user: 'sravani', pwd: 'monsoon-2026' },
    })
    expect(res.statusCode).toBe(200)
    const body = LoginResponseSchema.parse(res.json())
    expect(body).toMatchObject({ user: 'Sravani', role: 'customer' })
    const access = res.cookies.find((c) => c.name === 'tw_access')!
    const refresh = res.cookies.find((c) => c.name === 'tw_refresh')!
    expect(access).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
    expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api' })

    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookieHeader([access]) } })
    expect(me.statusCode).toBe(200)
    expect(MeSchema.parse(me.json())).toMatchObject({ user: 'Sravani', role: 'customer', email: 'sravani@example.com' })

    const renewed = await t.app.inject({
      method: 'POST',
      url: '/api/refresh',
      headers: { cookie: cookieHeader([refresh]) },
    })
    expect(renewed.statusCode).toBe(200)
    const newRefresh = renewed.cookies.find((c) => c.name === 'tw_refresh')!
    expect(newRefresh.value).not.toBe(refresh.value)

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: cookieHeader([newRefresh]) },
    })
    expect(out.statusCode).toBe(200)
    expect(out.cookies.find((c) => c.name === 'tw_refresh')?.value).toBe('')

    const after = await t.app.inject({
      method: 'POST',
      url: '/api/refresh',
      headers: { cookie: cookieHeader([newRefresh]) },
    })
    expect(after.statusCode).toBe(401)
  })

  it('a bearer token works as well as the cookie', async () => {
    const s = await loginAs(t, 'operator')
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(s) })
    expect(me.statusCode).toBe(200)
    expect(me.json()).toMatchObject({ user: s.user.username, role: 'operator' })
  })

  it('a duplicate user, in any case, is refused with "User already exist" and nothing is stored', async () => {
    await createUser(t, 'customer', 'Venkat')
    const before = await countUsers()
    for (const name of ['Venkat', 'venkat', 'VENKAT']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { user: name, email: 'v@example.com', pwd: 'a-long-password' },
      })
      expect(res.statusCode).toBe(409)
      expect(res.json()).toEqual({ message: 'User already exist', code: 'DUPLICATE_USER' })
    }
    expect(await countUsers()).toBe(before)
  })

  it.each([
    ['a short user name', { user: 'ab', email: 'a@example.com', pwd: 'a-long-password' }, 'user'],
    ['a user name with spaces', { user: 'ab cd', email: 'a@example.com', pwd: 'a-long-password' }, 'user'],
    ['a bad email', { user: 'abcd', email: 'not-an-email', pwd: 'a-long-password' }, 'email'],
    ['a short password', { user: 'abcd', email: 'a@example.com', pwd: 'short' }, 'pwd'],
    ['the password equal to the user name', { user: 'abcdefgh', email: 'a@example.com', pwd: 'ABCDEFGH' }, 'pwd'],
    ['a missing email', { user: 'abcd', pwd: 'a-long-password' }, 'email'],
    ['a number for the user', { user: 12345, email: 'a@example.com', pwd: 'a-long-password' }, 'user'],
  ])('register refuses %s with 400 naming the field', async (_, payload, field) => {
    const before = await countUsers()
    const res = await t.app.inject({ method: 'POST', url: '/api/register', payload })
    expect(res.statusCode).toBe(400)
    const body = ErrorBodySchema.parse(res.json())
    expect(body.code).toBe('VALIDATION_FAILED')
    expect(body.issues?.map((i) => i.path)).toContain(field)
    expect(await countUsers()).toBe(before)
  })

  it('a reused refresh token revokes its whole family', async () => {
    const s = await loginAs(t, 'customer')
    const first = `tw_refresh=${s.cookies.tw_refresh}`
    const rotated = await t.app.inject({ method: 'POST', url: '/api/refresh', headers: { cookie: first } })
    expect(rotated.statusCode).toBe(200)
    const second = `tw_refresh=${rotated.cookies.find((c) => c.name === 'tw_refresh')!.value}`
    // The old token comes back: stolen or replayed.
    const replay = await t.app.inject({ method: 'POST', url: '/api/refresh', headers: { cookie: first } })
    expect(replay.statusCode).toBe(401)
    // … and the legitimate newer one is dead too.
    const legit = await t.app.inject({ method: 'POST', url: '/api/refresh', headers: { cookie: second } })
    expect(legit.statusCode).toBe(401)
  })

  it('throttles one address for one account after repeated failures, without saying whether it exists', async () => {
    const user = await createUser(t, 'customer')
    const from = { remoteAddress: '198.51.100.7' }
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { user: 'nobody-here', pwd: 'whatever1' },
      ...from,
    })
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { user: user.username, pwd: 'wrong-one' },
      ...from,
    })
    expect(unknown.statusCode).toBe(401)
    expect(wrong.statusCode).toBe(401)
    expect(unknown.json()).toEqual(wrong.json())
    for (let i = 1; i < LOGIN_LIMITS.perAccountAndAddress; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { user: user.username, pwd: 'wrong-one' },
        ...from,
      })
      expect(r.statusCode).toBe(401)
    }
    const throttled = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { user: user.username, pwd: user.password },
      ...from,
    })
    expect(throttled.statusCode).toBe(429)
    expect(ErrorBodySchema.parse(throttled.json()).code).toBe('TOO_MANY_ATTEMPTS')
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(throttled.headers['retry-after'])).toBeLessThanOrEqual(LOGIN_LIMITS.windowSeconds)
  })

  it('a disabled account loses access at once, and cannot log in', async () => {
    const s = await loginAs(t, 'operator')
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.id, s.user.id))
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(s) })
    expect(me.statusCode).toBe(401)
    await expect(login(t, s.user)).rejects.toThrow(/401/)
  })

  it('refuses a cookie-authenticated write from another site, and allows listed origins', async () => {
    const s = await loginAs(t, 'customer')
    const evil = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: s.cookie, origin: 'https://evil.example', host: 'localhost:3000' },
    })
    expect(evil.statusCode).toBe(403)
    expect(evil.json()).toMatchObject({ code: 'CROSS_SITE_REQUEST' })
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: s.cookie, origin: 'http://localhost:3000', host: 'localhost:3000' },
    })
    expect(same.statusCode).toBe(200)

    const other = await createTestApp({ CORS_ORIGINS: 'https://partner.example' })
    try {
      const partner = await loginAs(other, 'customer')
      const res = await other.app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { cookie: partner.cookie, origin: 'https://partner.example' },
      })
      expect(res.statusCode).toBe(200)
      expect(res.headers['access-control-allow-origin']).toBe('https://partner.example')
      expect(res.headers['access-control-allow-credentials']).toBe('true')
      const stranger = await other.app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { origin: 'https://evil.example' },
      })
      expect(stranger.headers['access-control-allow-origin']).toBeUndefined()
    } finally {
      await other.close()
    }
  })
})
