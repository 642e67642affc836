import {
  JobResponseSchema,
  MyJobsResponseSchema,
  MyRequestsResponseSchema,
  RequestsResponseSchema,
  ServiceRequestDetailSchema,
  ServiceRequestResponseSchema,
} from '@townworks/contract'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createUser, login, loginAs, type Session } from '../../../test/auth-helpers'
import { createWorker, weekdaysAhead } from '../../../test/fixtures'
import { freshAddress } from '../../../test/otp-helpers'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { notifications, serviceRequests } from '../../db/schema'
import { addDays, todayInIndia } from '../../shared/dates'

// Materials ordered by quantity (issue 22, decision 069): POST /api/servicerequest takes an order in
// one of the service's units, counted as the unit is; every view of the request carries it.

const body = (service: string, order?: { quantity: number; unit: string }) => ({
  name: 'Lakshmi Devi',
  phone: '9848012377',
  service,
  service_date: addDays(todayInIndia(), 3),
  town: 'Armoor',
  address: '4-12 Station Road',
  ...(order ? { order } : {}),
})

describe('a materials order on a request', () => {
  let t: TestApp
  let operator: Session
  let customer: Session

  beforeAll(async () => {
    t = await createTestApp()
    operator = await loginAs(t, 'operator')
    customer = await loginAs(t, 'customer')
  })
  afterAll(() => t.close())

  const post = (payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/servicerequest', payload, headers, remoteAddress: freshAddress() })
  const stored = async () => {
    const [requests] = await t.database.db.select({ n: count() }).from(serviceRequests)
    const [messages] = await t.database.db.select({ n: count() }).from(notifications)
    return { requests: requests!.n, messages: messages!.n }
  }
  const detail = async (id: number) =>
    ServiceRequestDetailSchema.parse(
      (await t.app.inject({ url: `/api/requests/${id}`, headers: bearer(operator) })).json(),
    )

  it('is stored with its quantity and unit, and the inbox, the request and My requests show it; a job shows none', async () => {
    const res = await post(body('Sand Services', { quantity: 2, unit: 'tractor_load' }), bearer(customer))
    expect(res.statusCode, res.body).toBe(201)
    const { id } = ServiceRequestResponseSchema.parse(res.json())
    const [row] = await t.database.db.select().from(serviceRequests).where(eq(serviceRequests.id, id))
    expect(row).toMatchObject({ quantity: 2, unit: 'tractor_load' })

    expect((await detail(id)).order).toEqual({ quantity: 2, unit: 'tractor_load' })
    const inbox = RequestsResponseSchema.parse(
      (await t.app.inject({ url: '/api/requests?pageSize=100', headers: bearer(operator) })).json(),
    )
    expect(inbox.requests.find((r) => r.id === id)?.order).toEqual({ quantity: 2, unit: 'tractor_load' })
    const mine = MyRequestsResponseSchema.parse(
      (await t.app.inject({ url: '/api/my/requests', headers: bearer(customer) })).json(),
    )
    expect(mine.requests.find((r) => r.id === id)?.order).toEqual({ quantity: 2, unit: 'tractor_load' })

    const job = await post(body('Plumber'))
    expect(job.statusCode, job.body).toBe(201)
    expect((await detail(ServiceRequestResponseSchema.parse(job.json()).id)).order).toBeNull()
    // A material may still be asked for without a quantity: the office calls to ask.
    const noQuantity = await post(body('Sand Services'))
    expect(noQuantity.statusCode, noQuantity.body).toBe(201)
    expect((await detail(ServiceRequestResponseSchema.parse(noQuantity.json()).id)).order).toBeNull()
  })

  it('takes halves of a day of hire and two decimals of cubic feet', async () => {
    for (const [service, order] of [
      ['Construction Tools and Equipment', { quantity: 1.5, unit: 'day' }],
      ['Sand Services', { quantity: 2.25, unit: 'cubic_foot' }],
      ['Brick Services', { quantity: 2000, unit: 'piece' }],
      ['Morter Services', { quantity: 50, unit: 'bag' }],
    ] as const) {
      const res = await post(body(service, order))
      expect(res.statusCode, `${service} ${JSON.stringify(order)}: ${res.body}`).toBe(201)
      expect((await detail(ServiceRequestResponseSchema.parse(res.json()).id)).order).toEqual(order)
    }
  })

  it('refuses with 400 at order.quantity what the unit cannot count, and at order.unit a unit the service is not ordered in; nothing is stored', async () => {
    const before = await stored()
    const cases: [string, { quantity: number; unit: string }, string, string][] = [
      [
        'Sand Services',
        { quantity: 1.5, unit: 'tractor_load' },
        'order.quantity',
        'Tractor loads are counted in whole numbers',
      ],
      ['Brick Services', { quantity: 10.5, unit: 'piece' }, 'order.quantity', 'Pieces are counted in whole numbers'],
      ['Morter Services', { quantity: 2.5, unit: 'bag' }, 'order.quantity', 'Bags are counted in whole numbers'],
      ['Sand Services', { quantity: 0, unit: 'tractor_load' }, 'order.quantity', 'Enter a quantity above zero'],
      ['Sand Services', { quantity: -2, unit: 'tractor_load' }, 'order.quantity', 'Enter a quantity above zero'],
      [
        'Sand Services',
        { quantity: 2.255, unit: 'cubic_foot' },
        'order.quantity',
        'Cubic feet take at most two decimals',
      ],
      [
        'Construction Tools and Equipment',
        { quantity: 1.25, unit: 'day' },
        'order.quantity',
        'Days are counted in whole or half days (1.5, not 1.25)',
      ],
      [
        'Sand Services',
        { quantity: 2, unit: 'bag' },
        'order.unit',
        'Sand Services is ordered in tractor loads, cubic feet',
      ],
      ['Plumber', { quantity: 1, unit: 'piece' }, 'order.unit', 'Plumber is booked as a job, not by quantity'],
      ['Sand Services', { quantity: 2, unit: 'job' }, 'order.unit', 'Choose a unit from the list'],
    ]
    for (const [service, order, path, message] of cases) {
      const res = await post(body(service, order))
      expect(res.statusCode, `${service} ${JSON.stringify(order)}: ${res.body}`).toBe(400)
      expect(res.json().issues).toEqual([expect.objectContaining({ path, message })])
    }
    expect(await stored()).toEqual(before)
  })

  it('a replay with the same Idempotency-Key and order answers the first request; another order under the key is 409', async () => {
    const headers = { 'idempotency-key': 'material-order-0001' }
    const first = await post(body('Brick Services', { quantity: 2000, unit: 'piece' }), headers)
    expect(first.statusCode, first.body).toBe(201)
    const before = await stored()
    const again = await post(body('Brick Services', { quantity: 2000, unit: 'piece' }), headers)
    expect(again.statusCode, again.body).toBe(201)
    expect(again.json().id).toBe(first.json().id)
    const other = await post(body('Brick Services', { quantity: 3000, unit: 'piece' }), headers)
    expect(other.statusCode, other.body).toBe(409)
    expect(await stored()).toEqual(before)
  })

  it('the worker’s My jobs and the job page carry the order', async () => {
    const workerUser = await createUser(t, 'worker')
    const worker = await login(t, workerUser)
    const supplier = await createWorker(t, {
      name: 'Sand Supplier',
      service: 'Sand Services',
      userId: workerUser.id,
      pricePaise: 450_000,
      unit: 'tractor_load',
    })
    const made = await post(body('Sand Services', { quantity: 3, unit: 'tractor_load' }), bearer(customer))
    const requestId = ServiceRequestResponseSchema.parse(made.json()).id
    const scheduled = await t.app.inject({
      method: 'POST',
      url: '/api/schedule',
      headers: bearer(operator),
      payload: {
        taskName: 'Sand for Lakshmi',
        workerId: supplier.id,
        date: weekdaysAhead(3)(),
        startTime: '09:00',
        endTime: '10:00',
        requestId,
      },
    })
    expect(scheduled.statusCode, scheduled.body).toBe(201)
    const taskId = (scheduled.json() as { taskId: number }).taskId

    const myJobs = MyJobsResponseSchema.parse(
      (await t.app.inject({ url: '/api/my/jobs', headers: bearer(worker) })).json(),
    )
    expect(myJobs.jobs.find((j) => j.task_id === taskId)?.request).toMatchObject({
      request_id: requestId,
      order: { quantity: 3, unit: 'tractor_load' },
    })
    const page = JobResponseSchema.parse(
      (await t.app.inject({ url: `/api/jobs/${taskId}`, headers: bearer(operator) })).json(),
    )
    expect(page.request?.order).toEqual({ quantity: 3, unit: 'tractor_load' })
  })
})
