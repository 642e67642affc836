import {
  AcceptQuoteResponseSchema,
  formatDate,
  InvoiceResponseSchema,
  MyRequestsResponseSchema,
  RequestsResponseSchema,
  QuoteResponseSchema,
  RequestQuotesResponseSchema,
  TaskChargesResponseSchema,
  type CreateQuoteInput,
  type Quote,
} from '@townworks/contract'
import { count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, loginAs, type Session } from '../../../test/auth-helpers'
import { createWorker, officeCast, weekdaysAhead, type OfficeCast } from '../../../test/fixtures'
import { freshAddress, testClock } from '../../../test/otp-helpers'
import { expectBooksBalance, key, payManually } from '../../../test/payment-flow'
import { createTestApp, type TestApp } from '../../../test/test-app'
import {
  assignments,
  invoices,
  notifications,
  quoteLines,
  quotes,
  serviceRequests,
  tasks,
  workflowRecords,
} from '../../db/schema'
import { addDays, todayInIndia } from '../../shared/dates'

// Quotes the customer approves (issue 22, decision 061), through the API.

/** A Telangana business registered for GST (its GSTIN's check character is right). */
const REGISTERED = {
  GST_REGISTERED: '1',
  GSTIN: '36AABCT1332L1ZF',
  BUSINESS_LEGAL_NAME: 'TownWorks Services Private Limited',
  BUSINESS_ADDRESS: '2-3-45, Station Road, Armoor, Telangana 503224',
  PUBLIC_URL: 'https://townworks.example/',
}

const DAY_MS = 24 * 60 * 60 * 1000
const nextDay = weekdaysAhead(3)

/**
 * Labour by the hour and three materials with their own services: 1.5 h × ₹333.33 = ₹499.995, which
 * rounds half a paisa up to ₹500.00; 2 tractor loads of sand; 2 000 bricks at ₹8.50; 2.25 cubic feet
 * of mortar at ₹10.01 = ₹22.5225 → ₹22.52. With a ₹200 visit charge: ₹24,722.52.
 */
const LINES: CreateQuoteInput['lines'] = [
  { kind: 'labour', description: 'Fix the leaking pipes', unit: 'hour', quantity: 1.5, unit_price_paise: 33_333 },
  {
    kind: 'material',
    description: 'Sand',
    service: 'Sand Services',
    unit: 'tractor_load',
    quantity: 2,
    unit_price_paise: 350_000,
  },
  {
    kind: 'material',
    description: 'Bricks',
    service: 'Brick Services',
    unit: 'piece',
    quantity: 2000,
    unit_price_paise: 850,
  },
  {
    kind: 'material',
    description: 'Mortar mix',
    service: 'Morter Services',
    unit: 'cubic_foot',
    quantity: 2.25,
    unit_price_paise: 1_001,
  },
]
const LINE_TOTALS = [50_000, 700_000, 1_700_000, 2_252]
const VISIT = 20_000
const TOTAL = VISIT + 50_000 + 700_000 + 1_700_000 + 2_252

interface Scene extends OfficeCast {
  t: TestApp
  clock: ReturnType<typeof testClock>
  otherCustomer: Session
}

async function scene(env: Record<string, string> = {}): Promise<Scene> {
  const clock = testClock(new Date())
  const t = await createTestApp(env, { now: clock.now })
  return { t, clock, ...(await officeCast(t)), otherCustomer: await loginAs(t, 'customer') }
}

/** A request for a plumber in Armoor: the customer's (signed in) or a visitor's; answers its id. */
async function newRequest(
  s: Scene,
  opts: { customer?: Session; language?: 'en' | 'te' | 'hi'; phone?: string } = {},
): Promise<number> {
  const res = await s.t.app.inject({
    method: 'POST',
    url: '/api/servicerequest',
    remoteAddress: freshAddress(),
    headers: opts.customer ? bearer(opts.customer) : {},
    payload: {
      name: 'Asha Rani',
      phone: opts.phone ?? '98480 12345',
      service: 'Plumber',
      service_date: addDays(todayInIndia(), 3),
      town: 'Armoor',
      description: 'Pipes leak under the sink',
      ...(opts.language ? { language: opts.language } : {}),
    },
  })
  expect(res.statusCode, res.body).toBe(201)
  return (res.json() as { id: number }).id
}

function sendQuote(s: Scene, requestId: number, body: Partial<CreateQuoteInput> = {}, headers = {}) {
  return s.t.app.inject({
    method: 'POST',
    url: `/api/requests/${requestId}/quotes`,
    headers: { ...bearer(s.operator), ...headers },
    payload: {
      valid_until: addDays(todayInIndia(s.clock.now()), 7),
      note: 'Materials delivered on the day',
      visit_charge_paise: VISIT,
      lines: LINES,
      ...body,
    },
  })
}

async function quoteOf(s: Scene, requestId: number, body: Partial<CreateQuoteInput> = {}): Promise<Quote> {
  const res = await sendQuote(s, requestId, body)
  expect(res.statusCode, res.body).toBe(201)
  return QuoteResponseSchema.parse(res.json()).quote
}

function decide(s: Scene, who: Session, quoteId: number, verb: 'accept' | 'decline', reason?: string) {
  return s.t.app.inject({
    method: 'POST',
    url: `/api/quotes/${quoteId}/${verb}`,
    headers: bearer(who),
    ...(verb === 'decline' ? { payload: reason === undefined ? {} : { reason } } : {}),
  })
}

async function listQuotes(s: Scene, who: Session, requestId: number) {
  return s.t.app.inject({ method: 'GET', url: `/api/requests/${requestId}/quotes`, headers: bearer(who) })
}

async function requestRow(s: Scene, requestId: number) {
  const [row] = await s.t.database.db.select().from(serviceRequests).where(eq(serviceRequests.id, requestId))
  return row!
}

async function quoteCount(s: Scene): Promise<{ quotes: number; lines: number; messages: number }> {
  const db = s.t.database.db
  const [q] = await db.select({ n: count() }).from(quotes)
  const [l] = await db.select({ n: count() }).from(quoteLines)
  const [m] = await db.select({ n: count() }).from(notifications).where(eq(notifications.event, 'quote_sent'))
  return { quotes: q!.n, lines: l!.n, messages: m!.n }
}

function expectRefusal(res: { statusCode: number; body: string }, status: number, reason?: string) {
  expect(res.statusCode, res.body).toBe(status)
  if (reason) expect((JSON.parse(res.body) as { details?: { reason?: string } }).details?.reason, res.body).toBe(reason)
}

describe('the office sends quotes: versions, lines, the message', () => {
  let s: Scene
  beforeAll(async () => {
    s = await scene({ PUBLIC_URL: 'https://townworks.example/' })
  })
  afterAll(() => s.t.close())

  it('v1 is sent with each line’s total rounded half a paisa up; v2 supersedes it; both are listed newest first', async () => {
    const requestId = await newRequest(s, { customer: s.customer })
    const v1 = await quoteOf(s, requestId)
    expect(v1).toMatchObject({
      request_id: requestId,
      version: 1,
      status: 'sent',
      visit_charge_paise: VISIT,
      total_paise: TOTAL,
      note: 'Materials delivered on the day',
      slot: null,
      created_by: s.operator.user.username,
      decided_at: null,
      expired: false,
      can_decide: true,
    })
    expect(v1.lines.map((l) => l.total_paise)).toEqual(LINE_TOTALS)
    expect(v1.lines[1]).toEqual({
      position: 2,
      kind: 'material',
      description: 'Sand',
      service: 'Sand Services',
      unit: 'tractor_load',
      quantity: 2,
      unit_price_paise: 350_000,
      total_paise: 700_000,
    })
    expect(v1.lines[0]!.service).toBeNull()

    const v2 = await quoteOf(s, requestId, { visit_charge_paise: 0, lines: LINES.slice(0, 2) })
    expect(v2).toMatchObject({ version: 2, status: 'sent', total_paise: 750_000 })

    const staff = RequestQuotesResponseSchema.parse((await listQuotes(s, s.operator, requestId)).json()).quotes
    expect(staff.map((q) => [q.version, q.status, q.can_decide])).toEqual([
      [2, 'sent', true],
      [1, 'superseded', false],
    ])
    expect(staff[1]!.lines).toHaveLength(4)

    // The request's customer reads them too, without the office's login names; anyone else is told there is no such request.
    const own = await listQuotes(s, s.customer, requestId)
    expect(own.statusCode).toBe(200)
    const ownQuotes = RequestQuotesResponseSchema.parse(own.json()).quotes
    expect(ownQuotes.map((q) => q.version)).toEqual([2, 1])
    expect(ownQuotes.every((q) => q.created_by === null)).toBe(true)
    expect((await listQuotes(s, s.otherCustomer, requestId)).statusCode).toBe(404)
    expect((await listQuotes(s, s.worker, requestId)).statusCode).toBe(403)
    expect((await listQuotes(s, s.operator, 999_999)).statusCode).toBe(404)

    // My requests shows the latest version, with its lines, without another call.
    const mine = MyRequestsResponseSchema.parse(
      (await s.t.app.inject({ method: 'GET', url: '/api/my/requests', headers: bearer(s.customer) })).json(),
    ).requests.find((r) => r.id === requestId)!
    expect(mine.quote).toMatchObject({ id: v2.id, version: 2, status: 'sent', total_paise: 750_000, can_decide: true })
    expect(mine.quote!.lines).toHaveLength(2)
    expect(mine.task).toBeNull()
  })

  it('each version queues one message to the customer, in the request’s language, with the link to My requests', async () => {
    const requestId = await newRequest(s, { customer: s.customer, language: 'te' })
    const quote = await quoteOf(s, requestId)
    const [message] = await s.t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.messageKey, `quote_sent:q${quote.id}`))
    expect(message).toMatchObject({
      event: 'quote_sent',
      to: '+919848012345',
      state: 'queued',
      recipientUserId: s.customer.user.id,
    })
    const reference = `TW-${String(requestId).padStart(6, '0')}`
    expect(message!.body).toContain(reference)
    expect(message!.body).toContain('₹24,722.52')
    expect(message!.body).toContain('https://townworks.example/my/requests')
    expect(message!.body).toMatch(/[\u0C00-\u0C7F]/)
  })

  it('a request made without an account still gets the message, at its number', async () => {
    const requestId = await newRequest(s, { phone: '9848011111' })
    const quote = await quoteOf(s, requestId, { visit_charge_paise: 0, lines: LINES.slice(0, 1) })
    const [message] = await s.t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.messageKey, `quote_sent:q${quote.id}`))
    expect(message).toMatchObject({ to: '+919848011111', recipientUserId: null })
    expect(message!.body).toBe(
      `TownWorks: quote for TW-${String(requestId).padStart(6, '0')}: Rs 500, valid till ${formatDate(quote.valid_until, 'en')}. ` +
        'Accept or decline it in My requests: https://townworks.example/my/requests',
    )
  })

  it('an Idempotency-Key makes a repeated send one version and one message', async () => {
    const requestId = await newRequest(s, { customer: s.customer })
    const before = await quoteCount(s)
    const idempotencyKey = key()
    const first = await sendQuote(s, requestId, {}, { 'idempotency-key': idempotencyKey })
    const again = await sendQuote(s, requestId, {}, { 'idempotency-key': idempotencyKey })
    expect(first.statusCode, first.body).toBe(201)
    expect(again.statusCode, again.body).toBe(201)
    expect(QuoteResponseSchema.parse(again.json()).quote.id).toBe(QuoteResponseSchema.parse(first.json()).quote.id)
    expect(await quoteCount(s)).toEqual({
      quotes: before.quotes + 1,
      lines: before.lines + LINES.length,
      messages: before.messages + 1,
    })
  })

  it('only the staff send quotes', async () => {
    const requestId = await newRequest(s, { customer: s.customer })
    expect((await sendQuote(s, requestId, {}, bearer(s.customer))).statusCode).toBe(403)
    expect((await sendQuote(s, requestId, {}, bearer(s.worker))).statusCode).toBe(403)
    expect((await sendQuote(s, 999_999)).statusCode).toBe(404)
  })

  it('is refused (409, in words) for a request no longer open, and once a quote of it was accepted', async () => {
    const rejected = await newRequest(s, { customer: s.customer })
    const reject = await s.t.app.inject({
      method: 'PUT',
      url: `/api/requests/${rejected}/reject`,
      headers: bearer(s.operator),
      payload: { reason: 'Outside our towns' },
    })
    expect(reject.statusCode).toBe(200)
    const res = await sendQuote(s, rejected)
    expectRefusal(res, 409, 'request_not_open')
    expect(res.json().message).toBe('This request is already rejected: only an open request gets a quote')

    const requestId = await newRequest(s, { customer: s.customer })
    const quote = await quoteOf(s, requestId)
    expect((await decide(s, s.customer, quote.id, 'accept')).statusCode).toBe(200)
    const after = await sendQuote(s, requestId)
    expectRefusal(after, 409, 'quote_accepted')
    expect(after.json().message).toMatch(/already accepted quote v1/)
  })
})

describe('units and quantities: the contract refuses what a unit cannot count (400 naming the line), and stores nothing', () => {
  let s: Scene
  let requestId: number
  beforeAll(async () => {
    s = await scene()
    requestId = await newRequest(s, { customer: s.customer })
  })
  afterAll(() => s.t.close())

  const line = (over: Record<string, unknown>) => ({
    kind: 'material',
    description: 'Cement',
    unit: 'bag',
    quantity: 2,
    unit_price_paise: 42_000,
    ...over,
  })

  const cases: [string, Record<string, unknown>, string, string][] = [
    ['half a bag', { quantity: 1.5 }, 'lines.1.quantity', 'Line 2: bags are counted in whole numbers'],
    [
      'a fraction of a tractor load',
      { unit: 'tractor_load', quantity: 0.5 },
      'lines.1.quantity',
      'Line 2: tractor loads are counted in whole numbers',
    ],
    [
      'a fraction of a piece',
      { unit: 'piece', quantity: 10.25 },
      'lines.1.quantity',
      'Line 2: pieces are counted in whole numbers',
    ],
    [
      'a fraction of a trip',
      { unit: 'trip', quantity: 1.5 },
      'lines.1.quantity',
      'Line 2: trips are counted in whole numbers',
    ],
    [
      'a quarter hour',
      { kind: 'labour', unit: 'hour', quantity: 1.25 },
      'lines.1.quantity',
      'Line 2: hours are counted in whole or half hours (1.5, not 1.25)',
    ],
    [
      'a third of a day',
      { unit: 'day', quantity: 0.3 },
      'lines.1.quantity',
      'Line 2: days are counted in whole or half days (1.5, not 1.25)',
    ],
    [
      'three decimals of a cubic foot',
      { unit: 'cubic_foot', quantity: 1.005 },
      'lines.1.quantity',
      'Line 2: cubic feet take at most two decimals',
    ],
    ['zero', { quantity: 0 }, 'lines.1.quantity', 'Line 2: enter a quantity above zero'],
    ['a negative quantity', { quantity: -3 }, 'lines.1.quantity', 'Line 2: enter a quantity above zero'],
    ['too many bags for one line', { quantity: 10_001 }, 'lines.1.quantity', 'Line 2: at most 10000 bags on one line'],
    [
      'a job that is not whole',
      { kind: 'labour', unit: 'job', quantity: 1.5 },
      'lines.1.quantity',
      'Line 2: jobs are counted in whole numbers',
    ],
    [
      'labour counted in bags',
      { kind: 'labour' },
      'lines.1.unit',
      'Line 2: labour is counted in jobs, hours, days, trips',
    ],
    [
      'a material counted in hours',
      { unit: 'hour', quantity: 2 },
      'lines.1.unit',
      'Line 2: a material is counted in days, tractor loads, bags, pieces, trips, cubic feet',
    ],
    ['a zero unit price', { unit_price_paise: 0 }, 'lines.1.unit_price_paise', 'Enter a unit price above zero'],
    ['a negative unit price', { unit_price_paise: -100 }, 'lines.1.unit_price_paise', ''],
    ['an unknown unit', { unit: 'kilo' }, 'lines.1.unit', 'Choose a unit from the list'],
    ['a quantity as text', { quantity: '2' }, 'lines.1.quantity', 'Enter a quantity'],
    [
      'a line of less than a paisa',
      { unit: 'cubic_foot', quantity: 0.01, unit_price_paise: 1 },
      'lines.1.quantity',
      'Line 2: comes to less than a paisa',
    ],
  ]

  it.each(cases)('%s is refused', async (_label, over, path, message) => {
    const before = await quoteCount(s)
    const res = await sendQuote(s, requestId, { lines: [LINES[0]!, line(over) as never] })
    expect(res.statusCode, res.body).toBe(400)
    const issues = (res.json() as { issues: { path: string; message: string }[] }).issues
    const issue = issues.find((i) => i.path === path)
    expect(issue, res.body).toBeDefined()
    if (message) expect(issue!.message).toBe(message)
    expect(await quoteCount(s)).toEqual(before)
  })

  it('halves of hours and days, two decimals of cubic feet and whole counts elsewhere are taken', async () => {
    const quote = await quoteOf(s, requestId, {
      visit_charge_paise: 0,
      lines: [
        { kind: 'labour', description: 'Mason', unit: 'day', quantity: 2.5, unit_price_paise: 90_000 },
        { kind: 'labour', description: 'Helper', unit: 'hour', quantity: 0.5, unit_price_paise: 15_001 },
        { kind: 'material', description: 'Mixer hire', unit: 'day', quantity: 0.5, unit_price_paise: 120_000 },
        { kind: 'material', description: 'Mortar', unit: 'cubic_foot', quantity: 0.07, unit_price_paise: 999 },
        { kind: 'labour', description: 'Delivery', unit: 'trip', quantity: 1, unit_price_paise: 80_000 },
      ],
    })
    // 0.5 × 150.01 = 75.005 → 75.01; 0.07 × 9.99 = 0.6993 → 0.70.
    expect(quote.lines.map((l) => l.total_paise)).toEqual([225_000, 7_501, 60_000, 70, 80_000])
    expect(quote.total_paise).toBe(225_000 + 7_501 + 60_000 + 70 + 80_000)
  })

  it('bad input elsewhere is 400 and changes nothing: a past last day, one too far, a past slot, no lines, a service we do not offer', async () => {
    const today = todayInIndia(s.clock.now())
    const bad: [Partial<CreateQuoteInput>, string][] = [
      [{ valid_until: addDays(today, -1) }, 'valid_until'],
      [{ valid_until: addDays(today, 91) }, 'valid_until'],
      [
        { slot: { worker_id: s.workerId, date: addDays(today, -1), start_time: '10:00', end_time: '12:00' } },
        'slot.date',
      ],
      [{ slot: { worker_id: s.workerId, date: nextDay(), start_time: '12:00', end_time: '10:00' } }, 'slot.end_time'],
      [{ lines: [] }, 'lines'],
      [{ lines: [{ ...LINES[1]!, service: 'Gold Services' }] }, 'lines.0.service'],
      [{ visit_charge_paise: -1 }, 'visit_charge_paise'],
      [{ lines: [{ ...LINES[0]!, description: 'x' }] }, 'lines.0.description'],
      [{ lines: [{ ...LINES[1]!, quantity: 100, unit_price_paise: 10_000_001 }] }, 'lines.0.unit_price_paise'],
    ]
    const before = await quoteCount(s)
    for (const [body, path] of bad) {
      const res = await sendQuote(s, requestId, body)
      expect(res.statusCode, `${path}: ${res.body}`).toBe(400)
      expect(
        (res.json() as { issues: { path: string }[] }).issues.map((i) => i.path),
        res.body,
      ).toContain(path)
    }
    const extra = await sendQuote(s, requestId, { discount: 5 } as never)
    expect(extra.statusCode).toBe(400)
    expect(await quoteCount(s)).toEqual(before)
  })

  it('a slot the worker cannot take is refused when the quote is made, naming the slot’s worker', async () => {
    const before = await quoteCount(s)
    const res = await sendQuote(s, requestId, {
      slot: { worker_id: 999_999, date: nextDay(), start_time: '10:00', end_time: '12:00' },
    })
    expect(res.statusCode).toBe(404)
    expect((res.json() as { issues: { path: string }[] }).issues.map((i) => i.path)).toEqual(['slot.worker_id'])
    expect(await quoteCount(s)).toEqual(before)
  })
})

describe('the customer accepts or declines', () => {
  let s: Scene
  beforeAll(async () => {
    s = await scene()
  })
  afterAll(() => s.t.close())

  it('only the request’s customer decides: another customer gets 404, the staff and workers 403', async () => {
    const requestId = await newRequest(s, { customer: s.customer })
    const quote = await quoteOf(s, requestId)
    for (const verb of ['accept', 'decline'] as const) {
      expectRefusal(await decide(s, s.otherCustomer, quote.id, verb), 404)
      expectRefusal(await decide(s, s.operator, quote.id, verb), 403)
      expectRefusal(await decide(s, s.worker, quote.id, verb), 403)
      expectRefusal(await decide(s, s.customer, 999_999, verb), 404)
    }
    // A visitor's request (no account holds it) is no customer's to decide.
    const visitors = await newRequest(s, { phone: '9848022222' })
    const theirs = await quoteOf(s, visitors)
    expectRefusal(await decide(s, s.customer, theirs.id, 'accept'), 404)
    const [row] = await s.t.database.db.select().from(quotes).where(eq(quotes.id, quote.id))
    expect(row!.status).toBe('sent')
  })

  it('accepts a waiting quote once: not twice, not a superseded version, not a declined one', async () => {
    const requestId = await newRequest(s, { customer: s.customer })
    const v1 = await quoteOf(s, requestId)
    const v2 = await quoteOf(s, requestId, { visit_charge_paise: 0 })
    const superseded = await decide(s, s.customer, v1.id, 'accept')
    expectRefusal(superseded, 409, 'superseded')
    expect(superseded.json().message).toBe(
      'The office sent a newer version of this quote (v2): accept or decline that one',
    )
    expectRefusal(await decide(s, s.customer, v1.id, 'decline'), 409, 'superseded')

    const accepted = await decide(s, s.customer, v2.id, 'accept')
    expect(accepted.statusCode, accepted.body).toBe(200)
    const body = AcceptQuoteResponseSchema.parse(accepted.json())
    expect(body).toMatchObject({
      quote: { id: v2.id, version: 2, status: 'accepted', can_decide: false },
      scheduled: null,
      slot_unavailable: false,
      message: 'Quote v2 accepted: the office will call you to fix a time',
    })
    expect(body.quote.decided_at).not.toBeNull()
    // Without a slot, the request waits for the office: still open.
    expect((await requestRow(s, requestId)).state).toBe('open')

    const twice = await decide(s, s.customer, v2.id, 'accept')
    expectRefusal(twice, 409, 'already_accepted')
    expect(twice.json().message).toBe('You have already accepted this quote')
    expectRefusal(await decide(s, s.customer, v2.id, 'decline'), 409, 'already_accepted')
  })

  it('is not accepted after its last day (India’s date, by the app’s clock), but may still be declined', async () => {
    const requestId = await newRequest(s, { customer: s.customer })
    const today = todayInIndia(s.clock.now())
    const quote = await quoteOf(s, requestId, { valid_until: addDays(today, 1) })
    s.clock.advance(2 * DAY_MS)
    try {
      const res = await decide(s, s.customer, quote.id, 'accept')
      expectRefusal(res, 409, 'expired')
      expect(res.json().message).toMatch(/^This quote was valid until .+: ask the office for a new one$/)
      const listed = RequestQuotesResponseSchema.parse((await listQuotes(s, s.customer, requestId)).json()).quotes
      expect(listed[0]).toMatchObject({ status: 'sent', expired: true, can_decide: false })
      expect((await decide(s, s.customer, quote.id, 'decline', 'Too late now')).statusCode).toBe(200)
    } finally {
      s.clock.advance(-2 * DAY_MS)
    }
  })

  it('on its last day it is still accepted', async () => {
    const requestId = await newRequest(s, { customer: s.customer })
    const quote = await quoteOf(s, requestId, { valid_until: todayInIndia(s.clock.now()) })
    expect((await decide(s, s.customer, quote.id, 'accept')).statusCode).toBe(200)
  })

  it('declining closes the request as the customer’s decline, with the reason; nothing more can be decided or sent', async () => {
    const requestId = await newRequest(s, { customer: s.customer })
    const quote = await quoteOf(s, requestId)
    const res = await decide(s, s.customer, quote.id, 'decline', '  Too costly for now  ')
    expect(res.statusCode, res.body).toBe(200)
    expect(QuoteResponseSchema.parse(res.json()).quote).toMatchObject({
      status: 'declined',
      decline_reason: 'Too costly for now',
      can_decide: false,
    })
    const request = await requestRow(s, requestId)
    expect(request.state).toBe('rejected')
    expect(request.rejectReason).toBe('Customer declined the quote: Too costly for now')
    const inbox = await s.t.app.inject({
      method: 'GET',
      url: `/api/requests/${requestId}`,
      headers: bearer(s.operator),
    })
    expect(inbox.json()).toMatchObject({
      state: 'rejected',
      reject_reason: 'Customer declined the quote: Too costly for now',
    })

    expectRefusal(await decide(s, s.customer, quote.id, 'accept'), 409, 'already_declined')
    expectRefusal(await sendQuote(s, requestId), 409, 'request_not_open')

    // Without a reason.
    const other = await newRequest(s, { customer: s.customer })
    const q = await quoteOf(s, other)
    expect((await decide(s, s.customer, q.id, 'decline')).statusCode).toBe(200)
    expect((await requestRow(s, other)).rejectReason).toBe('Customer declined the quote')

    // My requests shows the declined quote.
    const mine = MyRequestsResponseSchema.parse(
      (await s.t.app.inject({ method: 'GET', url: '/api/my/requests', headers: bearer(s.customer) })).json(),
    ).requests.find((r) => r.id === requestId)!
    expect(mine).toMatchObject({ state: 'rejected', quote: { id: quote.id, status: 'declined' } })
  })

  it('the office’s inbox shows each request’s latest quote: waiting, then accepted or declined (issue 22)', async () => {
    const inboxRow = async (requestId: number) => {
      const res = await s.t.app.inject({
        method: 'GET',
        url: '/api/requests?pageSize=100&sort=newest',
        headers: bearer(s.operator),
      })
      expect(res.statusCode, res.body).toBe(200)
      return RequestsResponseSchema.parse(res.json()).requests.find((r) => r.id === requestId)!
    }
    const accepting = await newRequest(s, { customer: s.customer })
    const declining = await newRequest(s, { customer: s.customer })
    const without = await newRequest(s, { customer: s.customer })
    expect((await inboxRow(without)).latest_quote).toBeNull()

    await quoteOf(s, accepting)
    const v2 = await quoteOf(s, accepting, { visit_charge_paise: 0 })
    expect((await inboxRow(accepting)).latest_quote).toMatchObject({
      id: v2.id,
      version: 2,
      status: 'sent',
      total_paise: TOTAL - VISIT,
      decided_at: null,
      expired: false,
    })
    expect((await decide(s, s.customer, v2.id, 'accept')).statusCode).toBe(200)
    const accepted = await inboxRow(accepting)
    expect(accepted).toMatchObject({ state: 'open', latest_quote: { id: v2.id, status: 'accepted' } })
    expect(accepted.latest_quote?.decided_at).not.toBeNull()

    const quote = await quoteOf(s, declining)
    expect((await decide(s, s.customer, quote.id, 'decline', 'Too costly')).statusCode).toBe(200)
    expect(await inboxRow(declining)).toMatchObject({
      state: 'rejected',
      latest_quote: { id: quote.id, status: 'declined', decline_reason: 'Too costly' },
    })
  })

  it('a quote of a request the office closed or scheduled meanwhile cannot be decided', async () => {
    const requestId = await newRequest(s, { customer: s.customer })
    const quote = await quoteOf(s, requestId)
    await s.t.app.inject({
      method: 'PUT',
      url: `/api/requests/${requestId}/reject`,
      headers: bearer(s.operator),
      payload: { reason: 'The customer called: not needed' },
    })
    const res = await decide(s, s.customer, quote.id, 'accept')
    expectRefusal(res, 409, 'request_not_open')
    expect(res.json().message).toBe('This request is closed: ask the office again')
    const listed = RequestQuotesResponseSchema.parse((await listQuotes(s, s.customer, requestId)).json()).quotes
    expect(listed[0]).toMatchObject({ status: 'sent', can_decide: false })
  })

  it('a bad decline body is 400 and changes nothing', async () => {
    const requestId = await newRequest(s, { customer: s.customer })
    const quote = await quoteOf(s, requestId)
    for (const payload of [{ reason: 'x'.repeat(501) }, { reason: 'ok', extra: 1 }, { reason: 42 }]) {
      const res = await s.t.app.inject({
        method: 'POST',
        url: `/api/quotes/${quote.id}/decline`,
        headers: bearer(s.customer),
        payload,
      })
      expect(res.statusCode, res.body).toBe(400)
    }
    const [row] = await s.t.database.db.select().from(quotes).where(eq(quotes.id, quote.id))
    expect(row!.status).toBe('sent')
    expect((await requestRow(s, requestId)).state).toBe('open')
  })
})

describe('an accepted quote becomes the task’s charges exactly, and its invoice prints the quantities, units and codes', () => {
  let s: Scene
  beforeAll(async () => {
    s = await scene(REGISTERED)
  })
  afterAll(() => s.t.close())

  async function chargesOf(taskId: number) {
    const res = await s.t.app.inject({
      method: 'GET',
      url: `/api/tasks/${taskId}/charges`,
      headers: bearer(s.operator),
    })
    expect(res.statusCode, res.body).toBe(200)
    return TaskChargesResponseSchema.parse(res.json()).charges
  }

  async function awaitingPayment(taskId: number) {
    await s.t.database.db.update(tasks).set({ status: 'payment_pending' }).where(eq(tasks.id, taskId))
    await s.t.database.db.update(assignments).set({ status: 'payment_pending' }).where(eq(assignments.taskId, taskId))
  }

  async function invoiceOfTask(taskId: number) {
    const [row] = await s.t.database.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(sql`${invoices.taskId} = ${taskId} and ${invoices.kind} <> 'credit_note'`)
    const res = await s.t.app.inject({ method: 'GET', url: `/api/invoices/${row!.id}`, headers: bearer(s.customer) })
    expect(res.statusCode, res.body).toBe(200)
    return InvoiceResponseSchema.parse(res.json()).invoice
  }

  it('with a slot whose worker is free, accepting schedules at once: price = visit charge, each line a line item; paying the total issues the invoice', async () => {
    const requestId = await newRequest(s, { customer: s.customer })
    const day = nextDay()
    const quote = await quoteOf(s, requestId, {
      slot: { worker_id: s.workerId, date: day, start_time: '10:00', end_time: '13:00' },
    })
    expect(quote.slot).toEqual({
      worker_id: s.workerId,
      worker_name: 'Ravi Kumar',
      date: day,
      start_time: '10:00:00',
      end_time: '13:00:00',
    })
    const res = await decide(s, s.customer, quote.id, 'accept')
    expect(res.statusCode, res.body).toBe(200)
    const accepted = AcceptQuoteResponseSchema.parse(res.json())
    expect(accepted).toMatchObject({ slot_unavailable: false, message: 'Quote v1 accepted: the work is booked' })
    const taskId = accepted.scheduled!.task_id

    expect((await requestRow(s, requestId)).state).toBe('scheduled')
    const [booking] = await s.t.database.db.select().from(assignments).where(eq(assignments.taskId, taskId))
    expect(booking).toMatchObject({
      id: accepted.scheduled!.assignment_id,
      workerId: s.workerId,
      assignmentDate: day,
      startTime: '10:00:00',
      endTime: '13:00:00',
      status: 'assigned',
    })
    const [task] = await s.t.database.db.select().from(tasks).where(eq(tasks.id, taskId))
    expect(task).toMatchObject({ taskName: 'Plumber for Asha Rani', requestId, pricePaise: VISIT })
    // Recorded as booked by the office person who proposed the slot.
    const [first] = await s.t.database.db.select().from(workflowRecords).where(eq(workflowRecords.taskId, taskId))
    expect(first!.byUserId).toBe(s.operator.user.id)
    // The customer and the worker hear of the booking as from the schedule form.
    const booked = await s.t.database.db
      .select({ event: notifications.event })
      .from(notifications)
      .where(eq(notifications.taskId, taskId))
    expect(booked.map((m) => m.event).sort()).toEqual(['job_assigned', 'task_assigned'])

    const charges = await chargesOf(taskId)
    expect(charges.price_paise).toBe(VISIT)
    expect(charges.total_paise).toBe(TOTAL)
    expect(charges.line_items.map((i) => [i.description, i.amount_paise, i.quantity, i.unit, i.reason])).toEqual([
      ['Fix the leaking pipes — 1.5 hours', 50_000, 1.5, 'hour', 'Quote v1 accepted'],
      ['Sand — 2 tractor loads', 700_000, 2, 'tractor_load', 'Quote v1 accepted'],
      ['Bricks — 2000 pieces', 1_700_000, 2000, 'piece', 'Quote v1 accepted'],
      ['Mortar mix — 2.25 cubic feet', 2_252, 2.25, 'cubic_foot', 'Quote v1 accepted'],
    ])

    // My requests: the quote accepted, the task owing its total.
    const mine = MyRequestsResponseSchema.parse(
      (await s.t.app.inject({ method: 'GET', url: '/api/my/requests', headers: bearer(s.customer) })).json(),
    ).requests.find((r) => r.id === requestId)!
    expect(mine.quote).toMatchObject({ status: 'accepted', total_paise: TOTAL })
    expect(mine.task).toMatchObject({ id: taskId, total_paise: TOTAL, price_paise: VISIT })

    await awaitingPayment(taskId)
    const paid = await payManually(s.t, s.operator, taskId, TOTAL)
    expect(paid.statusCode, paid.body).toBe(200)
    const invoice = await invoiceOfTask(taskId)
    expect(invoice).toMatchObject({ kind: 'tax_invoice', total_paise: TOTAL })
    expect(
      invoice.lines.map((l) => [l.description, l.quantity, l.unit, l.hsn_sac, l.tax_rate_bps, l.total_paise]),
    ).toEqual([
      [`Plumber: Plumber for Asha Rani (TW-${String(taskId).padStart(6, '0')})`, 1, 'job', '995462', 1800, VISIT],
      ['Fix the leaking pipes — 1.5 hours', 1.5, 'hour', '995462', 1800, 50_000],
      ['Sand — 2 tractor loads', 2, 'tractor load', '2505', 500, 700_000],
      ['Bricks — 2000 pieces', 2000, 'piece', '6904', 1200, 1_700_000],
      ['Mortar mix — 2.25 cubic feet', 2.25, 'cubic foot', '3824', 1800, 2_252],
    ])
    // Sand at 5 %, tax included: 7 000.00 = 6 666.67 taxable + 333.33 tax, shared as CGST 166.67 + SGST 166.66.
    expect(invoice.lines[2]).toMatchObject({ taxable_paise: 666_667, cgst_paise: 16_667, sgst_paise: 16_666 })
    await expectBooksBalance(s.t, s.admin)
  })

  it('a slot no longer free leaves the request for the office; POST /api/schedule then charges the quote, and without a visit charge the invoice has no line of nothing', async () => {
    const requestId = await newRequest(s, { customer: s.customer })
    const day = nextDay()
    const quote = await quoteOf(s, requestId, {
      visit_charge_paise: 0,
      lines: LINES.slice(0, 2),
      slot: { worker_id: s.otherWorkerId, date: day, start_time: '14:00', end_time: '16:00' },
    })
    // Someone books the worker for that afternoon before the customer answers.
    const other = await s.t.app.inject({
      method: 'POST',
      url: '/api/schedule',
      headers: bearer(s.operator),
      payload: {
        taskName: 'Another job',
        workerId: s.otherWorkerId,
        date: day,
        startTime: '15:00',
        endTime: '17:00',
        service: 'Plumber',
        town: 'Armoor',
      },
    })
    expect(other.statusCode, other.body).toBe(201)

    const res = await decide(s, s.customer, quote.id, 'accept')
    expect(res.statusCode, res.body).toBe(200)
    expect(AcceptQuoteResponseSchema.parse(res.json())).toMatchObject({
      quote: { status: 'accepted' },
      scheduled: null,
      slot_unavailable: true,
    })
    expect((await requestRow(s, requestId)).state).toBe('open')

    const scheduled = await s.t.app.inject({
      method: 'POST',
      url: '/api/schedule',
      headers: bearer(s.operator),
      payload: {
        taskName: 'Pipes for Asha',
        workerId: s.workerId,
        date: day,
        startTime: '14:00',
        endTime: '16:00',
        requestId,
      },
    })
    expect(scheduled.statusCode, scheduled.body).toBe(201)
    const taskId = (scheduled.json() as { taskId: number }).taskId
    const charges = await chargesOf(taskId)
    expect(charges).toMatchObject({ price_paise: 0, total_paise: 750_000 })
    expect(charges.line_items.map((i) => i.amount_paise)).toEqual([50_000, 700_000])
    expect(charges.line_items.every((i) => i.added_by === s.operator.user.username)).toBe(true)

    // Later changes keep the usual path, with a reason.
    const extra = await s.t.app.inject({
      method: 'POST',
      url: `/api/tasks/${taskId}/line-items`,
      headers: bearer(s.operator),
      payload: { description: 'One more elbow joint', amount_paise: 15_000, reason: 'Found a second leak' },
    })
    expect(extra.statusCode, extra.body).toBe(201)

    await awaitingPayment(taskId)
    expect((await payManually(s.t, s.operator, taskId, 765_000)).statusCode).toBe(200)
    const invoice = await invoiceOfTask(taskId)
    expect(invoice.lines.map((l) => [l.description, l.quantity, l.unit, l.hsn_sac, l.total_paise])).toEqual([
      ['Fix the leaking pipes — 1.5 hours', 1.5, 'hour', '995462', 50_000],
      ['Sand — 2 tractor loads', 2, 'tractor load', '2505', 700_000],
      ['One more elbow joint', 1, 'item', '995462', 15_000],
    ])
    await expectBooksBalance(s.t, s.admin)
  })

  it('a request scheduled without an accepted quote costs the worker’s price, as before', async () => {
    const requestId = await newRequest(s, { customer: s.customer })
    await quoteOf(s, requestId) // sent, never accepted
    const worker = await createWorker(s.t, { name: 'Price Worker', pricePaise: 61_000 })
    const res = await s.t.app.inject({
      method: 'POST',
      url: '/api/schedule',
      headers: bearer(s.operator),
      payload: {
        taskName: 'Pipes',
        workerId: worker.id,
        date: nextDay(),
        startTime: '09:00',
        endTime: '10:00',
        requestId,
      },
    })
    expect(res.statusCode, res.body).toBe(201)
    const charges = await chargesOf((res.json() as { taskId: number }).taskId)
    expect(charges).toMatchObject({ price_paise: 61_000, line_items: [], total_paise: 61_000 })
  })
})
