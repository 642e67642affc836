import {
  ErrorBodySchema,
  formatDate,
  NotificationPreferencesResponseSchema,
  NotificationResponseSchema,
  NotificationSettingsSchema,
  NotificationsResponseSchema,
  SendMessageResponseSchema,
} from '@townworks/contract'
import { asc, eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { bearer, type Session } from '../../../test/auth-helpers'
import { createTask, officeApp } from '../../../test/fixtures'
import { notifications, users, workflowRecords } from '../../db/schema'
import { changeTaskStatus } from '../tasks/tasks.service'
import { createDispatcher } from './dispatcher'
import { enqueueNotification, notifyRequestReceived, notifyTaskAssigned } from './notifications.service'
import { createLogProvider } from './providers/log-provider'
import type { NotificationProvider } from './providers/provider'

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined }

describe('notifications: the outbox, the Send SMS call and the hooks', () => {
  const t = officeApp({ workerName: 'Test Worker' })
  beforeEach(async () => {
    await t.database.db.delete(notifications)
  })

  const send = (payload: object, headers: Record<string, string> = {}, s: Session = t.operator) =>
    t.app.inject({ method: 'POST', url: '/send-whatsapp', headers: { ...bearer(s), ...headers }, payload })
  const rows = () => t.database.db.select().from(notifications).orderBy(asc(notifications.id))
  const logDispatcher = () =>
    createDispatcher({ database: t.database, provider: createLogProvider(silent), log: silent })

  describe('POST /send-whatsapp (seed call 3)', () => {
    it('queues the typed message for WhatsApp, to the number in E.164, and answers its id with 202', async () => {
      const res = await send({ to: '98480 12345', message: 'Your plumber comes at 10' })
      expect(res.statusCode).toBe(202)
      const body = SendMessageResponseSchema.parse(res.json())
      expect(body).toMatchObject({ message: 'Message queued', state: 'queued' })
      const [row] = await rows()
      expect(row).toMatchObject({
        id: body.id,
        event: 'operator_message',
        channel: 'whatsapp',
        to: '+919848012345',
        body: 'Your plumber comes at 10',
        state: 'queued',
        attempts: 0,
      })
    })

    it('a number that cannot be an Indian mobile is refused with 400 and nothing is queued', async () => {
      for (const to of ['12345', '+919848', '5848012345', '+1 415 555 0100', '']) {
        const res = await send({ to, message: 'Hello' })
        expect(res.statusCode, to).toBe(400)
        expect(ErrorBodySchema.parse(res.json())).toMatchObject({ code: 'VALIDATION_FAILED' })
        expect(res.json().issues.map((i: { path: string }) => i.path)).toContain('to')
      }
      expect(await rows()).toHaveLength(0)
    })

    it('refuses an empty message, one over 1 000 characters, and unknown fields', async () => {
      expect((await send({ to: '9848012345', message: '   ' })).statusCode).toBe(400)
      expect((await send({ to: '9848012345', message: 'x'.repeat(1001) })).statusCode).toBe(400)
      expect((await send({ to: '9848012345', message: 'x'.repeat(1000) })).statusCode).toBe(202)
      expect((await send({ to: '9848012345', message: 'hi', from: 'me' })).statusCode).toBe(400)
      expect((await send({ to: '9848012345', message: 'hi', channel: 'email' })).statusCode).toBe(400)
      expect(await rows()).toHaveLength(1)
    })

    it('free text by SMS is refused unless SMS_FREE_TEXT_ALLOWED, since Indian SMS needs a registered template', async () => {
      const res = await send({ to: '9848012345', message: 'Hello', channel: 'sms' })
      expect(res.statusCode).toBe(400)
      expect(res.json().issues).toEqual([expect.objectContaining({ path: 'channel' })])
      expect(await rows()).toHaveLength(0)
      const settings = await t.app.inject({
        method: 'GET',
        url: '/api/notifications/settings',
        headers: bearer(t.operator),
      })
      expect(NotificationSettingsSchema.parse(settings.json())).toEqual({
        provider: 'log',
        freeTextChannels: ['whatsapp'],
      })
    })

    it('the same Idempotency-Key queues the message once; a malformed key is a 400', async () => {
      const key = { 'idempotency-key': 'form-2f0c4b6e-1' }
      const first = SendMessageResponseSchema.parse((await send({ to: '9848012345', message: 'Once' }, key)).json())
      const again = await send({ to: '9848012345', message: 'Once' }, key)
      expect(again.statusCode).toBe(202)
      expect(SendMessageResponseSchema.parse(again.json())).toMatchObject({
        id: first.id,
        message: 'Message already queued',
      })
      expect(await rows()).toHaveLength(1)
      expect((await send({ to: '9848012345', message: 'x' }, { 'idempotency-key': 'bad key!' })).statusCode).toBe(400)
      expect(await rows()).toHaveLength(1)
    })

    it('customers and workers may not send; visitors must log in', async () => {
      expect((await send({ to: '9848012345', message: 'x' }, {}, t.customer)).statusCode).toBe(403)
      const visitor = await t.app.inject({
        method: 'POST',
        url: '/send-whatsapp',
        payload: { to: '9848012345', message: 'x' },
      })
      expect(visitor.statusCode).toBe(401)
      expect(await rows()).toHaveLength(0)
    })
  })

  describe('the outbox: GET /api/notifications, GET /api/notifications/{id}, POST …/retry', () => {
    it('a queued message is sent by a dispatch pass and then shows as sent with the provider id', async () => {
      const { id } = SendMessageResponseSchema.parse((await send({ to: '9848012345', message: 'Hi' })).json())
      expect(await logDispatcher().runOnce()).toBe(1)
      const res = await t.app.inject({ method: 'GET', url: `/api/notifications/${id}`, headers: bearer(t.operator) })
      const { notification } = NotificationResponseSchema.parse(res.json())
      expect(notification).toMatchObject({ id, state: 'sent', attempts: 1, provider_id: `log-${id}`, last_error: null })
      expect(notification.sent_at).not.toBeNull()
    })

    it('lists newest first, filters by state and pages', async () => {
      for (let i = 0; i < 5; i++) await send({ to: '9848012345', message: `m${i}` })
      const [failedRow] = await rows()
      await t.database.db
        .update(notifications)
        .set({ state: 'failed', lastError: 'x' })
        .where(eq(notifications.id, failedRow!.id))
      const list = async (qs: string) =>
        NotificationsResponseSchema.parse(
          (await t.app.inject({ method: 'GET', url: `/api/notifications${qs}`, headers: bearer(t.operator) })).json(),
        )
      const all = await list('')
      expect(all.total).toBe(5)
      expect(all.notifications.map((n) => n.body)).toEqual(['m4', 'm3', 'm2', 'm1', 'm0'])
      const failed = await list('?state=failed')
      expect(failed).toMatchObject({ total: 1, notifications: [{ id: failedRow!.id, last_error: 'x' }] })
      const page2 = await list('?page=2&pageSize=2')
      expect(page2.notifications.map((n) => n.body)).toEqual(['m2', 'm1'])
      const bad = await t.app.inject({
        method: 'GET',
        url: '/api/notifications?state=lost',
        headers: bearer(t.operator),
      })
      expect(bad.statusCode).toBe(400)
    })

    it('an unknown message is a 404', async () => {
      for (const [method, url] of [
        ['GET', '/api/notifications/999999'],
        ['POST', '/api/notifications/999999/retry'],
      ] as const) {
        const res = await t.app.inject({ method, url, headers: bearer(t.operator) })
        expect(res.statusCode, url).toBe(404)
      }
      const bad = await t.app.inject({ method: 'GET', url: '/api/notifications/abc', headers: bearer(t.operator) })
      expect(bad.statusCode).toBe(400)
    })

    it('a failed message is queued again with its attempts kept; any other is a 409 and unchanged', async () => {
      const { id } = SendMessageResponseSchema.parse((await send({ to: '9848012345', message: 'Hi' })).json())
      const retry = () =>
        t.app.inject({ method: 'POST', url: `/api/notifications/${id}/retry`, headers: bearer(t.operator) })
      const queued = await retry()
      expect(queued.statusCode).toBe(409)
      expect(queued.json()).toMatchObject({ code: 'CONFLICT', details: { state: 'queued' } })
      await t.database.db
        .update(notifications)
        .set({ state: 'failed', attempts: 6, lastError: 'Twilio 500' })
        .where(eq(notifications.id, id))
      const res = await retry()
      expect(res.statusCode).toBe(200)
      expect(NotificationResponseSchema.parse(res.json()).notification).toMatchObject({ state: 'queued', attempts: 6 })
      await logDispatcher().runOnce()
      const [row] = await rows()
      expect(row).toMatchObject({ state: 'sent', attempts: 7 })
      expect((await retry()).statusCode).toBe(409)
      expect((await rows())[0]).toMatchObject({ state: 'sent', attempts: 7 })
    })
  })

  describe('opting out: GET/PUT /api/me/notifications', () => {
    it('a person turns WhatsApp off, and a message for them by WhatsApp ends failed as opted out', async () => {
      const me = () => t.app.inject({ method: 'GET', url: '/api/me/notifications', headers: bearer(t.customer) })
      expect(NotificationPreferencesResponseSchema.parse((await me()).json()).preferences).toEqual({
        sms: true,
        whatsapp: true,
      })
      const put = (payload: object) =>
        t.app.inject({ method: 'PUT', url: '/api/me/notifications', headers: bearer(t.customer), payload })
      expect((await put({ sms: true })).statusCode).toBe(400)
      expect((await put({ sms: true, whatsapp: 'no' })).statusCode).toBe(400)
      expect((await put({ sms: true, whatsapp: false, email: false })).statusCode).toBe(400)
      expect(NotificationPreferencesResponseSchema.parse((await me()).json()).preferences).toEqual({
        sms: true,
        whatsapp: true,
      })
      const res = await put({ sms: true, whatsapp: false })
      expect(res.statusCode).toBe(200)
      expect(NotificationPreferencesResponseSchema.parse((await me()).json()).preferences).toEqual({
        sms: true,
        whatsapp: false,
      })

      // Known by login, and by the number on their account.
      await t.database.db.update(users).set({ phone: '+91 99490 11111' }).where(eq(users.id, t.customer.user.id))
      await t.database.db.transaction(async (tx) => {
        await enqueueNotification(tx, t.app.messaging, {
          event: 'work_started',
          to: '9000000001',
          channel: 'whatsapp',
          params: { ref: 'TW-000001' },
          messageKey: 'a',
          recipientUserId: t.customer.user.id,
        })
        await enqueueNotification(tx, t.app.messaging, {
          event: 'work_started',
          to: '9000000001',
          channel: 'sms',
          params: { ref: 'TW-000001' },
          messageKey: 'b',
          recipientUserId: t.customer.user.id,
        })
      })
      await send({ to: '9949011111', message: 'typed' })
      await logDispatcher().drain()
      const out = await rows()
      expect(out.map((r) => [r.messageKey.slice(0, 16), r.state, r.lastError])).toEqual([
        ['a', 'failed', 'opted out'],
        ['b', 'sent', null],
        [expect.stringMatching(/^operator_message/), 'failed', 'opted out'],
      ])
      expect(
        (await t.app.inject({ method: 'PUT', url: '/api/me/notifications', payload: { sms: true, whatsapp: true } }))
          .statusCode,
      ).toBe(401)
    })
  })

  describe('messages written with the change that causes them', () => {
    it('a status change writes one message to the customer, in their language, with the request reference', async () => {
      await t.database.db.update(users).set({ language: 'te' }).where(eq(users.id, t.customer.user.id))
      const { task, request } = await createTask(t, { workerId: t.workerId, customerUserId: t.customer.user.id })
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/update-status/${task.id}`,
        headers: bearer(t.operator),
        payload: { status: 'work_inprogress' },
      })
      expect(res.statusCode).toBe(200)
      const out = await rows()
      const ref = `TW-${String(request.id).padStart(6, '0')}`
      expect(out).toEqual([
        expect.objectContaining({
          event: 'work_started',
          channel: 'sms',
          to: '+919848012345',
          body: `TownWorks: ${ref} పని మొదలైంది.`,
          state: 'queued',
          recipientUserId: t.customer.user.id,
        }),
      ])
      await t.database.db.update(users).set({ language: 'en' }).where(eq(users.id, t.customer.user.id))
    })

    it('cancelling tells the customer and the worker; a payout tells only the worker', async () => {
      const { task } = await createTask(t, { workerId: t.workerId, customerUserId: t.customer.user.id })
      await changeTaskStatus(
        {
          database: t.database,
          messaging: t.app.messaging,
          user: { id: t.operator.user.id, username: 'op', role: 'operator' },
        },
        { taskId: task.id, status: 'cancelled' },
      )
      const cancelled = await rows()
      expect(cancelled.map((r) => [r.event, r.recipientUserId])).toEqual([
        ['task_cancelled', t.customer.user.id],
        ['job_cancelled', t.worker.user.id],
      ])
      expect(cancelled[1]!.to).toMatch(/^\+9190\d{8}$/)
      await t.database.db.delete(notifications)
      const paid = await createTask(t, {
        workerId: t.workerId,
        status: 'payment_received',
        customerUserId: t.customer.user.id,
      })
      await changeTaskStatus(
        {
          database: t.database,
          messaging: t.app.messaging,
          user: { id: t.operator.user.id, username: 'op', role: 'operator' },
        },
        { taskId: paid.task.id, status: 'paid_to_worker', moneyRecorded: true },
      )
      expect((await rows()).map((r) => [r.event, r.recipientUserId, r.body])).toEqual([
        ['payout_made', t.worker.user.id, `TownWorks: your money for job #${paid.task.id} has been paid out.`],
      ])
    })

    it('a refused change writes no message', async () => {
      const { task } = await createTask(t, { workerId: t.workerId })
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/update-status/${task.id}`,
        headers: bearer(t.operator),
        payload: { status: 'task_completed' },
      })
      expect(res.statusCode).toBe(409)
      expect(await rows()).toHaveLength(0)
    })

    it('a change that rolls back leaves no message', async () => {
      const { task } = await createTask(t, { workerId: t.workerId, customerUserId: t.customer.user.id })
      const ctx = {
        database: t.database,
        messaging: t.app.messaging,
        user: { id: t.operator.user.id, username: 'op', role: 'operator' as const },
      }
      await expect(
        t.database.db.transaction(async (tx) => {
          await changeTaskStatus(ctx, { taskId: task.id, status: 'work_inprogress' }, tx)
          expect(await tx.select().from(notifications)).toHaveLength(1) // written, inside the transaction
          throw new Error('something later in the same change failed')
        }),
      ).rejects.toThrow('something later')
      expect(await rows()).toHaveLength(0)
      const history = await t.database.db.select().from(workflowRecords).where(eq(workflowRecords.taskId, task.id))
      expect(history.map((h) => h.status)).toEqual(['assigned'])
    })

    it('request received and task assigned: one message each, however often the hook runs', async () => {
      const { task, request, assignment } = await createTask(t, {
        workerId: t.workerId,
        customerUserId: t.customer.user.id,
      })
      for (let i = 0; i < 2; i++) {
        await t.database.db.transaction(async (tx) => {
          await notifyRequestReceived(tx, t.app.messaging, {
            id: request.id,
            phone: request.phone,
            serviceId: request.serviceId,
            customerUserId: t.customer.user.id,
          })
          await notifyTaskAssigned(tx, t.app.messaging, assignment.id)
        })
      }
      const out = await rows()
      const ref = `TW-${String(request.id).padStart(6, '0')}`
      expect(out.map((r) => [r.event, r.to, r.body])).toEqual([
        [
          'request_received',
          '+919848012345',
          `TownWorks: we received your Plumber request ${ref}. We will call you soon.`,
        ],
        [
          'task_assigned',
          '+919848012345',
          `TownWorks: ${ref} is booked for ${formatDate(assignment.assignmentDate, 'en')} at 10:00. Worker: Test Worker.`,
        ],
        [
          'job_assigned',
          expect.stringMatching(/^\+91/),
          `TownWorks: new job #${task.id} on ${formatDate(assignment.assignmentDate, 'en')} at 10:00 in Armoor: Fix the tap`,
        ],
      ])
    })

    it('a stored number that is not a mobile is written as failed instead of undoing the change', async () => {
      await t.database.db.transaction((tx) =>
        enqueueNotification(tx, t.app.messaging, {
          event: 'work_started',
          to: '040-2345678',
          params: { ref: 'TW-000009' },
          messageKey: 'landline',
        }),
      )
      expect(await rows()).toEqual([
        expect.objectContaining({ state: 'failed', lastError: 'not a valid mobile number' }),
      ])
    })
  })

  describe('the dispatcher', () => {
    const failing = (error: Error): NotificationProvider => ({
      name: 'twilio',
      send: async () => {
        throw error
      },
    })

    it('backs off exponentially after a passing failure, then gives up after the last attempt', async () => {
      const { ProviderError } = await import('./providers/provider')
      await send({ to: '9848012345', message: 'Hi' })
      let now = new Date('2031-01-01T00:00:00Z')
      const dispatcher = createDispatcher({
        database: t.database,
        provider: failing(new ProviderError('Twilio 500 (20500): down', false, { status: 500 })),
        log: silent,
        options: { now: () => now, maxAttempts: 3, backoffBaseMs: 1_000, backoffMaxMs: 60_000 },
      })
      const waits: number[] = []
      for (let attempt = 1; attempt <= 3; attempt++) {
        expect(await dispatcher.runOnce()).toBe(1)
        expect(await dispatcher.runOnce()).toBe(0) // not due again yet
        const [row] = await rows()
        if (attempt < 3) {
          expect(row).toMatchObject({ state: 'queued', attempts: attempt, lastError: 'Twilio 500 (20500): down' })
          waits.push(row!.nextAttemptAt.getTime() - now.getTime())
          now = row!.nextAttemptAt
        } else {
          expect(row).toMatchObject({
            state: 'failed',
            attempts: 3,
            lastError: 'Twilio 500 (20500): down (gave up after 3 attempts)',
          })
        }
      }
      expect(waits).toEqual([1_000, 2_000])
    })

    it('a permanent error fails the message at once', async () => {
      const { ProviderError } = await import('./providers/provider')
      await send({ to: '9848012345', message: 'Hi' })
      const dispatcher = createDispatcher({
        database: t.database,
        provider: failing(new ProviderError("Twilio 400 (21211): The 'To' number is not valid", true)),
        log: silent,
      })
      await dispatcher.runOnce()
      expect((await rows())[0]).toMatchObject({
        state: 'failed',
        attempts: 1,
        lastError: "Twilio 400 (21211): The 'To' number is not valid",
      })
    })

    it('an unexpected error counts as passing and is retried later', async () => {
      await send({ to: '9848012345', message: 'Hi' })
      await createDispatcher({
        database: t.database,
        provider: failing(new Error('socket hang up')),
        log: silent,
      }).runOnce()
      expect((await rows())[0]).toMatchObject({ state: 'queued', attempts: 1, lastError: 'socket hang up' })
    })

    it('started in the background it sends what is queued, and stops cleanly', async () => {
      const sent: string[] = []
      const dispatcher = createDispatcher({
        database: t.database,
        provider: { name: 'log', send: async (m) => (sent.push(m.body), { providerId: `p${m.id}` }) },
        log: silent,
        options: { idleMs: 10 },
      })
      dispatcher.start()
      await send({ to: '9848012345', message: 'background' })
      dispatcher.wake()
      await expect.poll(async () => (await rows())[0]?.state, { timeout: 10_000 }).toBe('sent')
      await dispatcher.stop()
      await send({ to: '9848012345', message: 'after stop' })
      expect(await rows()).toEqual([
        expect.objectContaining({ state: 'sent' }),
        expect.objectContaining({ state: 'queued' }),
      ])
      expect(sent).toEqual(['background'])
    })
  })
})
