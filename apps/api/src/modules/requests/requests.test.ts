import {
  MyRequestsResponseSchema,
  RejectRequestResponseSchema,
  RequestsResponseSchema,
  ServiceRequestResponseSchema,
} from '@townworks/contract'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serviceRequests, workflowRecords } from '../../db/schema'
import { addDays, todayInIndia } from '../../shared/dates'
import { bearer, createUser, loginAs, type Session } from '../../../test/auth-helpers'
import { createTask, createWorker } from '../../../test/fixtures'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { SERVICE_REQUEST_RATE_LIMIT } from './requests.routes'

let ipCounter = 0
/** Each call from its own address, so the flood limit never interferes with what a test checks. */
const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`

const valid = () => ({
  name: 'Lakshmi Devi',
  phone: '9848012345',
  email: 'lakshmi@example.com',
  service: 'Painter',
  service_date: addDays(todayInIndia(), 3),
  town: 'Nizamabad',
})

function postRequest(t: TestApp, payload: unknown, opts: { headers?: Record<string, string>; ip?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/servicerequest',
    payload: payload as object,
    headers: opts.headers ?? {},
    remoteAddress: opts.ip ?? freshIp(),
  })
}

async function rowCount(t: TestApp): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(serviceRequests)
  return row?.n ?? 0
}

describe('POST /api/servicerequest', () => {
  let t: TestApp
  let customer: Session
  beforeAll(async () => {
    t = await createTestApp()
    customer = await loginAs(t, 'customer')
  })
  afterAll(() => t.close())

  it('stores a visitor request with a normalised phone and answers its reference', async () => {
    const res = await postRequest(t, { ...valid(), phone: '+91 98480-12345' })
    expect(res.statusCode, res.body).toBe(201)
    const body = ServiceRequestResponseSchema.parse(res.json())
    expect(body.reference).toBe(`TW-${String(body.id).padStart(6, '0')}`)
    expect(body.message).toMatch(/received/)
    const [row] = await t.database.db.select().from(serviceRequests).where(eq(serviceRequests.id, body.id))
    expect(row).toMatchObject({
      name: 'Lakshmi Devi',
      phone: '+919848012345',
      email: 'lakshmi@example.com',
      serviceDate: valid().service_date,
      customerId: null,
      state: 'open',
      idempotencyKey: null,
    })
    expect(row!.createdAt).toBeInstanceOf(Date)
  })

  it('stores the customer of a logged-in request, and an empty email as none', async () => {
    const res = await postRequest(
      t,
      { ...valid(), email: '', service_date: todayInIndia() },
      { headers: bearer(customer) },
    )
    expect(res.statusCode, res.body).toBe(201)
    const { id } = ServiceRequestResponseSchema.parse(res.json())
    const [row] = await t.database.db.select().from(serviceRequests).where(eq(serviceRequests.id, id))
    expect(row).toMatchObject({ customerId: customer.user.id, email: null, serviceDate: todayInIndia() })
  })

  it('accepts a missing or null email and a leading 0', async () => {
    const { email: _omit, ...withoutEmail } = valid()
    expect((await postRequest(t, withoutEmail)).statusCode).toBe(201)
    expect((await postRequest(t, { ...valid(), email: null, phone: '09848012345' })).statusCode).toBe(201)
  })

  const yesterday = () => addDays(todayInIndia(), -1)
  const bad: [string, string, () => Record<string, unknown>][] = [
    ['name', 'missing', () => ({ ...valid(), name: undefined })],
    ['name', 'a number', () => ({ ...valid(), name: 42 })],
    ['name', 'blank', () => ({ ...valid(), name: '   ' })],
    ['name', 'too long', () => ({ ...valid(), name: 'x'.repeat(101) })],
    ['phone', 'missing', () => ({ ...valid(), phone: undefined })],
    ['phone', 'a number', () => ({ ...valid(), phone: 9848012345 })],
    ['phone', 'too short', () => ({ ...valid(), phone: '98480123' })],
    ['phone', 'not a mobile (starts with 5)', () => ({ ...valid(), phone: '5848012345' })],
    ['phone', 'foreign', () => ({ ...valid(), phone: '+44 7700 900123' })],
    ['phone', 'too long', () => ({ ...valid(), phone: '9'.repeat(30) })],
    ['email', 'not an email', () => ({ ...valid(), email: 'lakshmi-at-example' })],
    ['email', 'a number', () => ({ ...valid(), email: 7 })],
    ['email', 'too long', () => ({ ...valid(), email: `${'a'.repeat(250)}@example.com` })],
    ['service', 'missing', () => ({ ...valid(), service: undefined })],
    ['service', 'unknown', () => ({ ...valid(), service: 'Gardener' })],
    ['service', 'wrong case', () => ({ ...valid(), service: 'painter' })],
    ['town', 'missing', () => ({ ...valid(), town: undefined })],
    ['town', 'unknown', () => ({ ...valid(), town: 'Hyderabad' })],
    ['town', 'a number', () => ({ ...valid(), town: 1 })],
    ['service_date', 'missing', () => ({ ...valid(), service_date: undefined })],
    ['service_date', 'not a date', () => ({ ...valid(), service_date: '2031-13-45' })],
    ['service_date', 'another format', () => ({ ...valid(), service_date: '05/01/2031' })],
    ['service_date', 'a number', () => ({ ...valid(), service_date: 20310105 })],
    ['service_date', 'in the past', () => ({ ...valid(), service_date: yesterday() })],
    ['customer_id', 'an extra field', () => ({ ...valid(), customer_id: 1 })],
  ]
  for (const [field, what, make] of bad) {
    it(`refuses ${field} ${what} with 400 naming the field, storing nothing`, async () => {
      const before = await rowCount(t)
      const res = await postRequest(t, make())
      expect(res.statusCode, res.body).toBe(400)
      const body = res.json() as { code: string; issues: { path: string }[] }
      expect(body.code).toBe('VALIDATION_FAILED')
      expect(body.issues.map((i) => i.path)).toContain(field)
      expect(await rowCount(t)).toBe(before)
    })
  }

  it('refuses a body that is not an object or not JSON', async () => {
    const before = await rowCount(t)
    expect((await postRequest(t, [valid()])).statusCode).toBe(400)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/servicerequest',
      payload: '{"name":',
      headers: { 'content-type': 'application/json' },
      remoteAddress: freshIp(),
    })
    expect(res.statusCode).toBe(400)
    expect(await rowCount(t)).toBe(before)
  })

  describe('Idempotency-Key', () => {
    it('the same key twice stores one request and answers the first answer again', async () => {
      const before = await rowCount(t)
      const headers = { 'idempotency-key': 'retry-key-0001' }
      const first = await postRequest(t, valid(), { headers })
      const second = await postRequest(t, valid(), { headers })
      expect(first.statusCode).toBe(201)
      expect(second.statusCode).toBe(201)
      expect(second.json()).toEqual(first.json())
      expect(await rowCount(t)).toBe(before + 1)
    })

    it('20 parallel posts with one key store one request, all with the same answer', async () => {
      const before = await rowCount(t)
      const headers = { 'idempotency-key': 'parallel-key-0002' }
      const answers = await Promise.all(Array.from({ length: 20 }, () => postRequest(t, valid(), { headers })))
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201))
      const ids = new Set(answers.map((a) => (a.json() as { id: number }).id))
      expect(ids.size).toBe(1)
      expect(await rowCount(t)).toBe(before + 1)
      const rows = await t.database.db
        .select()
        .from(serviceRequests)
        .where(eq(serviceRequests.idempotencyKey, 'parallel-key-0002'))
      expect(rows).toHaveLength(1)
    })

    it('a key reused for a different request is a 409 and stores nothing', async () => {
      const headers = { 'idempotency-key': 'reused-key-0003' }
      expect((await postRequest(t, valid(), { headers })).statusCode).toBe(201)
      const before = await rowCount(t)
      const res = await postRequest(t, { ...valid(), name: 'Someone Else' }, { headers })
      expect(res.statusCode).toBe(409)
      expect(res.json()).toMatchObject({ code: 'CONFLICT' })
      expect(await rowCount(t)).toBe(before)
    })

    it('a malformed key is a 400 naming the header', async () => {
      const before = await rowCount(t)
      const res = await postRequest(t, valid(), { headers: { 'idempotency-key': 'no spaces allowed here' } })
      expect(res.statusCode).toBe(400)
      expect((res.json() as { issues: { path: string }[] }).issues[0]!.path).toBe('Idempotency-Key')
      expect(await rowCount(t)).toBe(before)
    })
  })

  it(`answers 429 with the standard error body after ${SERVICE_REQUEST_RATE_LIMIT.max} posts from one address`, async () => {
    const ip = '10.250.0.1'
    for (let i = 0; i < SERVICE_REQUEST_RATE_LIMIT.max; i++) {
      // Refused input still counts: a flood of bad posts is a flood too (and stores nothing).
      expect((await postRequest(t, { name: '' }, { ip })).statusCode).toBe(400)
    }
    const res = await postRequest(t, valid(), { ip })
    expect(res.statusCode).toBe(429)
    expect(Object.keys(res.json() as object).sort()).toEqual(['code', 'message'])
    expect(res.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', message: expect.stringMatching(/try again/i) })
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
    // Another address is not affected.
    expect((await postRequest(t, valid(), { ip: '10.250.0.2' })).statusCode).toBe(201)
  })
})

describe('operators: GET /api/requests, GET /api/requests/:id, PUT /api/requests/:id/reject', () => {
  let t: TestApp
  let operator: Session
  let admin: Session
  const ids: number[] = []
  const today = todayInIndia()
  // [town, service, days from today]
  const made: [string, string, number][] = [
    ['Armoor', 'Plumber', 1],
    ['Armoor', 'Painter', 2],
    ['Nirmal', 'Plumber', 3],
    ['Nizamabad', 'Electrician', 4],
    ['Nizamabad', 'Plumber', 5],
  ]

  beforeAll(async () => {
    t = await createTestApp()
    operator = await loginAs(t, 'operator')
    admin = await loginAs(t, 'admin')
    for (const [town, service, days] of made) {
      const res = await postRequest(t, { ...valid(), town, service, service_date: addDays(today, days) })
      ids.push((res.json() as { id: number }).id)
    }
  })
  afterAll(() => t.close())

  const list = async (qs = '', s: Session = operator) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/requests${qs}`, headers: bearer(s) })
    expect(res.statusCode, res.body).toBe(200)
    return RequestsResponseSchema.parse(res.json())
  }

  it('lists newest first by default, with total and paging', async () => {
    const all = await list()
    expect(all.total).toBe(5)
    expect(all.requests.map((r) => r.id)).toEqual([...ids].reverse())
    expect(all.requests[0]).toMatchObject({ state: 'open', reference: expect.stringMatching(/^TW-\d{6}$/) })
    const page2 = await list('?pageSize=2&page=2')
    expect(page2).toMatchObject({ total: 5, page: 2, pageSize: 2 })
    expect(page2.requests.map((r) => r.id)).toEqual([ids[2], ids[1]])
    expect((await list('?pageSize=2&page=4')).requests).toEqual([])
    expect((await list('?sort=oldest&pageSize=1')).requests[0]!.id).toBe(ids[0])
  })

  it('filters by town, service, state and service-date range', async () => {
    expect((await list('?town=Armoor')).requests.map((r) => r.id).sort()).toEqual([ids[0], ids[1]].sort())
    expect((await list('?service=Plumber')).total).toBe(3)
    expect((await list('?service=Plumber&town=Nizamabad')).requests.map((r) => r.id)).toEqual([ids[4]])
    const range = await list(`?from=${addDays(today, 2)}&to=${addDays(today, 3)}&sort=service_date`)
    expect(range.requests.map((r) => r.id)).toEqual([ids[1], ids[2]])
    expect((await list('?state=rejected')).total).toBe(0)
    expect((await list('?state=open', admin)).total).toBe(5)
  })

  it('refuses bad filters with 400', async () => {
    // A town that is no row finds nothing (decision 048); one longer than any name is refused.
    expect((await list('?town=Hyderabad')).total).toBe(0)
    for (const qs of ['?state=done', `?town=${'H'.repeat(61)}`, '?page=0', '?pageSize=1000', '?from=yesterday']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/requests${qs}`, headers: bearer(operator) })
      expect(res.statusCode, qs).toBe(400)
    }
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/requests?from=${addDays(today, 5)}&to=${today}`,
      headers: bearer(operator),
    })
    expect(res.statusCode).toBe(400)
  })

  it('rejects an open request with a reason, once', async () => {
    const id = ids[3]!
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/requests/${id}/reject`, headers: bearer(operator), payload })
    for (const payload of [
      {},
      { reason: '' },
      { reason: 'no' },
      { reason: 'x'.repeat(501) },
      { reason: 'Out of area', extra: 1 },
    ]) {
      const res = await put(payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
    }
    const detail = await t.app.inject({ method: 'GET', url: `/api/requests/${id}`, headers: bearer(operator) })
    expect(detail.json()).toMatchObject({ state: 'open', reject_reason: null })

    const res = await put({ reason: 'No electrician free that week' })
    expect(res.statusCode, res.body).toBe(200)
    expect(RejectRequestResponseSchema.parse(res.json()).request).toMatchObject({
      id,
      state: 'rejected',
      reject_reason: 'No electrician free that week',
    })
    const again = await put({ reason: 'Twice' })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ code: 'CONFLICT' })
    expect((await list('?state=rejected')).requests.map((r) => r.id)).toEqual([id])
  })

  it('refuses to reject a missing or a scheduled request', async () => {
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/requests/999999/reject',
      headers: bearer(operator),
      payload: { reason: 'Not here' },
    })
    expect(missing.statusCode).toBe(404)
    await t.database.db.update(serviceRequests).set({ state: 'scheduled' }).where(eq(serviceRequests.id, ids[0]!))
    const scheduled = await t.app.inject({
      method: 'PUT',
      url: `/api/requests/${ids[0]}/reject`,
      headers: bearer(operator),
      payload: { reason: 'Too late' },
    })
    expect(scheduled.statusCode).toBe(409)
    const [row] = await t.database.db.select().from(serviceRequests).where(eq(serviceRequests.id, ids[0]!))
    expect(row).toMatchObject({ state: 'scheduled', rejectReason: null })
  })

  it('refuses customers and workers the inbox and the reject action', async () => {
    for (const role of ['customer', 'worker'] as const) {
      const s = await loginAs(t, role)
      expect((await t.app.inject({ method: 'GET', url: '/api/requests', headers: bearer(s) })).statusCode).toBe(403)
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/requests/${ids[4]}/reject`,
        headers: bearer(s),
        payload: { reason: 'Not mine to reject' },
      })
      expect(res.statusCode).toBe(403)
    }
    const [row] = await t.database.db.select().from(serviceRequests).where(eq(serviceRequests.id, ids[4]!))
    expect(row!.state).toBe('open')
  })
})

describe('GET /api/my/requests', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  const mine = async (s: Session) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/my/requests', headers: bearer(s) })
    expect(res.statusCode, res.body).toBe(200)
    return MyRequestsResponseSchema.parse(res.json())
  }

  it('a customer sees only their own requests, newest first', async () => {
    const a = await loginAs(t, 'customer')
    const b = await loginAs(t, 'customer')
    const first = (await postRequest(t, valid(), { headers: bearer(a) })).json() as { id: number; reference: string }
    const second = (await postRequest(t, { ...valid(), town: 'Nirmal' }, { headers: bearer(a) })).json() as {
      id: number
    }
    await postRequest(t, valid(), { headers: bearer(b) })
    await postRequest(t, valid())
    const own = await mine(a)
    expect(own.requests.map((r) => r.id)).toEqual([second.id, first.id])
    expect(own.requests[1]).toMatchObject({ reference: first.reference, state: 'open', task: null })
    expect((await mine(b)).requests).toHaveLength(1)
    expect((await mine(await loginAs(t, 'customer'))).requests).toEqual([])
  })

  it('carries what the customer asked for: address, landmark, problem, time of day, whether a photo came', async () => {
    const c = await loginAs(t, 'customer')
    await postRequest(
      t,
      {
        ...valid(),
        address: '12-3 Gandhi Road',
        landmark: 'near the temple',
        description: 'Two rooms, the walls peel',
        problems: ['interior'],
        time_window: 'evening',
      },
      { headers: bearer(c) },
    )
    const [request] = (await mine(c)).requests
    expect(request).toMatchObject({
      address: '12-3 Gandhi Road',
      landmark: 'near the temple',
      description: 'Two rooms, the walls peel',
      problems: ['interior'],
      time_window: 'evening',
      location: null,
      has_photo: false,
    })
  })

  it('shows the task, worker, times, records and what the customer may do next', async () => {
    const c = await loginAs(t, 'customer')
    const worker = await createWorker(t, { name: 'Ravi Kumar' })
    const { task } = await createTask(t, { workerId: worker.id, customerUserId: c.user.id, status: 'work_completed' })
    const [request] = (await mine(c)).requests
    expect(request).toMatchObject({
      state: 'scheduled',
      task: {
        id: task.id,
        name: 'Fix the tap',
        status: 'work_completed',
        next_statuses: ['work_inprogress', 'payment_pending'],
        worker: { name: 'Ravi Kumar', phone: worker.phone },
        start_time: '10:00:00',
        end_time: '12:00:00',
      },
    })
    expect(request!.task!.workflows.map((w) => w.status)).toEqual(['assigned', 'work_completed'])

    // Moving it through the one status machine shows in the next read, with who did it.
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/update-status/${task.id}`,
      headers: bearer(c),
      payload: { status: 'payment_pending', expectedStatus: 'work_completed' },
    })
    expect(res.statusCode, res.body).toBe(200)
    const after = (await mine(c)).requests[0]!.task!
    expect(after.status).toBe('payment_pending')
    expect(after.next_statuses).toEqual([])
    expect(after.workflows.at(-1)).toMatchObject({ status: 'payment_pending', by: null, by_who: 'you' })
    expect(after.workflows[0]).toMatchObject({ status: 'assigned', by: null, by_who: null })
  })

  it("names the office's changes as the team's, never by a staff login", async () => {
    const c = await loginAs(t, 'customer')
    const operator = await createUser(t, 'operator', 'office.login.name')
    const worker = await createWorker(t, { name: 'Ravi Kumar' })
    const { task } = await createTask(t, { workerId: worker.id, customerUserId: c.user.id })
    await t.database.db
      .insert(workflowRecords)
      .values({ taskId: task.id, fromStatus: 'assigned', status: 'cancelled', byUserId: operator.id })
    const res = await t.app.inject({ method: 'GET', url: '/api/my/requests', headers: bearer(c) })
    expect(res.body).not.toContain('office.login.name')
    const records = MyRequestsResponseSchema.parse(res.json()).requests[0]!.task!.workflows
    expect(records.at(-1)).toMatchObject({ status: 'cancelled', by: null, by_who: 'team' })
  })
})
