import { ErrorBodySchema, MeSchema } from '@townworks/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createUser, login, loginAs } from '../../../test/auth-helpers'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { users } from '../../db/schema'

describe('PUT /api/me/language', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  const storedLanguage = async (id: number) =>
    (await t.database.db.select({ language: users.language }).from(users).where(eq(users.id, id)))[0]!.language

  it('saves the language for the caller only, and /api/me answers it after a new login', async () => {
    const worker = await createUser(t, 'worker')
    const other = await loginAs(t, 'customer')
    const session = await login(t, worker)
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/me/language',
      headers: bearer(session),
      payload: { language: 'te' },
    })
    expect(res.statusCode).toBe(200)
    expect(MeSchema.parse(res.json())).toMatchObject({ user: worker.username, language: 'te' })
    expect(await storedLanguage(worker.id)).toBe('te')
    expect(await storedLanguage(other.user.id)).toBe('en')

    const again = await login(t, worker)
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(again) })
    expect(MeSchema.parse(me.json()).language).toBe('te')

    const hindi = await t.app.inject({
      method: 'PUT',
      url: '/api/me/language',
      headers: { cookie: again.cookie, origin: 'http://localhost:3000', host: 'localhost:3000' },
      payload: { language: 'hi' },
    })
    // As the browser sends it: the session cookie, from the app's own origin.
    expect(hindi.statusCode).toBe(200)
    expect(await storedLanguage(worker.id)).toBe('hi')
  })

  it.each([
    ['an unknown language', { language: 'ta' }],
    ['no language', {}],
    ['an extra field', { language: 'hi', role: 'admin' }],
    ['a number', { language: 1 }],
  ])('refuses %s with 400 and changes nothing', async (_label, payload) => {
    const session = await loginAs(t, 'customer')
    const res = await t.app.inject({ method: 'PUT', url: '/api/me/language', headers: bearer(session), payload })
    expect(res.statusCode).toBe(400)
    expect(ErrorBodySchema.parse(res.json()).code).toBe('VALIDATION_FAILED')
    expect(await storedLanguage(session.user.id)).toBe('en')
  })

  it('needs a login (401)', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/me/language', payload: { language: 'te' } })
    expect(res.statusCode).toBe(401)
    expect(ErrorBodySchema.parse(res.json()).code).toBe('UNAUTHENTICATED')
  })

  it('a disabled account cannot save it (401)', async () => {
    const session = await loginAs(t, 'customer')
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.id, session.user.id))
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/me/language',
      headers: bearer(session),
      payload: { language: 'hi' },
    })
    expect(res.statusCode).toBe(401)
    expect(await storedLanguage(session.user.id)).toBe('en')
  })
})
