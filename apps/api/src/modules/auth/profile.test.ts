import { MeSchema, OtpChallengeSchema, OtpSignedInSchema } from '@townworks/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../db/schema'
import { bearer, createUser, login, loginAs } from '../../../test/auth-helpers'
import { capturingProvider, freshAddress, freshPhone, post } from '../../../test/otp-helpers'
import { createTestApp, type TestApp } from '../../../test/test-app'

const phone = capturingProvider()
let t: TestApp

beforeAll(async () => {
  t = await createTestApp({}, { provider: phone.provider })
})
afterAll(() => t.close())

const put = (url: string, token: string, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url,
    payload,
    headers: { authorization: `Bearer ${token}` },
    remoteAddress: freshAddress(),
  })
const getMe = async (token: string) =>
  MeSchema.parse(
    (await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } })).json(),
  )

/** A customer account made by a verified number (never given a password): its access token. */
async function phoneOnlyCustomer(name = 'Lakshmi Devi'): Promise<{ token: string; username: string }> {
  const number = freshPhone()
  const started = await post(t, '/api/auth/otp/start', { phone: number, channel: 'sms' })
  expect(started.statusCode, started.body).toBe(200)
  const challengeId = OtpChallengeSchema.parse(started.json()).challenge_id
  const code = await phone.codeFor(number)
  const verified = await post(t, '/api/auth/otp/verify', { challenge_id: challengeId, code })
  const { completion_token } = verified.json() as { completion_token: string }
  const done = await post(t, '/api/auth/otp/complete', { challenge_id: challengeId, completion_token, name })
  expect(done.statusCode, done.body).toBe(200)
  const answer = OtpSignedInSchema.parse(done.json())
  return { token: answer.accesstoken, username: answer.user }
}

describe('the profile: name and password', () => {
  it('a number-made account has its name and no password; a password account has one', async () => {
    const byNumber = await phoneOnlyCustomer('Lakshmi Devi')
    expect(await getMe(byNumber.token)).toMatchObject({ display_name: 'Lakshmi Devi', has_password: false })
    const byPassword = await loginAs(t, 'customer')
    expect(await getMe(byPassword.token)).toMatchObject({ display_name: null, has_password: true })
  })

  it('the name is saved for the caller only, and another account is not touched', async () => {
    const ravi = await loginAs(t, 'customer')
    const sita = await loginAs(t, 'customer')
    const res = await put('/api/me/name', ravi.token, { display_name: '  Ravi Kumar ' })
    expect(res.statusCode, res.body).toBe(200)
    expect(MeSchema.parse(res.json())).toMatchObject({ id: ravi.user.id, display_name: 'Ravi Kumar' })
    expect((await getMe(sita.token)).display_name).toBeNull()
    // The body names no account: an id in it is refused, not followed.
    const other = await put('/api/me/name', ravi.token, { display_name: 'Sita', id: sita.user.id })
    expect(other.statusCode).toBe(400)
    expect((await getMe(sita.token)).display_name).toBeNull()
  })

  it('a bad name is refused with 400 and nothing saved; a visitor gets 401', async () => {
    const ravi = await loginAs(t, 'customer')
    for (const display_name of ['', ' a ', 'x'.repeat(81), 'Ravi\u0000', 42]) {
      const res = await put('/api/me/name', ravi.token, { display_name })
      expect(res.statusCode, JSON.stringify(display_name)).toBe(400)
    }
    expect((await getMe(ravi.token)).display_name).toBeNull()
    const visitor = await t.app.inject({ method: 'PUT', url: '/api/me/name', payload: { display_name: 'Ravi' } })
    expect(visitor.statusCode).toBe(401)
  })

  it("another user's profile is not reachable: a customer cannot read or change an account by id", async () => {
    const ravi = await loginAs(t, 'customer')
    const sita = await createUser(t, 'customer')
    const read = await t.app.inject({ method: 'GET', url: `/api/admin/users`, headers: bearer(ravi) })
    expect(read.statusCode).toBe(403)
    const change = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${sita.id}`,
      payload: { role: 'admin' },
      headers: bearer(ravi),
    })
    expect(change.statusCode).toBe(403)
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${sita.id}/password-reset`,
      headers: bearer(ravi),
    })
    expect(reset.statusCode).toBe(403)
  })

  it('an account made by a number sets its first password without a current one, then needs it', async () => {
    const { token, username } = await phoneOnlyCustomer('Anita Rao')
    const first = await put('/api/me/password', token, { newPwd: 'a-good-first-password' })
    expect(first.statusCode, first.body).toBe(200)
    expect((await getMe(token)).has_password).toBe(true)
    // It signs in with it now, as any password account.
    const signedIn = await login(t, { id: 0, username, password: 'a-good-first-password', role: 'customer' })
    // From now on the same session must give the current password to change it.
    const without = await put('/api/me/password', signedIn.token, { newPwd: 'someone-elses-password' })
    expect(without.statusCode).toBe(400)
    expect(without.json()).toMatchObject({ code: 'VALIDATION_FAILED' })
    const wrong = await put('/api/me/password', signedIn.token, {
      currentPwd: 'not-the-password',
      newPwd: 'someone-elses-password',
    })
    expect(wrong.statusCode).toBe(400)
    const right = await put('/api/me/password', signedIn.token, {
      currentPwd: 'a-good-first-password',
      newPwd: 'a-good-second-password',
    })
    expect(right.statusCode, right.body).toBe(200)
  })

  it('a password account (also a one-time password) cannot change it without the current one', async () => {
    const ravi = await loginAs(t, 'customer')
    const res = await put('/api/me/password', ravi.token, { newPwd: 'stolen-session-password' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' })
    const given = await createUser(t, 'worker')
    await t.database.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, given.id))
    const session = await login(t, given)
    const oneTime = await put('/api/me/password', session.token, { newPwd: 'stolen-session-password' })
    expect(oneTime.statusCode).toBe(400)
    // The old passwords still work.
    await expect(login(t, ravi.user)).resolves.toBeTruthy()
    await expect(login(t, given)).resolves.toBeTruthy()
  })
})
