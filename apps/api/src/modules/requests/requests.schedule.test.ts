import { ServiceRequestDetailSchema } from '@townworks/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serviceRequests } from '../../db/schema'
import { todayInIndia } from '../../shared/dates'
import { bearer, loginAs, type Session } from '../../../test/auth-helpers'
import { createTestApp, type TestApp } from '../../../test/test-app'
import type { Ctx } from '../../shared/context'
import { getRequest, markRequestScheduled } from './requests.service'

describe('getRequest and markRequestScheduled (for POST /api/schedule)', () => {
  let t: TestApp
  let operator: Session
  let customer: Session
  let ctx: Ctx
  const post = async (session?: Session) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/servicerequest',
      headers: session ? bearer(session) : {},
      payload: {
        name: 'Asha',
        phone: '98480 12345',
        email: '',
        service: 'Painter',
        service_date: todayInIndia(),
        town: 'Nirmal',
      },
    })
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as { id: number; reference: string }
  }

  beforeAll(async () => {
    t = await createTestApp()
    operator = await loginAs(t, 'operator')
    customer = await loginAs(t, 'customer')
    ctx = { database: t.database, messaging: t.app.messaging, user: undefined }
  })
  afterAll(() => t.close())

  it('GET /api/requests/:id answers the request with its customer', async () => {
    const { id, reference } = await post(customer)
    const res = await t.app.inject({ method: 'GET', url: `/api/requests/${id}`, headers: bearer(operator) })
    expect(res.statusCode).toBe(200)
    const body = ServiceRequestDetailSchema.parse(res.json())
    expect(body).toMatchObject({
      id,
      reference,
      name: 'Asha',
      phone: '+919848012345',
      email: null,
      service: 'Painter',
      town: 'Nirmal',
      service_date: todayInIndia(),
      state: 'open',
      customer: { id: customer.user.id, user: customer.user.username },
      task_id: null,
    })
    expect(await getRequest(ctx, id)).toEqual(body)
  })

  it('GET /api/requests/:id answers 404 for a missing request', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/requests/999999', headers: bearer(operator) })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' })
  })

  it('marks an open request scheduled in the caller transaction, and refuses it twice', async () => {
    const { id } = await post()
    const ids = await t.database.db.transaction((tx) => markRequestScheduled(tx, id))
    expect(ids.serviceId).toBeGreaterThan(0)
    expect(ids.townId).toBeGreaterThan(0)
    const [row] = await t.database.db.select().from(serviceRequests).where(eq(serviceRequests.id, id))
    expect(row).toMatchObject({ state: 'scheduled', serviceId: ids.serviceId, townId: ids.townId })
    await expect(t.database.db.transaction((tx) => markRequestScheduled(tx, id))).rejects.toMatchObject({
      code: 'CONFLICT',
    })
    await expect(t.database.db.transaction((tx) => markRequestScheduled(tx, 999_999))).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
  })

  it('leaves the request open when the caller transaction fails', async () => {
    const { id } = await post()
    await expect(
      t.database.db.transaction(async (tx) => {
        await markRequestScheduled(tx, id)
        throw new Error('scheduling failed later')
      }),
    ).rejects.toThrow('scheduling failed later')
    expect((await getRequest(ctx, id)).state).toBe('open')
  })
})
