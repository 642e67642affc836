import {
  AcceptQuoteResponseSchema,
  InvoiceResponseSchema,
  PaymentOrderResponseSchema,
  QuoteResponseSchema,
  TaskChargesResponseSchema,
  type OrderUnit,
} from '@townworks/contract'
import { count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, loginAs, type Session } from '../../../test/auth-helpers'
import { createWorker, weekdaysAhead } from '../../../test/fixtures'
import { freshAddress } from '../../../test/otp-helpers'
import { expectBooksBalance } from '../../../test/payment-flow'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { assignments, invoices, serviceRequests, taskLineItems, tasks } from '../../db/schema'
import { addDays, todayInIndia } from '../../shared/dates'

// Scheduling a materials order directly (issue 22, decision 069): with no accepted quote, a supplier
// who prices the order's unit charges it as a quote line would be (price 0, one line item with the
// quantity, unit and the material's service), so the payment asks for exactly that and the invoice
// prints it; a supplier who prices another unit is refused; one who prices per job costs as before.

/** A Telangana business registered for GST (as in the quotes' and invoices' tests). */
const REGISTERED = {
  GST_REGISTERED: '1',
  GSTIN: '36AABCT1332L1ZF',
  BUSINESS_LEGAL_NAME: 'TownWorks Services Private Limited',
  BUSINESS_ADDRESS: '2-3-45, Station Road, Armoor, Telangana 503224',
}

describe('POST /api/schedule for a materials order, without a quote', () => {
  let t: TestApp
  let operator: Session
  let admin: Session
  let customer: Session
  let perLoad: number
  let perFoot: number
  let perJob: number
  const day = weekdaysAhead(3)

  beforeAll(async () => {
    t = await createTestApp(REGISTERED)
    operator = await loginAs(t, 'operator')
    admin = await loginAs(t, 'admin')
    customer = await loginAs(t, 'customer')
    const supplier = async (name: string, pricePaise: number, unit: OrderUnit | null) =>
      (await createWorker(t, { name, town: 'Armoor', service: 'Sand Services', pricePaise, unit })).id
    perLoad = await supplier('Ramesh Sand', 450_000, 'tractor_load')
    perFoot = await supplier('Suresh Sand', 5_000, 'cubic_foot')
    perJob = await supplier('Mahesh Sand', 300_000, null)
  })
  afterAll(() => t.close())

  async function order(quantity: number, unit: OrderUnit): Promise<number> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/servicerequest',
      remoteAddress: freshAddress(),
      headers: bearer(customer),
      payload: {
        name: 'Asha Rani',
        phone: '98480 12345',
        service: 'Sand Services',
        service_date: addDays(todayInIndia(), 3),
        town: 'Armoor',
        address: '4-12 Station Road',
        order: { quantity, unit },
      },
    })
    expect(res.statusCode, res.body).toBe(201)
    return (res.json() as { id: number }).id
  }

  const schedule = (requestId: number, workerId: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/schedule',
      headers: bearer(operator),
      payload: { taskName: 'Sand delivery', workerId, date: day(), startTime: '09:00', endTime: '10:00', requestId },
    })

  async function chargesOf(taskId: number) {
    const res = await t.app.inject({ url: `/api/tasks/${taskId}/charges`, headers: bearer(operator) })
    expect(res.statusCode, res.body).toBe(200)
    return TaskChargesResponseSchema.parse(res.json()).charges
  }

  it('a supplier pricing the order’s unit: price 0 and one line item; the checkout asks for exactly it and the invoice prints the quantity, unit and HSN', async () => {
    const requestId = await order(2, 'tractor_load')
    const res = await schedule(requestId, perLoad)
    expect(res.statusCode, res.body).toBe(201)
    const taskId = (res.json() as { taskId: number }).taskId

    const charges = await chargesOf(taskId)
    expect(charges).toMatchObject({ price_paise: 0, total_paise: 900_000 })
    expect(
      charges.line_items.map((i) => [i.description, i.amount_paise, i.quantity, i.unit, i.reason, i.added_by]),
    ).toEqual([
      [
        'Sand Services — 2 tractor loads',
        900_000,
        2,
        'tractor_load',
        'Order: 2 tractor loads at Rs 4,500.00 each',
        operator.user.username,
      ],
    ])
    const [item] = await t.database.db.select().from(taskLineItems).where(eq(taskLineItems.taskId, taskId))
    const [sand] = await t.database.db.select({ id: tasks.serviceId }).from(tasks).where(eq(tasks.id, taskId))
    expect(item!.serviceId).toBe(sand!.id)

    // Delivered: the customer's checkout asks for the order's total, and paying it issues the invoice.
    await t.database.db.update(tasks).set({ status: 'payment_pending' }).where(eq(tasks.id, taskId))
    await t.database.db.update(assignments).set({ status: 'payment_pending' }).where(eq(assignments.taskId, taskId))
    const opened = await t.app.inject({
      method: 'POST',
      url: `/api/tasks/${taskId}/payments/order`,
      headers: bearer(customer),
    })
    expect(opened.statusCode, opened.body).toBe(200)
    const checkout = PaymentOrderResponseSchema.parse(opened.json()).order
    expect(checkout.amount_paise).toBe(900_000)
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/complete',
      headers: bearer(customer),
      payload: { order_id: checkout.order_id, outcome: 'approve' },
    })
    expect(paid.statusCode, paid.body).toBe(200)

    const [doc] = await t.database.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(sql`${invoices.taskId} = ${taskId} and ${invoices.kind} <> 'credit_note'`)
    const read = await t.app.inject({ url: `/api/invoices/${doc!.id}`, headers: bearer(customer) })
    expect(read.statusCode, read.body).toBe(200)
    const invoice = InvoiceResponseSchema.parse(read.json()).invoice
    expect(invoice).toMatchObject({ kind: 'tax_invoice', total_paise: 900_000 })
    // The task's price of nothing is left off; sand is HSN 2505 at 5 %.
    expect(
      invoice.lines.map((l) => [l.description, l.quantity, l.unit, l.hsn_sac, l.tax_rate_bps, l.total_paise]),
    ).toEqual([['Sand Services — 2 tractor loads', 2, 'tractor load', '2505', 500, 900_000]])
    await expectBooksBalance(t, admin)
  })

  it('two decimals of cubic feet are charged as quantity × unit price, to the paisa', async () => {
    const requestId = await order(2.25, 'cubic_foot')
    const res = await schedule(requestId, perFoot)
    expect(res.statusCode, res.body).toBe(201)
    const charges = await chargesOf((res.json() as { taskId: number }).taskId)
    expect(charges).toMatchObject({ price_paise: 0, total_paise: 11_250 })
    expect(charges.line_items.map((i) => [i.description, i.quantity, i.unit, i.reason])).toEqual([
      ['Sand Services — 2.25 cubic feet', 2.25, 'cubic_foot', 'Order: 2.25 cubic feet at Rs 50.00 each'],
    ])
  })

  it('a supplier pricing another unit is a 409 in words, and nothing changes', async () => {
    const requestId = await order(2, 'tractor_load')
    const tasksBefore = (await t.database.db.select({ n: count() }).from(tasks))[0]!.n
    const res = await schedule(requestId, perFoot)
    expect(res.statusCode, res.body).toBe(409)
    expect(res.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'Suresh Sand prices Sand Services per cubic foot; this order is in tractor loads: prepare a quote',
      details: { reason: 'order_unit_mismatch', worker_unit: 'cubic_foot', order_unit: 'tractor_load' },
    })
    const [request] = await t.database.db.select().from(serviceRequests).where(eq(serviceRequests.id, requestId))
    expect(request!.state).toBe('open')
    expect((await t.database.db.select({ n: count() }).from(tasks))[0]!.n).toBe(tasksBefore)
    // The request can still be scheduled with a supplier who prices its unit.
    expect((await schedule(requestId, perLoad)).statusCode).toBe(201)
  })

  it('a supplier pricing per job costs their price, as before', async () => {
    const requestId = await order(2, 'tractor_load')
    const res = await schedule(requestId, perJob)
    expect(res.statusCode, res.body).toBe(201)
    const charges = await chargesOf((res.json() as { taskId: number }).taskId)
    expect(charges).toMatchObject({ price_paise: 300_000, line_items: [], total_paise: 300_000 })
  })

  it('an accepted quote still wins: its charges, even with a supplier who prices another unit', async () => {
    const requestId = await order(2, 'tractor_load')
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/requests/${requestId}/quotes`,
      headers: bearer(operator),
      payload: {
        valid_until: addDays(todayInIndia(), 7),
        visit_charge_paise: 0,
        lines: [
          {
            kind: 'material',
            description: 'Sand',
            service: 'Sand Services',
            unit: 'tractor_load',
            quantity: 2,
            unit_price_paise: 350_000,
          },
        ],
      },
    })
    expect(sent.statusCode, sent.body).toBe(201)
    const quote = QuoteResponseSchema.parse(sent.json()).quote
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/quotes/${quote.id}/accept`,
      headers: bearer(customer),
    })
    expect(AcceptQuoteResponseSchema.parse(accepted.json()).quote.status).toBe('accepted')

    const res = await schedule(requestId, perFoot)
    expect(res.statusCode, res.body).toBe(201)
    const charges = await chargesOf((res.json() as { taskId: number }).taskId)
    expect(charges).toMatchObject({ price_paise: 0, total_paise: 700_000 })
    expect(charges.line_items.map((i) => [i.description, i.amount_paise, i.reason])).toEqual([
      ['Sand — 2 tractor loads', 700_000, 'Quote v1 accepted'],
    ])
  })
})
