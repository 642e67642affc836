import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { asc } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../../test/test-app'
import { ConfigError, loadConfig } from '../../../config/config'
import { notifications } from '../../../db/schema'
import { createDispatcher } from '../dispatcher'
import { createProvider, enqueueNotification, messagingSettingsFrom } from '../notifications.service'
import { createTwilioProvider } from './twilio-provider'

const SID = `AC${'a1'.repeat(16)}`
const TOKEN = 'test-auth-token-0123456789'
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined }

interface Received {
  method: string
  path: string
  auth: string | undefined
  contentType: string | undefined
  form: Record<string, string>
  query: Record<string, string>
}

/** A local stand-in for Twilio's Messages API: form-encoded posts, basic auth, Twilio's JSON answers. */
class FakeTwilio {
  server: Server
  received: Received[] = []
  created: { sid: string; to: string; from: string; body: string }[] = []
  /** Answers chosen by recipient: 'invalid' (400/21211), 'rate' (429/20429), 'down' (500). */
  behaviour = new Map<string, 'invalid' | 'rate' | 'down'>()
  url = ''

  constructor() {
    this.server = createServer((req, res) => void this.handle(req, res))
  }

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    let raw = ''
    for await (const chunk of req) raw += String(chunk)
    const url = new URL(req.url ?? '/', 'http://x')
    const form = Object.fromEntries(new URLSearchParams(raw))
    this.received.push({
      method: req.method ?? '',
      path: url.pathname,
      auth: req.headers.authorization,
      contentType: req.headers['content-type'],
      form,
      query: Object.fromEntries(url.searchParams),
    })
    const answer = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    const error = (status: number, code: number, message: string) =>
      answer(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status })
    const expected = `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`
    if (req.headers.authorization !== expected) return error(401, 20003, 'Authenticate')
    const base = `/2010-04-01/Accounts/${SID}/Messages.json`
    if (url.pathname !== base) return error(404, 20404, 'The requested resource was not found')
    if (req.method === 'GET') {
      const to = url.searchParams.get('To')
      const from = url.searchParams.get('From')
      const messages = this.created.filter((m) => m.to === to && m.from === from).map((m) => this.resource(m))
      return answer(200, {
        messages,
        uri: base,
        first_page_uri: base,
        next_page_uri: null,
        previous_page_uri: null,
        page: 0,
        page_size: 50,
        start: 0,
        end: messages.length,
      })
    }
    const to = form.To ?? ''
    const kind = this.behaviour.get(to.replace(/^whatsapp:/, ''))
    if (kind === 'invalid') return error(400, 21211, `The 'To' number ${to} is not a valid phone number.`)
    if (kind === 'rate') return error(429, 20429, 'Too Many Requests')
    if (kind === 'down') return error(500, 20500, 'Internal Server Error')
    const message = {
      sid: `SM${randomBytes(16).toString('hex')}`,
      to,
      from: form.From ?? form.MessagingServiceSid ?? '',
      body: form.Body ?? '',
    }
    this.created.push(message)
    return answer(201, this.resource(message))
  }

  private resource(m: { sid: string; to: string; from: string; body: string }) {
    return {
      account_sid: SID,
      api_version: '2010-04-01',
      body: m.body,
      date_created: new Date().toUTCString(),
      date_sent: null,
      date_updated: new Date().toUTCString(),
      direction: 'outbound-api',
      error_code: null,
      error_message: null,
      from: m.from,
      messaging_service_sid: null,
      num_media: '0',
      num_segments: '1',
      price: null,
      price_unit: 'USD',
      sid: m.sid,
      status: 'queued',
      subresource_uris: {},
      to: m.to,
      uri: `/2010-04-01/Accounts/${SID}/Messages/${m.sid}.json`,
    }
  }

  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()))
  }
}

describe('the Twilio provider, through the official library, against a local stand-in for Twilio', () => {
  let t: TestApp
  const fake = new FakeTwilio()
  let now = new Date('2031-05-01T09:00:00Z')

  const env = () => ({
    NODE_ENV: 'test',
    NOTIFICATION_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: SID,
    TWILIO_AUTH_TOKEN: TOKEN,
    TWILIO_FROM: '+14155550100',
    TWILIO_WHATSAPP_FROM: '+14155238886',
    TWILIO_API_BASE_URL: fake.url,
    SMS_DLT_ENTITY_ID: '1101234567890123456',
    SMS_DLT_TEMPLATE_IDS: 'work_started.en=1107000000000000001,work_started.hi=1107000000000000002',
  })
  const dispatcher = () => {
    const config = loadConfig(env())
    return createDispatcher({
      database: t.database,
      provider: createProvider(config, silent),
      log: silent,
      options: { now: () => now, maxAttempts: 3, backoffBaseMs: 10_000 },
    })
  }
  const enqueue = (input: Partial<Parameters<typeof enqueueNotification>[2]>) =>
    t.database.db.transaction((tx) =>
      enqueueNotification(tx, messagingSettingsFrom(loadConfig(env())), {
        event: 'work_started',
        to: '9848012345',
        channel: 'sms',
        params: { ref: 'TW-000042' },
        messageKey: `k${Math.random()}`,
        ...input,
      }),
    )
  const rows = () => t.database.db.select().from(notifications).orderBy(asc(notifications.id))

  beforeAll(async () => {
    await fake.start()
    t = await createTestApp(env())
  })
  afterAll(async () => {
    await t.close()
    await fake.close()
  })
  beforeEach(async () => {
    await t.database.db.delete(notifications)
    fake.received = []
    fake.created = []
    fake.behaviour.clear()
    now = new Date('2031-05-01T09:00:00Z')
  })

  it('sends an SMS as a form post with basic auth, and records Twilio’s message sid and the DLT ids', async () => {
    await enqueue({})
    await dispatcher().runOnce()
    expect(fake.received).toHaveLength(1)
    const [req] = fake.received
    expect(req).toMatchObject({
      method: 'POST',
      path: `/2010-04-01/Accounts/${SID}/Messages.json`,
      auth: `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`,
      form: { To: '+919848012345', From: '+14155550100', Body: 'TownWorks: work on TW-000042 has started.' },
    })
    expect(req!.contentType).toContain('application/x-www-form-urlencoded')
    const [row] = await rows()
    expect(row).toMatchObject({
      state: 'sent',
      providerId: fake.created[0]!.sid,
      dltTemplateId: '1107000000000000001',
      dltEntityId: '1101234567890123456',
    })
    expect(row!.providerId).toMatch(/^SM[0-9a-f]{32}$/)
  })

  it('sends WhatsApp from the WhatsApp sender, both addressed as whatsapp:', async () => {
    await enqueue({
      channel: 'whatsapp',
      event: 'operator_message',
      params: { text: 'నమస్తే! Your painter comes at 9.' },
    })
    await dispatcher().runOnce()
    expect(fake.received[0]!.form).toEqual({
      To: 'whatsapp:+919848012345',
      From: 'whatsapp:+14155238886',
      Body: 'నమస్తే! Your painter comes at 9.',
    })
    expect((await rows())[0]).toMatchObject({ state: 'sent', dltTemplateId: null, dltEntityId: null })
  })

  it('an invalid number (400, code 21211) fails at once: it will never succeed', async () => {
    fake.behaviour.set('+919848012345', 'invalid')
    await enqueue({})
    await dispatcher().runOnce()
    const [row] = await rows()
    expect(row).toMatchObject({ state: 'failed', attempts: 1, providerId: null })
    expect(row!.lastError).toBe("Twilio 400 (21211): The 'To' number +919848012345 is not a valid phone number.")
  })

  it('rate limited (429, code 20429): retried after the back-off, then sent', async () => {
    fake.behaviour.set('+919848012345', 'rate')
    await enqueue({})
    const d = dispatcher()
    await d.runOnce()
    let [row] = await rows()
    expect(row).toMatchObject({ state: 'queued', attempts: 1, lastError: 'Twilio 429 (20429): Too Many Requests' })
    expect(row!.nextAttemptAt.getTime() - now.getTime()).toBe(10_000)
    expect(await d.runOnce()).toBe(0)
    fake.behaviour.clear()
    now = row!.nextAttemptAt
    await d.runOnce()
    ;[row] = await rows()
    expect(row).toMatchObject({ state: 'sent', attempts: 2, lastError: null, providerId: fake.created[0]!.sid })
    expect(fake.received).toHaveLength(2)
  })

  it('server errors (500) back off 10 s, 20 s, then the message is given up as failed', async () => {
    fake.behaviour.set('+919848012345', 'down')
    await enqueue({})
    const d = dispatcher()
    const waits: number[] = []
    for (let i = 0; i < 3; i++) {
      await d.runOnce()
      const [row] = await rows()
      if (row!.state === 'queued') {
        waits.push(row!.nextAttemptAt.getTime() - now.getTime())
        now = row!.nextAttemptAt
      }
    }
    expect(waits).toEqual([10_000, 20_000])
    expect((await rows())[0]).toMatchObject({
      state: 'failed',
      attempts: 3,
      lastError: 'Twilio 500 (20500): Internal Server Error (gave up after 3 attempts)',
    })
  })

  it('wrong credentials (401) and no answer at all are retried, not given up at once', async () => {
    await enqueue({})
    const wrong = createTwilioProvider({
      accountSid: SID,
      authToken: 'wrong-token-wrong-token',
      smsFrom: '+14155550100',
      apiBaseUrl: fake.url,
    })
    const d1 = createDispatcher({ database: t.database, provider: wrong, log: silent, options: { now: () => now } })
    await d1.runOnce()
    expect((await rows())[0]).toMatchObject({
      state: 'queued',
      attempts: 1,
      lastError: 'Twilio 401 (20003): Authenticate',
    })
    const nowhere = createTwilioProvider({
      accountSid: SID,
      authToken: TOKEN,
      smsFrom: '+14155550100',
      apiBaseUrl: 'http://127.0.0.1:9',
      timeoutMs: 2_000,
    })
    now = new Date(now.getTime() + 3_600_000)
    await createDispatcher({
      database: t.database,
      provider: nowhere,
      log: silent,
      options: { now: () => now },
    }).runOnce()
    const [row] = await rows()
    expect(row).toMatchObject({ state: 'queued', attempts: 2 })
    expect(row!.lastError).toMatch(/^Twilio: /)
  })

  it('a templated SMS without a DLT template id is failed without calling Twilio', async () => {
    await enqueue({ event: 'task_completed' })
    await dispatcher().runOnce()
    expect(fake.received).toHaveLength(0)
    expect((await rows())[0]).toMatchObject({
      state: 'failed',
      lastError: 'No DLT template id for task_completed: add it to SMS_DLT_TEMPLATE_IDS',
    })
  })

  it('a message whose dispatcher died after Twilio took it is recorded from Twilio, not sent again', async () => {
    const { id } = await enqueue({})
    // The first dispatcher sent it and died before recording: Twilio has it, our row is still `sending`.
    const provider = createProvider(loadConfig(env()), silent)
    await t.database.db.update(notifications).set({ state: 'sending', attempts: 1, nextAttemptAt: now })
    const [row0] = await rows()
    const sent = await provider.send({ ...row0!, event: row0!.event, createdAt: row0!.createdAt })
    now = new Date(now.getTime() + 1)
    await dispatcher().runOnce()
    expect(fake.received.filter((r) => r.method === 'POST')).toHaveLength(1)
    const list = fake.received.find((r) => r.method === 'GET')
    expect(list?.query).toMatchObject({ To: '+919848012345', From: '+14155550100' })
    expect((await rows())[0]).toMatchObject({ id, state: 'sent', attempts: 2, providerId: sent.providerId })
  })

  it('a Messaging Service SID as TWILIO_FROM is sent as MessagingServiceSid', async () => {
    const provider = createTwilioProvider({
      accountSid: SID,
      authToken: TOKEN,
      smsFrom: `MG${'b2'.repeat(16)}`,
      apiBaseUrl: fake.url,
    })
    await provider.send({
      id: 1,
      event: 'operator_message',
      channel: 'sms',
      to: '+919848012345',
      body: 'hi',
      messageKey: 'x',
      dltTemplateId: null,
      dltEntityId: null,
      createdAt: now,
    })
    expect(fake.received[0]!.form).toEqual({
      To: '+919848012345',
      MessagingServiceSid: `MG${'b2'.repeat(16)}`,
      Body: 'hi',
    })
  })

  it('the configuration refuses Twilio without its credentials, a sender, or the DLT entity id for SMS', () => {
    expect(() => loadConfig({ NOTIFICATION_PROVIDER: 'twilio' })).toThrow(ConfigError)
    try {
      loadConfig({ NOTIFICATION_PROVIDER: 'twilio', TWILIO_FROM: '+14155550100' })
    } catch (error) {
      const text = (error as Error).message
      for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'SMS_DLT_ENTITY_ID']) expect(text).toContain(name)
    }
    expect(() => loadConfig({ ...env(), TWILIO_ACCOUNT_SID: 'nope' })).toThrow(/TWILIO_ACCOUNT_SID/)
    expect(() => loadConfig({ ...env(), SMS_DLT_TEMPLATE_IDS: 'work_started=12' })).toThrow(/SMS_DLT_TEMPLATE_IDS/)
    expect(loadConfig(env()).SMS_DLT_TEMPLATE_IDS).toEqual({
      'work_started.en': '1107000000000000001',
      'work_started.hi': '1107000000000000002',
    })
    expect(loadConfig({}).NOTIFICATION_PROVIDER).toBe('log')
  })
})
