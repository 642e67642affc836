import { InvoiceResponseSchema, MyRequestsResponseSchema, RequestBillingResponseSchema } from '@townworks/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer } from '../../../test/auth-helpers'
import { testClock } from '../../../test/otp-helpers'
import { key, payManually, pendingTask, people, type People } from '../../../test/payment-flow'
import { createTestApp, type TestApp } from '../../../test/test-app'

// Who a request's receipts and tax invoices are made out to (issue 22): a business name and the
// customer's GSTIN, given by the request's customer, printed on the tax invoices issued after.

const REGISTERED = {
  GST_REGISTERED: '1',
  GSTIN: '36AABCT1332L1ZF',
  BUSINESS_LEGAL_NAME: 'TownWorks Services Private Limited',
  BUSINESS_ADDRESS: '2-3-45, Station Road, Armoor, Telangana 503224',
}
/** A customer's GSTIN with its right check character (Karnataka, another PAN). */
const CUSTOMER_GSTIN = '29AAGCB7383J1Z4'

describe('PUT /api/requests/{id}/billing', () => {
  let t: TestApp
  let p: People
  let taskId: number
  let requestId: number

  const mine = async (session = p.customer) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/my/requests', headers: bearer(session) })
    expect(res.statusCode, res.body).toBe(200)
    return MyRequestsResponseSchema.parse(res.json())
  }
  const put = (session: People['customer'] | undefined, payload: unknown, id = requestId) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/requests/${id}/billing`,
      ...(session ? { headers: bearer(session) } : {}),
      payload: payload as object,
    })

  beforeAll(async () => {
    t = await createTestApp(REGISTERED, { now: testClock(new Date('2026-11-20T10:00:00+05:30')).now })
    p = await people(t)
    taskId = await pendingTask(t, { customerUserId: p.customer.user.id, workerId: p.workerId, pricePaise: 1_18_000 })
    const listed = await mine()
    expect(listed.gst_invoices).toBe(true)
    requestId = listed.requests.find((r) => r.task?.id === taskId)!.id
  })
  afterAll(() => t.close())

  it("the request's customer gives a business name and GSTIN; My requests shows them; the tax invoice carries them", async () => {
    expect((await mine()).requests.find((r) => r.id === requestId)?.billing).toEqual({ name: null, gstin: null })
    const res = await put(p.customer, { name: '  Sri Sai Constructions ', gstin: ` ${CUSTOMER_GSTIN.toLowerCase()} ` })
    expect(res.statusCode, res.body).toBe(200)
    expect(RequestBillingResponseSchema.parse(res.json()).billing).toEqual({
      name: 'Sri Sai Constructions',
      gstin: CUSTOMER_GSTIN,
    })
    expect((await mine()).requests.find((r) => r.id === requestId)?.billing).toEqual({
      name: 'Sri Sai Constructions',
      gstin: CUSTOMER_GSTIN,
    })

    const paid = await payManually(t, p.operator, taskId, 1_18_000, key())
    expect(paid.statusCode, paid.body).toBe(200)
    const documents = (await mine()).requests.find((r) => r.id === requestId)!.task!.invoices
    expect(documents).toHaveLength(1)
    const got = await t.app.inject({
      method: 'GET',
      url: `/api/invoices/${documents[0]!.id}`,
      headers: bearer(p.customer),
    })
    const invoice = InvoiceResponseSchema.parse(got.json()).invoice
    expect(invoice.kind).toBe('tax_invoice')
    expect(invoice.customer).toMatchObject({ name: 'Sri Sai Constructions', gstin: CUSTOMER_GSTIN })
    expect(invoice.customer_name).toBe('Sri Sai Constructions')

    // Changed after the invoice: the invoice keeps what it was issued with.
    expect((await put(p.customer, { name: null, gstin: '' })).statusCode).toBe(200)
    expect((await mine()).requests.find((r) => r.id === requestId)?.billing).toEqual({ name: null, gstin: null })
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/invoices/${documents[0]!.id}`,
      headers: bearer(p.customer),
    })
    expect(InvoiceResponseSchema.parse(again.json()).invoice.customer.gstin).toBe(CUSTOMER_GSTIN)
  })

  it('a GSTIN that is not one is a 400 on its field, in words, and changes nothing', async () => {
    await put(p.customer, { name: 'Sri Sai Constructions', gstin: null })
    for (const gstin of ['36AABCT1332L1ZX', '99AABCT1332L1Z1', 'GSTIN', '36AABCT1332L1Z']) {
      const res = await put(p.customer, { name: 'Another name', gstin })
      expect(res.statusCode, gstin).toBe(400)
      expect(res.json().issues.map((i: { path: string }) => i.path)).toEqual(['gstin'])
    }
    expect((await put(p.customer, { name: 'A', gstin: null })).statusCode).toBe(400)
    expect((await put(p.customer, { name: 'Name', gstin: null, extra: 1 })).statusCode).toBe(400)
    expect((await mine()).requests.find((r) => r.id === requestId)?.billing).toEqual({
      name: 'Sri Sai Constructions',
      gstin: null,
    })
  })

  it('another customer gets 404 and changes nothing; a worker 403; no login 401; staff may set it', async () => {
    expect((await put(p.otherCustomer, { name: 'Not mine', gstin: null })).statusCode).toBe(404)
    expect((await put(p.workerSession, { name: 'Not mine', gstin: null })).statusCode).toBe(403)
    expect((await put(undefined, { name: 'Not mine', gstin: null })).statusCode).toBe(401)
    expect((await put(p.customer, { name: 'Nobody', gstin: null }, 999_999)).statusCode).toBe(404)
    expect((await mine()).requests.find((r) => r.id === requestId)?.billing.name).toBe('Sri Sai Constructions')
    expect((await put(p.operator, { name: 'Set by the office', gstin: null })).statusCode).toBe(200)
    expect((await mine()).requests.find((r) => r.id === requestId)?.billing.name).toBe('Set by the office')
  })
})
