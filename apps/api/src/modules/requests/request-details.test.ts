import {
  MyJobsResponseSchema,
  RequestPhotoSchema,
  ServiceRequestDetailSchema,
  ServiceRequestResponseSchema,
  TrackRequestResponseSchema,
  PHOTO_MAX_BYTES,
} from '@townworks/contract'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notifications, serviceRequests, tasks } from '../../db/schema'
import { addDays, todayInIndia } from '../../shared/dates'
import { bearer, createUser, login, loginAs, type Session } from '../../../test/auth-helpers'
import { createTask, createWorker } from '../../../test/fixtures'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { TRACK_RATE_LIMIT } from './requests.routes'

let ipCounter = 0
const freshIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`

/** The smallest real PNG: one transparent pixel. */
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='

const seedBody = () => ({
  name: 'Lakshmi Devi',
  phone: '9848012399',
  email: '',
  service: 'Plumber',
  service_date: addDays(todayInIndia(), 2),
  town: 'Nirmal',
})

const fullBody = (workerId: number) => ({
  ...seedBody(),
  address: '12-3 Gandhi Road',
  landmark: 'near the Hanuman temple',
  description: 'The kitchen tap leaks under the sink',
  problems: ['leak', 'tap_fitting'],
  time_window: 'morning',
  location: { lat: 19.0896, lng: 78.3442 },
  preferred_worker_id: workerId,
  photo: { type: 'image/png', data: PNG_1PX },
  language: 'te',
})

function post(t: TestApp, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/servicerequest',
    payload: payload as object,
    headers,
    remoteAddress: freshIp(),
  })
}

async function count_(t: TestApp, table: typeof serviceRequests): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(table)
  return row?.n ?? 0
}

describe('the request form’s details (issue 18)', () => {
  let t: TestApp
  let operator: Session
  let owner: Session
  let otherCustomer: Session
  let worker: Session
  let otherWorker: Session
  let workerId: number
  let requestId: number

  beforeAll(async () => {
    t = await createTestApp()
    operator = await loginAs(t, 'operator')
    owner = await loginAs(t, 'customer')
    otherCustomer = await loginAs(t, 'customer')
    const workerUser = await createUser(t, 'worker')
    const otherWorkerUser = await createUser(t, 'worker')
    worker = await login(t, workerUser)
    otherWorker = await login(t, otherWorkerUser)
    workerId = (await createWorker(t, { name: 'Ravi Kumar', town: 'Nirmal', userId: workerUser.id })).id
    await createWorker(t, { name: 'Someone Else', town: 'Nirmal', userId: otherWorkerUser.id })
    const res = await post(t, fullBody(workerId), bearer(owner))
    expect(res.statusCode, res.body).toBe(201)
    requestId = ServiceRequestResponseSchema.parse(res.json()).id
    // The office schedules it with the worker.
    const { task } = await createTask(t, { workerId })
    await t.database.db.update(tasks).set({ requestId }).where(eq(tasks.id, task.id))
  })
  afterAll(() => t.close())

  it('the seed’s body alone still makes a request, with no details', async () => {
    const res = await post(t, seedBody())
    expect(res.statusCode, res.body).toBe(201)
    const { id } = ServiceRequestResponseSchema.parse(res.json())
    const detail = ServiceRequestDetailSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/requests/${id}`, headers: bearer(operator) })).json(),
    )
    expect(detail).toMatchObject({
      address: null,
      landmark: null,
      description: null,
      problems: [],
      time_window: null,
      location: null,
      has_photo: false,
      preferred_worker: null,
      language: null,
    })
  })

  it('stores every detail and the office sees them in the inbox', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/requests?pageSize=100', headers: bearer(operator) })
    const row = (res.json() as { requests: unknown[] }).requests
      .map((r) => ServiceRequestDetailSchema.parse(r))
      .find((r) => r.id === requestId)
    expect(row).toMatchObject({
      address: '12-3 Gandhi Road',
      landmark: 'near the Hanuman temple',
      description: 'The kitchen tap leaks under the sink',
      problems: ['leak', 'tap_fitting'],
      time_window: 'morning',
      location: { lat: 19.0896, lng: 78.3442 },
      has_photo: true,
      preferred_worker: { id: workerId, name: 'Ravi Kumar' },
      language: 'te',
      customer: { id: owner.user.id },
    })
  })

  it.each([
    ['a chip of another service', { problems: ['no_power'] }],
    ['an unknown chip', { problems: ['flood'] }],
    ['an unknown time window', { time_window: 'night' }],
    ['a pin outside India', { location: { lat: 51.5, lng: -0.12 } }],
    ['half a pin', { location: { lat: 19.1 } }],
    ['a worker not on the roster', { preferred_worker_id: 99_999_999 }],
    ['an unknown language', { language: 'ta' }],
    ['an address too long', { address: 'x'.repeat(201) }],
    ['a control character in the landmark', { landmark: 'near\u0007 temple' }],
    ['a GIF', { photo: { type: 'image/gif', data: PNG_1PX } }],
    ['a photo that is not base64', { photo: { type: 'image/png', data: 'not base64!!' } }],
    ['a photo over the limit', { photo: { type: 'image/png', data: 'A'.repeat((PHOTO_MAX_BYTES / 3) * 4 + 8) } }],
  ])('refuses %s with 400, storing nothing', async (_label, extra) => {
    const before = await count_(t, serviceRequests)
    const res = await post(t, { ...seedBody(), ...extra })
    expect(res.statusCode, res.body).toBe(400)
    expect(await count_(t, serviceRequests)).toBe(before)
  })

  it('refuses a photo whose bytes are not the type it names with 415, storing nothing', async () => {
    const before = await count_(t, serviceRequests)
    const text = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>').toString('base64')
    const res = await post(t, { ...seedBody(), photo: { type: 'image/png', data: text } })
    expect(res.statusCode, res.body).toBe(415)
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' })
    expect(await count_(t, serviceRequests)).toBe(before)
  })

  it('refuses a body beyond the photo’s room with 413', async () => {
    const res = await post(t, { ...seedBody(), description: 'x'.repeat(1_000_000) })
    expect(res.statusCode).toBe(413)
  })

  it('shows the photo to the office, the customer who asked and the assigned worker only', async () => {
    const get = (s?: Session) =>
      t.app.inject({ method: 'GET', url: `/api/requests/${requestId}/photo`, headers: s ? bearer(s) : {} })
    for (const s of [operator, owner, worker]) {
      const res = await get(s)
      expect(res.statusCode, res.body).toBe(200)
      expect(RequestPhotoSchema.parse(res.json())).toEqual({ type: 'image/png', data: PNG_1PX })
    }
    expect((await get(otherCustomer)).statusCode).toBe(404)
    expect((await get(otherWorker)).statusCode).toBe(404)
    expect((await get()).statusCode).toBe(401)
  })

  it('the assigned worker sees the address and details on My jobs; another worker does not see the job', async () => {
    const mine = MyJobsResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/my/jobs', headers: bearer(worker) })).json(),
    )
    const job = mine.jobs.find((j) => j.request?.request_id === requestId)
    expect(job).toMatchObject({
      place: '12-3 Gandhi Road, near the Hanuman temple',
      request: {
        address: '12-3 Gandhi Road',
        time_window: 'morning',
        has_photo: true,
        problems: ['leak', 'tap_fitting'],
      },
    })
    const theirs = MyJobsResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/my/jobs', headers: bearer(otherWorker) })).json(),
    )
    expect(theirs.jobs.some((j) => j.request?.request_id === requestId)).toBe(false)
  })

  it('the job page shows the office the request’s details', async () => {
    const [task] = await t.database.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.requestId, requestId))
    const res = await t.app.inject({ method: 'GET', url: `/api/jobs/${task!.id}`, headers: bearer(operator) })
    expect(res.statusCode, res.body).toBe(200)
    expect((res.json() as { request: unknown }).request).toMatchObject({
      address: '12-3 Gandhi Road',
      description: 'The kitchen tap leaks under the sink',
      preferred_worker: { name: 'Ravi Kumar' },
    })
  })

  it('a visitor’s message goes in the language they used', async () => {
    const res = await post(t, { ...seedBody(), phone: '9848012388', language: 'te' })
    const { id } = ServiceRequestResponseSchema.parse(res.json())
    const [message] = await t.database.db
      .select({ body: notifications.body })
      .from(notifications)
      .where(eq(notifications.messageKey, `request_received:r${id}`))
    expect(message?.body).toMatch(/[\u0C00-\u0C7F]/)
  })
})

describe('POST /api/track: a request followed by its reference and mobile number', () => {
  let t: TestApp
  let id: number
  beforeAll(async () => {
    t = await createTestApp()
    const res = await post(t, { ...seedBody(), address: '4-5 Station Road', description: 'Tap' })
    id = ServiceRequestResponseSchema.parse(res.json()).id
  })
  afterAll(() => t.close())

  const track = (payload: object, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/track', payload, remoteAddress: ip })

  it('answers only the stage and the day: no name, no address, no price', async () => {
    const res = await track({ reference: `TW-${String(id).padStart(6, '0')}`, phone: '+91 98480 12399' }, freshIp())
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json() as Record<string, unknown>
    expect(TrackRequestResponseSchema.strict().parse(body)).toMatchObject({ stage: 'received' })
    expect(JSON.stringify(body)).not.toMatch(/Lakshmi|Station|Tap|paise|9848012399/)
  })

  it('gives the same answer for a wrong reference and a wrong number', async () => {
    const wrongRef = await track({ reference: 'TW-999999', phone: '9848012399' }, freshIp())
    const wrongPhone = await track({ reference: `TW-${id}`, phone: '9848099999' }, freshIp())
    expect(wrongRef.statusCode).toBe(404)
    expect(wrongPhone.statusCode).toBe(404)
    expect(wrongRef.body).toBe(wrongPhone.body)
  })

  it('refuses guesses from one address past the limit with 429', async () => {
    const ip = freshIp()
    for (let i = 0; i < TRACK_RATE_LIMIT.max; i++) {
      const res = await track({ reference: `TW-${100000 + i}`, phone: '9848012399' }, ip)
      expect(res.statusCode).toBe(404)
    }
    const refused = await track({ reference: `TW-${id}`, phone: '9848012399' }, ip)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' })
  })
})
