import { ErrorBodySchema, LoginResponseSchema, MeSchema } from '@townworks/contract'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { bearer, createUser, login, loginAs, type Session } from '../../../test/auth-helpers'
import { createTestApp, createTwoProcesses, type TestApp, type TwoProcesses } from '../../../test/test-app'
import type { Database } from '../../db/client'
import { users } from '../../db/schema'
import { seedDemoData } from '../../db/seed/demo'

const SAME_SITE = { origin: 'http://localhost:3000', host: 'localhost:3000' }

describe('sessions end at once: logout, password change, disabled account', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/me', headers })

  it('after logout the old access token gets 401 at once (bearer and cookie)', async () => {
    const s = await loginAs(t, 'customer')
    expect((await me(bearer(s))).statusCode).toBe(200)
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: s.cookie, ...SAME_SITE } })
    expect(out.statusCode).toBe(200)
    expect((await me(bearer(s))).statusCode).toBe(401)
    expect((await me({ cookie: `tw_access=${s.cookies.tw_access}` })).statusCode).toBe(401)
    const renewed = await t.app.inject({
      method: 'POST',
      url: '/api/refresh',
      headers: { cookie: `tw_refresh=${s.cookies.tw_refresh}` },
    })
    expect(renewed.statusCode).toBe(401)
  })

  it('a bearer client logging out (no cookies) ends its token too, and only that session', async () => {
    const user = await createUser(t, 'worker')
    const phone = await login(t, user)
    const laptop = await login(t, user)
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(phone) })
    expect(out.statusCode).toBe(200)
    expect((await me(bearer(phone))).statusCode).toBe(401)
    expect((await me(bearer(laptop))).statusCode).toBe(200)
  })

  it("the seed's client flow still works with cookies only: login, calls, logout", async () => {
    const user = await createUser(t, 'operator')
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { user: user.username, pwd: user.password },
    })
    expect(Object.keys(res.json() as object)).toEqual(expect.arrayContaining(['user', 'accesstoken', 'message']))
    const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
    const assignments = await t.app.inject({ method: 'GET', url: '/api/assignments', headers: { cookie } })
    expect(assignments.statusCode).toBe(200)
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie, ...SAME_SITE } })
    expect(out.statusCode).toBe(200)
    const after = await t.app.inject({ method: 'GET', url: '/api/assignments', headers: { cookie } })
    expect(after.statusCode).toBe(401)
  })

  it('after an admin disables the account its tokens get 401, and re-enabling does not revive them', async () => {
    const admin = await loginAs(t, 'admin')
    const s = await loginAs(t, 'operator')
    const disable = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${s.user.id}`,
      headers: bearer(admin),
      payload: { disabled: true },
    })
    expect(disable.statusCode).toBe(200)
    expect((await me(bearer(s))).statusCode).toBe(401)
    const enable = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${s.user.id}`,
      headers: bearer(admin),
      payload: { disabled: false },
    })
    expect(enable.statusCode).toBe(200)
    expect((await me(bearer(s))).statusCode).toBe(401)
    expect((await login(t, s.user)).token).toBeTruthy()
  })
})

describe('PUT /api/me/password', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  const change = (s: Session, payload: object, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'PUT', url: '/api/me/password', headers: bearer(s), payload, remoteAddress })

  it('with the right current password: changes it, keeps this session, ends every other session', async () => {
    const user = await createUser(t, 'customer')
    const here = await login(t, user)
    const elsewhere = await login(t, user)
    const res = await change(here, { currentPwd: user.password, newPwd: 'a-brand-new-secret' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ message: 'Password changed' })
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(here) })).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(elsewhere) })).statusCode).toBe(401)
    const renew = await t.app.inject({
      method: 'POST',
      url: '/api/refresh',
      headers: { cookie: `tw_refresh=${elsewhere.cookies.tw_refresh}` },
    })
    expect(renew.statusCode).toBe(401)
    await expect(login(t, user)).rejects.toThrow(/401/)
    await expect(login(t, { ...user, password: 'a-brand-new-secret' })).resolves.toBeDefined()
  })

  it('with a wrong current password: 400 naming currentPwd, nothing changes', async () => {
    const user = await createUser(t, 'customer')
    const s = await login(t, user)
    const res = await change(s, { currentPwd: 'not-my-password', newPwd: 'a-brand-new-secret' })
    expect(res.statusCode).toBe(400)
    const body = ErrorBodySchema.parse(res.json())
    expect(body.issues?.map((i) => i.path)).toEqual(['currentPwd'])
    await expect(login(t, user)).resolves.toBeDefined()
  })

  it('guessing the current password through it is throttled like a login (429)', async () => {
    const user = await createUser(t, 'customer')
    const s = await login(t, user)
    for (let i = 0; i < 5; i++) {
      expect(
        (await change(s, { currentPwd: `guess-${i}`, newPwd: 'a-brand-new-secret' }, '203.0.113.77')).statusCode,
      ).toBe(400)
    }
    const res = await change(s, { currentPwd: user.password, newPwd: 'a-brand-new-secret' }, '203.0.113.77')
    expect(res.statusCode).toBe(429)
  })

  it.each([
    ['a short new password', { newPwd: 'short' }, 'newPwd'],
    ['the new password equal to the user name', { newPwd: 'USERNAME' }, 'newPwd'],
    ['the same password again', { newPwd: 'SAME' }, 'newPwd'],
    ['no current password', { currentPwd: '', newPwd: 'a-brand-new-secret' }, 'currentPwd'],
  ])('refuses %s with 400 naming the field, and keeps the password', async (_, extra, field) => {
    const user = await createUser(t, 'customer', `changer${Math.random().toString(36).slice(2, 8)}`)
    const s = await login(t, user)
    const payload = { currentPwd: user.password, ...extra }
    if (payload.newPwd === 'USERNAME') payload.newPwd = user.username.toUpperCase()
    if (payload.newPwd === 'SAME') payload.newPwd = user.password
    const res = await change(s, payload)
    expect(res.statusCode).toBe(400)
    const body = ErrorBodySchema.parse(res.json())
    expect(body.code).toBe('VALIDATION_FAILED')
    expect(body.issues?.map((i) => i.path)).toContain(field)
    await expect(login(t, user)).resolves.toBeDefined()
  })

  it('needs a login', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/me/password',
      payload: { currentPwd: 'x', newPwd: 'a-brand-new-secret' },
    })
    expect(res.statusCode).toBe(401)
  })
})

describe('one-time passwords: the first login must choose a new password', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('the demo logins carry must_change_password when seeded as one-time', async () => {
    const logins = await seedDemoData(t.database.db, { oneTimePasswords: true })
    const flags = await t.database.db.select({ must: users.mustChangePassword }).from(users)
    expect(logins.length).toBeGreaterThan(0)
    expect(flags.every((f) => f.must)).toBe(true)
  })

  it('login says so; other calls answer 403 PASSWORD_CHANGE_REQUIRED until the password is changed', async () => {
    const user = await createUser(t, 'operator')
    await t.database.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, user.id))
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { user: user.username, pwd: user.password },
    })
    expect(res.statusCode).toBe(200)
    const answer = LoginResponseSchema.parse(res.json())
    expect(answer).toMatchObject({ user: user.username, mustChangePassword: true })
    const s = { token: answer.accesstoken }
    const headers = { authorization: `Bearer ${s.token}` }

    const blocked = await t.app.inject({ method: 'GET', url: '/api/assignments', headers })
    expect(blocked.statusCode).toBe(403)
    expect(ErrorBodySchema.parse(blocked.json()).code).toBe('PASSWORD_CHANGE_REQUIRED')
    const who = await t.app.inject({ method: 'GET', url: '/api/me', headers })
    expect(who.statusCode).toBe(200)
    expect(MeSchema.parse(who.json()).mustChangePassword).toBe(true)

    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/me/password',
      headers,
      payload: { currentPwd: user.password, newPwd: 'my-own-choice-2026' },
    })
    expect(changed.statusCode).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: '/api/assignments', headers })).statusCode).toBe(200)
    const again = await t.app.inject({ method: 'GET', url: '/api/me', headers })
    expect(MeSchema.parse(again.json()).mustChangePassword).toBe(false)
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { user: user.username, pwd: 'my-own-choice-2026' },
    })
    expect(LoginResponseSchema.parse(next.json()).mustChangePassword).toBe(false)
  })

  it('logout works for such a session', async () => {
    const user = await createUser(t, 'customer')
    await t.database.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, user.id))
    const s = await login(t, user)
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(s) })
    expect(out.statusCode).toBe(200)
  })
})

describe('ending a session reaches every API process on the database', () => {
  let processes: TwoProcesses
  let database: Database
  let a: FastifyInstance
  let b: FastifyInstance

  beforeAll(async () => {
    processes = await createTwoProcesses({
      SESSION_SECRET: 'test-secret-test-secret-test-secret-00',
      READ_CACHE: '1',
    })
    ;({ a, b, database } = processes)
  })
  afterAll(() => processes.close())

  it('a token cached as valid by process B gets 401 there once process A logs it out', async () => {
    const t = { app: a, database, config: a.config, close: async () => undefined }
    const s = await login(t, await createUser(t, 'customer'))
    const onB = () => b.inject({ method: 'GET', url: '/api/me', headers: bearer(s) })
    expect((await onB()).statusCode).toBe(200)
    expect((await onB()).statusCode).toBe(200)
    expect((await a.inject({ method: 'POST', url: '/api/logout', headers: bearer(s) })).statusCode).toBe(200)
    // B hears of the change when PostgreSQL's notice arrives (on PGlite: at once).
    await vi.waitFor(async () => expect((await onB()).statusCode).toBe(401), { timeout: 5_000, interval: 25 })
  })
})
