import { ErrorBodySchema, NotificationsResponseSchema, SendMessageResponseSchema } from '@townworks/contract'
import { asc, count, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { bearer, createUser, login, type Session } from '../../../test/auth-helpers'
import { createTestDatabase, type TestApp, secondProcessHandle } from '../../../test/test-app'
import { buildApp } from '../../app'
import { loadConfig, type Config } from '../../config/config'
import type { Database } from '../../db/client'
import { notifications, rateLimitHits, serviceRequests } from '../../db/schema'
import { addDays, todayInIndia } from '../../shared/dates'
import { createDispatcher, type Dispatcher } from './dispatcher'
import { dispatchLimitsFrom } from './notifications.service'
import type { NotificationProvider, OutgoingMessage } from './providers/provider'

/**
 * SMS pumping (issue #15): a visitor's service request sends an SMS to the number typed. The
 * limits live in the database, so two app instances (two processes) with a dispatcher each on one
 * database share every count.
 */
describe('limits against SMS pumping, shared by every API process on one database', () => {
  let database: Database
  let second: Database
  let drop: () => Promise<void>
  let config: Config
  let a: FastifyInstance
  let b: FastifyInstance
  let dispatchA: Dispatcher
  let dispatchB: Dispatcher
  const delivered: OutgoingMessage[] = []
  const warnings: string[] = []
  let ip = 0

  beforeAll(async () => {
    ;({ database, drop } = await createTestDatabase())
    // On PostgreSQL the second instance has a pool of its own, as a second process would.
    second = await secondProcessHandle(database, 3)
    config = loadConfig({
      NODE_ENV: 'test',
      SESSION_SECRET: 'test-secret-test-secret-test-secret-00',
      READ_CACHE: '0',
      NOTIFY_HOURLY_BUDGET_SMS: '12',
      NOTIFY_OPERATOR_HOURLY: '3',
    })
    a = await buildApp({ config, database })
    b = await buildApp({ config, database: second })
    await Promise.all([a.ready(), b.ready()])
    const provider: NotificationProvider = {
      name: 'log',
      async send(m) {
        delivered.push(m)
        return { providerId: `fake-${m.id}` }
      },
    }
    const log = { info: () => undefined, warn: (_: object, message: string) => warnings.push(message), error: () => {} }
    const limits = dispatchLimitsFrom(config)
    dispatchA = createDispatcher({ database, provider, log, options: { limits } })
    dispatchB = createDispatcher({ database: second, provider, log, options: { limits } })
  })
  afterAll(async () => {
    await Promise.all([a.close(), b.close()])
    if (second !== database) await second.close()
    await drop()
  })
  beforeEach(async () => {
    await database.db.delete(notifications)
    await database.db.delete(rateLimitHits)
    delivered.length = 0
    warnings.length = 0
  })

  const request = (app: FastifyInstance, phone: string) =>
    app.inject({
      method: 'POST',
      url: '/api/servicerequest',
      payload: {
        name: 'Lakshmi Devi',
        phone,
        service: 'Painter',
        service_date: addDays(todayInIndia(), 3),
        town: 'Nizamabad',
      },
      remoteAddress: `10.66.${Math.floor(++ip / 250)}.${ip % 250}`,
    })
  /** Both dispatchers take turns until nothing is due. */
  const dispatchAll = async () => {
    for (let pass = 0; pass < 100; pass++) {
      const taken = (await dispatchA.runOnce()) + (await dispatchB.runOnce())
      if (taken === 0) return
    }
  }
  const asTestApp = (app: FastifyInstance, db: Database) => ({ app, database: db, config }) as unknown as TestApp
  const operatorOn = async (app: FastifyInstance, db: Database): Promise<Session> => {
    const t = asTestApp(app, db)
    return login(t, await createUser(t, 'operator'))
  }

  it('the 6th automatic message to one number within the hour is not sent and shows as suppressed; the requests all succeed', async () => {
    const before = (await database.db.select({ n: count() }).from(serviceRequests))[0]!.n
    for (let i = 0; i < 7; i++) expect((await request(i % 2 ? a : b, '98480 11111')).statusCode).toBe(201)
    expect((await request(a, '98480 22222')).statusCode).toBe(201)
    await dispatchAll()

    // Every request was stored and has its message in the outbox …
    expect((await database.db.select({ n: count() }).from(serviceRequests))[0]!.n).toBe(before + 8)
    const rows = await database.db
      .select()
      .from(notifications)
      .where(eq(notifications.to, '+919848011111'))
      .orderBy(asc(notifications.id))
    expect(rows).toHaveLength(7)
    // … but only 5 went to that number; the other 2 say why not.
    expect(rows.filter((r) => r.state === 'sent')).toHaveLength(5)
    const suppressed = rows.filter((r) => r.state === 'suppressed')
    expect(suppressed).toHaveLength(2)
    for (const r of suppressed) {
      expect(r.lastError).toBe(
        'not sent: +919848011111 already had 5 automatic messages this hour (NOTIFY_PER_RECIPIENT_HOURLY)',
      )
    }
    expect(delivered.filter((m) => m.to === '+919848011111')).toHaveLength(5)
    // Another number is not held back by the first one's count.
    expect(delivered.filter((m) => m.to === '+919848022222')).toHaveLength(1)
    expect(warnings.filter((w) => w.startsWith('notification suppressed'))).toHaveLength(1)

    // The office sees it on the outbox, and may send one again on purpose.
    const operator = await operatorOn(b, second)
    const list = await a.inject({
      method: 'GET',
      url: '/api/notifications?state=suppressed',
      headers: bearer(operator),
    })
    expect(list.statusCode).toBe(200)
    const outbox = NotificationsResponseSchema.parse(list.json())
    expect(outbox.notifications.map((n) => n.id).sort()).toEqual(suppressed.map((r) => r.id).sort())
    const id = suppressed[0]!.id
    const retry = await b.inject({ method: 'POST', url: `/api/notifications/${id}/retry`, headers: bearer(operator) })
    expect(retry.statusCode).toBe(200)
    await dispatchAll()
    const [resent] = await database.db.select().from(notifications).where(eq(notifications.id, id))
    expect(resent).toMatchObject({ state: 'sent', attempts: 2 })
  })

  it('beyond the hourly SMS budget of all processes together, messages are held with a reason and one warn line; the requests all succeed', async () => {
    for (let i = 0; i < 15; i++) {
      expect((await request(i % 2 ? a : b, `98481${String(10000 + i).padStart(5, '0')}`)).statusCode).toBe(201)
    }
    await dispatchAll()
    const rows = await database.db.select().from(notifications).orderBy(asc(notifications.id))
    expect(rows).toHaveLength(15)
    expect(rows.filter((r) => r.state === 'sent')).toHaveLength(12)
    expect(delivered).toHaveLength(12)
    const held = rows.filter((r) => r.state === 'held')
    expect(held).toHaveLength(3)
    for (const r of held) {
      expect(r.lastError).toBe(
        'held: the hourly sms budget of 12 messages was used up (NOTIFY_HOURLY_BUDGET_SMS); send it again from the outbox',
      )
    }
    expect(warnings).toEqual([
      'notification held: the hourly sms budget of 12 messages is used up; further messages this hour are held in the outbox until an operator sends them again',
    ])
    // A held message does not use up its number's share: once sent again it goes.
    const operator = await operatorOn(a, database)
    const retry = await a.inject({
      method: 'POST',
      url: `/api/notifications/${held[0]!.id}/retry`,
      headers: bearer(operator),
    })
    expect(retry.statusCode).toBe(200)
    await dispatchAll()
    const [resent] = await database.db.select().from(notifications).where(eq(notifications.id, held[0]!.id))
    expect(resent?.state).toBe('sent')
    const [share] = await database.db
      .select({ hits: rateLimitHits.hits })
      .from(rateLimitHits)
      .where(eq(rateLimitHits.key, `notify-recipient|${held[0]!.to}`))
    expect(share?.hits).toBe(0)
  })

  it('POST /send-whatsapp: an operator past the hourly limit gets 429 on either instance, while another operator still sends', async () => {
    const first = await operatorOn(a, database)
    const other = await operatorOn(b, second)
    const send = (app: FastifyInstance, s: Session, key?: string) =>
      app.inject({
        method: 'POST',
        url: '/send-whatsapp',
        headers: { ...bearer(s), ...(key ? { 'idempotency-key': key } : {}) },
        payload: { to: '98480 33333', message: 'Your plumber comes at 10' },
      })
    expect((await send(a, first, 'first-message-1')).statusCode).toBe(202)
    expect((await send(b, first)).statusCode).toBe(202)
    expect((await send(a, first)).statusCode).toBe(202)
    const refused = await send(b, first)
    expect(refused.statusCode).toBe(429)
    const body = ErrorBodySchema.parse(refused.json())
    expect(body.code).toBe('TOO_MANY_ATTEMPTS')
    expect(body.message).toMatch(
      /^You may send 3 messages an hour and have sent them all\. Please try again in \d+ minutes?\.$/,
    )
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect((await send(a, first)).statusCode).toBe(429)
    // A repeat of a message already queued is not a new one: it is answered, not refused.
    const repeat = await send(b, first, 'first-message-1')
    expect(repeat.statusCode).toBe(202)
    expect(SendMessageResponseSchema.parse(repeat.json()).message).toBe('Message already queued')
    // Refused messages were not written.
    const [queued] = await database.db
      .select({ n: count() })
      .from(notifications)
      .where(eq(notifications.event, 'operator_message'))
    expect(queued!.n).toBe(3)
    // Another operator has a count of their own.
    expect((await send(a, other)).statusCode).toBe(202)
    expect((await send(b, other)).statusCode).toBe(202)
  })
})

describe('the notification limits in the configuration', () => {
  it('have defaults, and refuse what is not a positive whole number', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      NOTIFY_PER_RECIPIENT_HOURLY: 5,
      NOTIFY_HOURLY_BUDGET_SMS: 500,
      NOTIFY_HOURLY_BUDGET_WHATSAPP: 500,
      NOTIFY_OPERATOR_HOURLY: 30,
    })
    expect(dispatchLimitsFrom(loadConfig({ NOTIFY_HOURLY_BUDGET_WHATSAPP: '40' }))).toEqual({
      perRecipientHourly: 5,
      hourlyBudget: { sms: 500, whatsapp: 40 },
    })
    for (const name of [
      'NOTIFY_PER_RECIPIENT_HOURLY',
      'NOTIFY_HOURLY_BUDGET_SMS',
      'NOTIFY_HOURLY_BUDGET_WHATSAPP',
      'NOTIFY_OPERATOR_HOURLY',
    ]) {
      expect(() => loadConfig({ [name]: '0' })).toThrow(new RegExp(name))
      expect(() => loadConfig({ [name]: 'lots' })).toThrow(new RegExp(name))
    }
  })
})
