import { ErrorBodySchema, InviteResponseSchema, PasswordResetResponseSchema } from '@townworks/contract'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createUser, login, loginAs, type Session } from '../../../test/auth-helpers'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { notifications, users } from '../../db/schema'

describe('admin: reset a password, invite a person by phone (issue 17)', () => {
  let t: TestApp
  let admin: Session
  let operator: Session

  beforeAll(async () => {
    t = await createTestApp({ INVITES_ADMIN_HOURLY: '3', PUBLIC_URL: 'https://townworks.example/' })
    admin = await loginAs(t, 'admin')
    operator = await loginAs(t, 'operator')
  })
  afterAll(() => t.close())

  const post = (s: Session | undefined, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: s ? bearer(s) : {}, ...(payload ? { payload } : {}) })
  const me = (s: Session) => t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(s) })
  const loginWith = (user: string, pwd: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { user, pwd } })
  const counts = async () => ({
    users: (await t.database.db.select({ n: count() }).from(users))[0]!.n,
    messages: (await t.database.db.select({ n: count() }).from(notifications))[0]!.n,
  })

  it('a reset answers a one-time password once, ends every session, and forces a new password at sign-in', async () => {
    const person = await createUser(t, 'customer')
    const session = await login(t, person)
    expect((await me(session)).statusCode).toBe(200)
    const res = await post(admin, `/api/admin/users/${person.id}/password-reset`)
    expect(res.statusCode, res.body).toBe(200)
    const { one_time_password: otp, user } = PasswordResetResponseSchema.parse(res.json())
    expect(user.id).toBe(person.id)
    expect(otp).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/)
    // The old session is over; the old password no longer opens the account; the new one does, once changed.
    expect((await me(session)).statusCode).toBe(401)
    expect((await loginWith(person.username, person.password)).statusCode).toBe(401)
    const fresh = await loginWith(person.username, otp)
    expect(fresh.statusCode, fresh.body).toBe(200)
    const token = fresh.json().accesstoken as string
    const orders = await t.app.inject({
      method: 'GET',
      url: '/api/my/requests',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(ErrorBodySchema.parse(orders.json()).code).toBe('PASSWORD_CHANGE_REQUIRED')
    // Nothing about the password is stored in clear.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, person.id))
    expect(row!.passwordHash).not.toContain(otp)
    expect(row!.mustChangePassword).toBe(true)
  })

  it('only an admin may reset; an unknown user is a 404', async () => {
    const person = await createUser(t, 'customer')
    expect((await post(operator, `/api/admin/users/${person.id}/password-reset`)).statusCode).toBe(403)
    expect((await post(undefined, `/api/admin/users/${person.id}/password-reset`)).statusCode).toBe(401)
    expect((await post(admin, '/api/admin/users/999999/password-reset')).statusCode).toBe(404)
  })

  it('an invite makes the account with its role and queues the sign-in link, never the password', async () => {
    const res = await post(admin, '/api/admin/invites', {
      user: 'sita.devi',
      phone: '+91 98490 11111',
      role: 'operator',
      language: 'te',
    })
    expect(res.statusCode, res.body).toBe(201)
    const body = InviteResponseSchema.parse(res.json())
    expect(body.user).toMatchObject({ user: 'sita.devi', role: 'operator', phone: '+919849011111' })
    const [message] = await t.database.db.select().from(notifications).where(eq(notifications.id, body.notification.id))
    expect(message).toMatchObject({ event: 'account_invite', to: '+919849011111', recipientUserId: body.user.id })
    expect(message!.body).toContain('https://townworks.example/login')
    expect(message!.body).toContain('sita.devi')
    expect(message!.body).not.toContain(body.one_time_password)
    // The person signs in with the one-time password and must choose their own.
    const signIn = await loginWith('sita.devi', body.one_time_password)
    expect(signIn.statusCode, signIn.body).toBe(200)
    expect(signIn.json().user).toBe('sita.devi')
  })

  it('a phone that already has an account (written any way), or a taken name, is a 409 and stores nothing', async () => {
    await post(admin, '/api/admin/invites', { user: 'ramu.k', phone: '9849022222', role: 'worker' })
    const before = await counts()
    const samePhone = await post(admin, '/api/admin/invites', {
      user: 'ramu.two',
      phone: '098490 22222',
      role: 'customer',
    })
    expect(samePhone.statusCode, samePhone.body).toBe(409)
    expect(ErrorBodySchema.parse(samePhone.json()).message).toContain('already has an account')
    const sameName = await post(admin, '/api/admin/invites', { user: 'RAMU.K', phone: '9849033333', role: 'customer' })
    expect(sameName.statusCode, sameName.body).toBe(409)
    expect(await counts()).toEqual(before)
  })

  it('bad input is a 400 naming the field; only an admin may invite', async () => {
    const before = await counts()
    for (const [payload, field] of [
      [{ user: 'ok.name', phone: '12345', role: 'worker' }, 'phone'],
      [{ user: 'a', phone: '9849044444', role: 'worker' }, 'user'],
      [{ user: 'ok.name', phone: '9849044444', role: 'owner' }, 'role'],
      [{ user: 'ok.name', phone: '9849044444', role: 'worker', password: 'mine' }, undefined],
    ] as const) {
      const res = await post(admin, '/api/admin/invites', payload)
      expect(res.statusCode, res.body).toBe(400)
      if (field) expect(ErrorBodySchema.parse(res.json()).issues?.map((i) => i.path)).toContain(field)
    }
    const asOperator = await post(operator, '/api/admin/invites', {
      user: 'ok.name',
      phone: '9849044444',
      role: 'admin',
    })
    expect(asOperator.statusCode).toBe(403)
    expect(await counts()).toEqual(before)
  })

  it('each admin may invite INVITES_ADMIN_HOURLY people an hour; beyond it a 429 stores nothing', async () => {
    const other = await loginAs(t, 'admin')
    let phone = 9849050000
    const invite = () =>
      post(other, '/api/admin/invites', { user: `bulk${phone}`, phone: String(++phone), role: 'customer' })
    for (let i = 0; i < 3; i++) expect((await invite()).statusCode).toBe(201)
    const before = await counts()
    const refused = await invite()
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBeDefined()
    expect(await counts()).toEqual(before)
  })
})
