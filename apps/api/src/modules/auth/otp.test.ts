import {
  MyRequestsResponseSchema,
  NotificationsResponseSchema,
  OTP_MAX_TRIES,
  OtpChallengeSchema,
  OtpSignedInSchema,
} from '@townworks/contract'
import { and, count, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notifications, otpChallenges, rateLimitHits, serviceRequests, sessions, users, workers } from '../../db/schema'
import { addDays, todayInIndia } from '../../shared/dates'
import { bearer, createUser, login, loginAs } from '../../../test/auth-helpers'
import { createWorker } from '../../../test/fixtures'
import { capturingProvider, freshAddress, freshPhone, post, testClock } from '../../../test/otp-helpers'
import { createTestApp, createTwoProcesses, type TestApp } from '../../../test/test-app'

const phone = capturingProvider()
const clock = testClock()
let t: TestApp

beforeAll(async () => {
  t = await createTestApp({}, { provider: phone.provider, now: clock.now })
})
afterAll(() => t.close())

const start = (number: string, ip = freshAddress(), extra: object = {}) =>
  post(t, '/api/auth/otp/start', { phone: number, channel: 'sms', ...extra }, { ip })
const verify = (challengeId: string, code: string, ip = freshAddress()) =>
  post(t, '/api/auth/otp/verify', { challenge_id: challengeId, code }, { ip })

/** Ask for a code for a number and read it from the test's phone. */
async function codeFor(number: string, extra: object = {}): Promise<{ challengeId: string; code: string }> {
  const before = phone.sent.filter((m) => m.to.endsWith(number.slice(-10))).length
  const res = await start(number, freshAddress(), extra)
  expect(res.statusCode, res.body).toBe(200)
  const challengeId = OtpChallengeSchema.parse(res.json()).challenge_id
  return { challengeId, code: await phone.codeFor(number, before + 1) }
}

/** Sign a new number all the way in (name given): its session answer and cookies. */
async function signInNew(number: string, name = 'Lakshmi Devi', extra: object = {}) {
  const { challengeId, code } = await codeFor(number, extra)
  const verified = await verify(challengeId, code)
  expect(verified.statusCode, verified.body).toBe(200)
  const body = verified.json() as { status: string; completion_token: string }
  expect(body.status).toBe('name_needed')
  const done = await post(t, '/api/auth/otp/complete', {
    challenge_id: challengeId,
    completion_token: body.completion_token,
    name,
  })
  expect(done.statusCode, done.body).toBe(200)
  return { answer: OtpSignedInSchema.parse(done.json()), res: done, challengeId }
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describe('signing in with a mobile number', () => {
  it('a new number: code, name, signed in with the same session as a password login; the code never in the outbox', async () => {
    const number = freshPhone()
    const { answer, res } = await signInNew(number, 'Lakshmi Devi', { language: 'te' })
    expect(answer).toMatchObject({ status: 'signed_in', role: 'customer', created: true, must_change_password: false })
    // A login name from the person's name, nothing of the number in it.
    expect(answer.user).toMatch(/^lakshmi\.devi-[a-z2-9]{4}$/)
    const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c]))
    expect(cookies.tw_access?.httpOnly).toBe(true)
    expect(cookies.tw_refresh?.httpOnly).toBe(true)
    expect(cookies.tw_access?.maxAge).toBe(15 * 60)
    expect(cookies.tw_refresh?.maxAge).toBe(30 * 24 * 60 * 60)
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${answer.accesstoken}` },
    })
    expect(me.json()).toMatchObject({ role: 'customer', phone: `+91${number}`, phone_verified: true, language: 'te' })
    const [user] = await t.database.db.select().from(users).where(eq(users.username, answer.user))
    expect(user!.displayName).toBe('Lakshmi Devi')
    const [open] = await t.database.db
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, user!.id), isNull(sessions.revokedAt)))
    expect(open!.n).toBe(1)
    // The outbox keeps the message, the code masked; the outbox's API answers no code either.
    const code = phone.sent.at(-1)!.secret!
    expect(phone.sent.at(-1)!.body).toContain(code)
    const rows = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.to, `+91${number}`))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ event: 'login_code', state: 'sent' })
    expect(rows[0]!.body).not.toContain(code)
    expect(rows[0]!.body).toContain('••••••')
    const operator = await loginAs(t, 'operator')
    const outbox = await t.app.inject({
      method: 'GET',
      url: '/api/notifications?pageSize=100',
      headers: bearer(operator),
    })
    const listed = NotificationsResponseSchema.parse(outbox.json()).notifications.find((n) => n.id === rows[0]!.id)
    expect(listed?.body).not.toContain(code)
    // An operator cannot send it again (it would go out masked, and a code is good once).
    const retry = await post(t, `/api/notifications/${rows[0]!.id}/retry`, {}, { headers: bearer(operator) })
    expect(retry.statusCode).toBe(409)
    // The challenge keeps only a hash of the code.
    const [challenge] = await t.database.db
      .select()
      .from(otpChallenges)
      .where(eq(otpChallenges.phone, `+91${number}`))
    expect(JSON.stringify(challenge)).not.toContain(code)
  })

  it('a known number signs in at once; the code works once only, even for two verifies at the same moment', async () => {
    const number = freshPhone()
    const first = await signInNew(number)
    const { challengeId, code } = await codeFor(number)
    const [a, b] = await Promise.all([verify(challengeId, code), verify(challengeId, code)])
    const statuses = [a.statusCode, b.statusCode].sort()
    expect(statuses).toEqual([200, 410])
    const ok = [a, b].find((r) => r.statusCode === 200)!
    expect(OtpSignedInSchema.parse(ok.json())).toMatchObject({ user: first.answer.user, created: false })
    expect([a, b].find((r) => r.statusCode === 410)!.json().code).toBe('CODE_EXPIRED')
    // Used: it never works again.
    const again = await verify(challengeId, code)
    expect(again.statusCode).toBe(410)
    expect(again.json().code).toBe('CODE_EXPIRED')
  })

  it('five wrong codes lock the code: even the right one no longer works; a new code does', async () => {
    const number = freshPhone()
    const { challengeId, code } = await codeFor(number)
    for (let i = 1; i < OTP_MAX_TRIES; i++) {
      const res = await verify(challengeId, wrongCode(code))
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ code: 'CODE_WRONG', details: { tries_left: OTP_MAX_TRIES - i } })
    }
    const fifth = await verify(challengeId, wrongCode(code))
    expect(fifth.statusCode).toBe(410)
    expect(fifth.json().code).toBe('CODE_TRIES_USED')
    const right = await verify(challengeId, code)
    expect(right.json().code).toBe('CODE_TRIES_USED')
    clock.advance(31_000)
    const resent = await post(t, '/api/auth/otp/resend', { challenge_id: challengeId })
    expect(resent.statusCode, resent.body).toBe(200)
    const fresh = await phone.codeFor(number, 2)
    expect((await verify(challengeId, fresh)).json().status).toBe('name_needed')
  })

  it('parallel wrong guesses never get more than five tries between them', async () => {
    const number = freshPhone()
    const { challengeId, code } = await codeFor(number)
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        verify(challengeId, String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0')),
      ),
    )
    expect(guesses.filter((g) => g.json().code === 'CODE_WRONG')).toHaveLength(OTP_MAX_TRIES - 1)
    const [row] = await t.database.db.select().from(otpChallenges).where(eq(otpChallenges.id, challengeId))
    expect(row!.tries).toBe(OTP_MAX_TRIES)
    expect(row!.closedReason).toBe('tries')
  })

  it('a code expires after 10 minutes', async () => {
    const number = freshPhone()
    const { challengeId, code } = await codeFor(number)
    clock.advance(10 * 60_000 + 1_000)
    const res = await verify(challengeId, code)
    expect(res.statusCode).toBe(410)
    expect(res.json().code).toBe('CODE_EXPIRED')
  })

  it('a new code replaces the old one; a resend waits 30 seconds', async () => {
    const number = freshPhone()
    const { challengeId, code: old } = await codeFor(number)
    const tooSoon = await post(t, '/api/auth/otp/resend', { challenge_id: challengeId })
    expect(tooSoon.statusCode).toBe(429)
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0)
    clock.advance(30_000)
    const resent = await post(t, '/api/auth/otp/resend', { challenge_id: challengeId, channel: 'whatsapp' })
    expect(resent.statusCode, resent.body).toBe(200)
    expect(resent.json()).toMatchObject({ challenge_id: challengeId, channel: 'whatsapp' })
    const fresh = await phone.codeFor(number, 2)
    expect(phone.sent.at(-1)!.channel).toBe('whatsapp')
    if (fresh !== old) {
      const withOld = await verify(challengeId, old)
      expect(withOld.json().code).toBe('CODE_WRONG')
    }
    expect((await verify(challengeId, fresh)).json().status).toBe('name_needed')
  })

  it('nobody makes an account without the token the right code answered, and a token works once', async () => {
    const number = freshPhone()
    const { challengeId, code } = await codeFor(number)
    const forged = await post(t, '/api/auth/otp/complete', {
      challenge_id: challengeId,
      completion_token: 'x'.repeat(43),
      name: 'Someone Else',
    })
    expect(forged.statusCode).toBe(410)
    const token = (await verify(challengeId, code)).json().completion_token as string
    const wrongChallenge = await post(t, '/api/auth/otp/complete', {
      challenge_id: '00000000-0000-4000-8000-000000000000',
      completion_token: token,
      name: 'Someone Else',
    })
    expect(wrongChallenge.statusCode).toBe(410)
    const done = await post(t, '/api/auth/otp/complete', {
      challenge_id: challengeId,
      completion_token: token,
      name: 'Ravi',
    })
    expect(done.statusCode).toBe(200)
    const twice = await post(t, '/api/auth/otp/complete', {
      challenge_id: challengeId,
      completion_token: token,
      name: 'Ravi',
    })
    expect(twice.statusCode).toBe(410)
    const [n] = await t.database.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.phone, `+91${number}`))
    expect(n!.n).toBe(1)
  })

  it("a worker's number signs in as that worker, linked to their roster entry", async () => {
    const worker = await createWorker(t, { name: 'Ravi Kumar' })
    const number = worker.phone.slice(-10)
    const { challengeId, code } = await codeFor(number)
    const res = await verify(challengeId, code)
    const answer = OtpSignedInSchema.parse(res.json())
    expect(answer).toMatchObject({ role: 'worker', created: true })
    const [linked] = await t.database.db.select().from(workers).where(eq(workers.id, worker.id))
    const [user] = await t.database.db.select().from(users).where(eq(users.username, answer.user))
    expect(linked!.userId).toBe(user!.id)
    expect(user).toMatchObject({ role: 'worker', phone: worker.phone, displayName: 'Ravi Kumar' })
    const jobs = await t.app.inject({
      method: 'GET',
      url: '/api/my/jobs',
      headers: { authorization: `Bearer ${answer.accesstoken}` },
    })
    expect(jobs.statusCode).toBe(200)
    // The next time: the same login.
    clock.advance(60_000)
    const again = await codeFor(number)
    expect(OtpSignedInSchema.parse((await verify(again.challengeId, again.code)).json())).toMatchObject({
      user: answer.user,
      created: false,
    })
  })

  it('a worker who has a login already signs in as it', async () => {
    const login = await createUser(t, 'worker')
    const worker = await createWorker(t, { userId: login.id })
    const { challengeId, code } = await codeFor(worker.phone.slice(-10))
    expect(OtpSignedInSchema.parse((await verify(challengeId, code)).json())).toMatchObject({
      user: login.username,
      role: 'worker',
      created: false,
    })
  })

  it('staff never sign in by a code alone', async () => {
    const operator = await createUser(t, 'operator')
    const number = freshPhone()
    await t.database.db
      .update(users)
      .set({ phone: `+91${number}`, phoneVerifiedAt: new Date() })
      .where(eq(users.id, operator.id))
    const { challengeId, code } = await codeFor(number)
    const res = await verify(challengeId, code)
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('STAFF_PASSWORD_REQUIRED')
    expect(res.cookies).toHaveLength(0)
    const [open] = await t.database.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, operator.id))
    expect(open!.n).toBe(0)
  })

  it('requests made before signing in become the customer’s, and nobody else’s', async () => {
    const number = freshPhone()
    const other = freshPhone()
    const ask = (phoneNumber: string, headers: Record<string, string> = {}) =>
      post(
        t,
        '/api/servicerequest',
        {
          name: 'Lakshmi',
          phone: phoneNumber,
          email: '',
          service: 'Painter',
          service_date: addDays(todayInIndia(), 2),
          town: 'Armoor',
        },
        { headers },
      )
    const mine = [(await ask(number)).json().id, (await ask(`+91 ${number}`)).json().id] as number[]
    const notMine = (await ask(other)).json().id as number
    const someone = await loginAs(t, 'customer')
    const theirs = (await ask(number, bearer(someone))).json().id as number
    const { answer } = await signInNew(number, 'Lakshmi', { language: 'hi' })
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/my/requests',
      headers: { authorization: `Bearer ${answer.accesstoken}` },
    })
    const ids = MyRequestsResponseSchema.parse(list.json()).requests.map((r) => r.id)
    expect(ids.sort()).toEqual([...mine].sort())
    const [otherRow] = await t.database.db.select().from(serviceRequests).where(eq(serviceRequests.id, notMine))
    expect(otherRow!.customerId).toBeNull()
    const [theirRow] = await t.database.db.select().from(serviceRequests).where(eq(serviceRequests.id, theirs))
    expect(theirRow!.customerId).toBe(someone.user.id)
  })

  it('answers the same for a number with an account and one without, and does the same work', async () => {
    const known = freshPhone()
    await signInNew(known)
    clock.advance(60_000)
    const unknown = freshPhone()
    for (const url of ['/api/auth/otp/start', '/api/auth/password-reset/start']) {
      const a = await post(t, url, { phone: known, channel: 'sms' })
      const b = await post(t, url, { phone: unknown, channel: 'sms' })
      expect(a.statusCode).toBe(b.statusCode)
      const [bodyA, bodyB] = [a.json(), b.json()] as Record<string, unknown>[]
      expect(Object.keys(bodyA!).sort()).toEqual(Object.keys(bodyB!).sort())
      expect({ ...bodyA, challenge_id: 'x', phone: 'x' }).toEqual({ ...bodyB, challenge_id: 'x', phone: 'x' })
      // Each made one challenge and was counted against the same limits.
      for (const n of [known, unknown]) {
        const [row] = await t.database.db
          .select({ n: count() })
          .from(otpChallenges)
          .where(
            and(
              eq(otpChallenges.phone, `+91${n}`),
              eq(otpChallenges.purpose, url.includes('reset') ? 'password_reset' : 'sign_in'),
            ),
          )
        expect(row!.n, `${url} ${n}`).toBeGreaterThanOrEqual(1)
        const [hits] = await t.database.db
          .select()
          .from(rateLimitHits)
          .where(eq(rateLimitHits.key, `otp-number|+91${n}`))
        expect(hits!.hits).toBeGreaterThanOrEqual(1)
      }
      // A wrong code is answered alike for both.
      const wrongA = await verify(bodyA!.challenge_id as string, '000000')
      const wrongB = await verify(bodyB!.challenge_id as string, '000000')
      expect(wrongA.statusCode).toBe(wrongB.statusCode)
    }
  })

  it('the answer does not wait for the message to go: a slow provider changes no timing', async () => {
    let release: () => void = () => {}
    const slow = await createTestApp(
      {},
      {
        provider: {
          name: 'log',
          send: () => new Promise((resolve) => (release = () => resolve({ providerId: 'slow' }))),
        },
      },
    )
    try {
      const res = await post(slow, '/api/auth/otp/start', { phone: freshPhone(), channel: 'sms' })
      expect(res.statusCode).toBe(200)
      const [row] = await slow.database.db.select().from(notifications).where(eq(notifications.event, 'login_code'))
      expect(row!.state).toBe('sending')
    } finally {
      release()
      await slow.close()
    }
  })

  it('refuses a channel that is not configured, and a number that is not a mobile', async () => {
    expect((await post(t, '/api/auth/otp/start', { phone: '12345', channel: 'sms' })).statusCode).toBe(400)
    const channels = await t.app.inject({ method: 'GET', url: '/api/auth/otp/channels' })
    expect(channels.json()).toEqual({ channels: ['whatsapp', 'sms'] })
  })
})

describe('limits on codes', () => {
  it('at most 3 codes per number in 15 minutes, from any addresses', async () => {
    const number = freshPhone()
    for (let i = 0; i < 3; i++) expect((await start(number)).statusCode).toBe(200)
    const fourth = await start(number)
    expect(fourth.statusCode).toBe(429)
    expect(fourth.json().code).toBe('TOO_MANY_ATTEMPTS')
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0)
  })

  it('hold across two API processes: per number, per address; a code asked of one is checked by the other', async () => {
    const shared = capturingProvider()
    const two = await createTwoProcesses(
      { SESSION_SECRET: 'two-processes-secret-two-processes-00', OTP_PER_ADDRESS_HOURLY: '4' },
      { provider: shared.provider },
    )
    try {
      const inject = (app: typeof two.a, url: string, payload: object, ip: string) =>
        app.inject({ method: 'POST', url, payload, remoteAddress: ip })
      // Per number: 3 in 15 minutes, whichever process answers.
      const number = freshPhone()
      const answers = []
      for (const [i, app] of [two.a, two.b, two.a, two.b].entries()) {
        answers.push(await inject(app, '/api/auth/otp/start', { phone: number, channel: 'sms' }, `10.201.0.${i + 1}`))
      }
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 429])
      // Per address: 4 an hour over both processes.
      const fromOne = []
      for (const app of [two.a, two.b, two.a, two.b, two.a]) {
        fromOne.push(await inject(app, '/api/auth/otp/start', { phone: freshPhone(), channel: 'sms' }, '10.202.0.1'))
      }
      expect(fromOne.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 429])
      // Started on one process, verified on the other.
      const fresh = freshPhone()
      const started = await inject(two.a, '/api/auth/otp/start', { phone: fresh, channel: 'sms' }, '10.203.0.1')
      const code = await shared.codeFor(fresh)
      const verified = await inject(
        two.b,
        '/api/auth/otp/verify',
        { challenge_id: started.json().challenge_id, code },
        '10.203.0.1',
      )
      expect(verified.json().status).toBe('name_needed')
    } finally {
      await two.close()
    }
  })

  it('wrong codes from one address over many challenges are limited too', async () => {
    const limited = await createTestApp(
      { OTP_WRONG_PER_ADDRESS_HOURLY: '3' },
      { provider: capturingProvider().provider },
    )
    try {
      const ip = '10.200.0.1'
      const ids: string[] = []
      for (let i = 0; i < 4; i++) {
        ids.push(
          (await post(limited, '/api/auth/otp/start', { phone: freshPhone(), channel: 'sms' })).json().challenge_id,
        )
      }
      for (const id of ids.slice(0, 3)) {
        expect(
          (await post(limited, '/api/auth/otp/verify', { challenge_id: id, code: '000000' }, { ip })).statusCode,
        ).toBe(400)
      }
      const fourth = await post(limited, '/api/auth/otp/verify', { challenge_id: ids[3], code: '000000' }, { ip })
      expect(fourth.statusCode).toBe(429)
    } finally {
      await limited.close()
    }
  })
})

describe('password reset by code', () => {
  it("sets a new password with a code to the account's verified number and ends every other session", async () => {
    const user = await createUser(t, 'customer')
    const number = freshPhone()
    await t.database.db
      .update(users)
      .set({ phone: `+91${number}`, phoneVerifiedAt: new Date() })
      .where(eq(users.id, user.id))
    const old1 = await login(t, user)
    const old2 = await login(t, user)
    const started = await post(t, '/api/auth/password-reset/start', { phone: number, channel: 'sms' })
    const challengeId = started.json().challenge_id as string
    const code = await phone.codeFor(number)
    const done = await post(t, '/api/auth/password-reset/complete', {
      challenge_id: challengeId,
      code,
      new_password: 'a-brand-new-password',
    })
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json()).toMatchObject({ status: 'signed_in', user: user.username })
    for (const old of [old1, old2]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(old) })).statusCode).toBe(401)
    }
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/me',
          headers: { authorization: `Bearer ${done.json().accesstoken}` },
        })
      ).statusCode,
    ).toBe(200)
    expect((await post(t, '/api/login', { user: user.username, pwd: 'a-brand-new-password' })).statusCode).toBe(200)
    expect((await post(t, '/api/login', { user: user.username, pwd: user.password })).statusCode).toBe(401)
  })

  it('staff get their new password but sign in with it, not with the code', async () => {
    const admin = await createUser(t, 'admin')
    const number = freshPhone()
    await t.database.db
      .update(users)
      .set({ phone: `+91${number}`, phoneVerifiedAt: new Date() })
      .where(eq(users.id, admin.id))
    const started = await post(t, '/api/auth/password-reset/start', { phone: number, channel: 'sms' })
    const code = await phone.codeFor(number)
    const done = await post(t, '/api/auth/password-reset/complete', {
      challenge_id: started.json().challenge_id,
      code,
      new_password: 'another-new-password',
    })
    expect(done.json()).toMatchObject({ status: 'password_changed', user: admin.username })
    expect(done.cookies).toHaveLength(0)
  })
})

describe('staff: a code after the password', () => {
  it('asked for by the person, then required by the admin for every staff member with a number', async () => {
    const operator = await createUser(t, 'operator')
    const number = freshPhone()
    // Turning it on needs a verified number.
    const noNumber = await login(t, operator)
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/me/second-step',
      payload: { enabled: true },
      headers: bearer(noNumber),
    })
    expect(refused.statusCode).toBe(409)
    await t.database.db
      .update(users)
      .set({ phone: `+91${number}`, phoneVerifiedAt: new Date() })
      .where(eq(users.id, operator.id))
    const on = await t.app.inject({
      method: 'PUT',
      url: '/api/me/second-step',
      payload: { enabled: true },
      headers: bearer(noNumber),
    })
    expect(on.json()).toMatchObject({ second_step: true })
    const first = await post(t, '/api/login', { user: operator.username, pwd: operator.password })
    expect(first.statusCode).toBe(403)
    expect(first.json()).toMatchObject({
      code: 'SECOND_STEP_REQUIRED',
      details: { phone_hint: `+91********${number.slice(-2)}` },
    })
    expect(first.cookies).toHaveLength(0)
    const code = await phone.codeFor(number)
    const second = await verify(first.json().details.challenge_id, code)
    expect(OtpSignedInSchema.parse(second.json())).toMatchObject({ user: operator.username, role: 'operator' })

    // The admin requires it for all staff: another operator with a number is asked too.
    const admin = await createUser(t, 'admin')
    const adminSession = await login(t, admin)
    const mustHaveNumber = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/security',
      payload: { staff_second_step_required: true },
      headers: bearer(adminSession),
    })
    expect(mustHaveNumber.statusCode).toBe(409)
    await t.database.db
      .update(users)
      .set({ phone: `+91${freshPhone()}`, phoneVerifiedAt: new Date() })
      .where(eq(users.id, admin.id))
    const other = await createUser(t, 'operator')
    const required = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/security',
      payload: { staff_second_step_required: true },
      headers: bearer(adminSession),
    })
    expect(required.statusCode, required.body).toBe(200)
    expect(required.json().staff_second_step_required).toBe(true)
    const otherNumber = freshPhone()
    expect(required.json().staff_without_number).toContain(other.username)
    await t.database.db
      .update(users)
      .set({ phone: `+91${otherNumber}`, phoneVerifiedAt: new Date() })
      .where(eq(users.id, other.id))
    const asked = await post(t, '/api/login', { user: other.username, pwd: other.password })
    expect(asked.json().code).toBe('SECOND_STEP_REQUIRED')
    // A customer is never asked.
    const customer = await createUser(t, 'customer')
    expect((await post(t, '/api/login', { user: customer.username, pwd: customer.password })).statusCode).toBe(200)
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/security',
      payload: { staff_second_step_required: false },
      headers: bearer(adminSession),
    })
  })
})

describe('changing the number', () => {
  it('needs a code to the new number, and refuses a number that is another account’s', async () => {
    const { answer } = await signInNew(freshPhone())
    const auth = { authorization: `Bearer ${answer.accesstoken}` }
    const next = freshPhone()
    const started = await post(t, '/api/me/phone/start', { phone: next, channel: 'sms' }, { headers: auth })
    expect(started.statusCode, started.body).toBe(200)
    const code = await phone.codeFor(next)
    const wrong = await post(
      t,
      '/api/me/phone/verify',
      { challenge_id: started.json().challenge_id, code: wrongCode(code) },
      { headers: auth },
    )
    expect(wrong.json().code).toBe('CODE_WRONG')
    const done = await post(
      t,
      '/api/me/phone/verify',
      { challenge_id: started.json().challenge_id, code },
      { headers: auth },
    )
    expect(done.json()).toMatchObject({ phone: `+91${next}`, phone_verified: true })

    const taken = freshPhone()
    await signInNew(taken)
    clock.advance(60_000)
    const again = await post(t, '/api/me/phone/start', { phone: taken, channel: 'sms' }, { headers: auth })
    const takenCode = await phone.codeFor(taken, 2)
    const refused = await post(
      t,
      '/api/me/phone/verify',
      { challenge_id: again.json().challenge_id, code: takenCode },
      { headers: auth },
    )
    expect(refused.statusCode).toBe(409)
    expect(refused.json().code).toBe('PHONE_IN_USE')
  })
})
