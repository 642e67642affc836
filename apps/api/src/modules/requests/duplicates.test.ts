import { requestReference, RequestsResponseSchema, ServiceRequestDetailSchema } from '@townworks/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, loginAs, type Session } from '../../../test/auth-helpers'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { serviceRequests } from '../../db/schema'
import { addDays, todayInIndia } from '../../shared/dates'

describe('the inbox warns about a likely duplicate request (issue 17)', () => {
  let t: TestApp
  let operator: Session

  beforeAll(async () => {
    t = await createTestApp()
    operator = await loginAs(t, 'operator')
  })
  afterAll(() => t.close())

  const day = addDays(todayInIndia(), 9)
  const ask = async (over: object = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/servicerequest',
      remoteAddress: `10.1.2.${Math.floor(Math.random() * 200) + 1}`,
      payload: {
        name: 'Lakshmi',
        phone: '98480 12345',
        service: 'Plumber',
        service_date: day,
        town: 'Armoor',
        ...over,
      },
    })
    expect(res.statusCode, res.body).toBeLessThan(300)
    return res.json().id as number
  }
  const inbox = async () =>
    RequestsResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/requests?pageSize=100', headers: bearer(operator) })).json(),
    ).requests

  it('marks a later request with the same phone, service and day as a duplicate of the earliest open one', async () => {
    const first = await ask()
    const second = await ask({ phone: '+919848012345', name: 'Lakshmi D' })
    const third = await ask()
    const otherService = await ask({ service: 'Painter' })
    const otherDay = await ask({ service_date: addDays(day, 1) })
    const otherPhone = await ask({ phone: '9848099999' })
    const rows = new Map((await inbox()).map((r) => [r.id, r.duplicate_of]))
    expect(rows.get(first)).toBeNull()
    expect(rows.get(second)).toEqual({ id: first, reference: requestReference(first) })
    expect(rows.get(third)).toEqual({ id: first, reference: requestReference(first) })
    for (const id of [otherService, otherDay, otherPhone]) expect(rows.get(id)).toBeNull()

    // Once the first is no longer open, the next open one is what a later request duplicates.
    await t.database.db.update(serviceRequests).set({ state: 'rejected' }).where(eq(serviceRequests.id, first))
    const after = new Map((await inbox()).map((r) => [r.id, r.duplicate_of]))
    expect(after.get(third)).toEqual({ id: second, reference: requestReference(second) })
    // The single request's answer says the same.
    const one = await t.app.inject({ method: 'GET', url: `/api/requests/${third}`, headers: bearer(operator) })
    expect(ServiceRequestDetailSchema.parse(one.json()).duplicate_of).toEqual({
      id: second,
      reference: requestReference(second),
    })
  })
})
