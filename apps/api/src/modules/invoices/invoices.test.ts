import {
  InvoiceResponseSchema,
  InvoicesResponseSchema,
  MyInvoicesResponseSchema,
  PaymentResponseSchema,
  requestReference,
  taskReference,
  type Invoice,
} from '@townworks/contract'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, type Session } from '../../../test/auth-helpers'
import {
  expectBooksBalance,
  key,
  payManually,
  pendingTask,
  people,
  taskStatus,
  type People,
} from '../../../test/payment-flow'
import { testClock } from '../../../test/otp-helpers'
import { createTestApp, createTwoProcesses, type TestApp, type TwoProcesses } from '../../../test/test-app'
import { invoiceCounters, invoices, payments } from '../../db/schema'

// Receipts, tax invoices and credit notes (issue 22, decision 060), through the API.

/** A Telangana business registered for GST (its GSTIN's check character is right). */
const REGISTERED = {
  GST_REGISTERED: '1',
  GSTIN: '36AABCT1332L1ZF',
  BUSINESS_LEGAL_NAME: 'TownWorks Services Private Limited',
  BUSINESS_ADDRESS: '2-3-45, Station Road, Armoor, Telangana 503224',
}

/** 20 November 2026, 10:00 in India: financial year 2026-27. */
const NOVEMBER = new Date('2026-11-20T10:00:00+05:30')

async function documentOf(t: TestApp, s: Session, paymentId: number): Promise<Invoice> {
  const [row] = await t.database.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(sql`${invoices.paymentId} = ${paymentId} and ${invoices.kind} <> 'credit_note'`)
  expect(row, `payment ${paymentId} has a document`).toBeDefined()
  const res = await t.app.inject({ method: 'GET', url: `/api/invoices/${row!.id}`, headers: bearer(s) })
  expect(res.statusCode).toBe(200)
  return InvoiceResponseSchema.parse(res.json()).invoice
}

async function addLineItem(t: TestApp, s: Session, taskId: number, description: string, amount: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/tasks/${taskId}/line-items`,
    headers: bearer(s),
    payload: { description, amount_paise: amount },
  })
  expect(res.statusCode, res.body).toBeLessThan(300)
}

async function pay(t: TestApp, s: Session, taskId: number, amount: number, idempotencyKey = key()) {
  const res = await payManually(t, s, taskId, amount, idempotencyKey)
  expect(res.statusCode, res.body).toBe(200)
  return PaymentResponseSchema.parse(res.json())
}

function refund(t: TestApp, admin: Session, paymentId: number) {
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/${paymentId}/refund`,
    headers: bearer(admin),
    payload: { reason: 'Paid twice by mistake' },
  })
}

describe('a business not registered for GST (a fresh install): a numbered receipt for every payment', () => {
  let t: TestApp
  let p: People
  const clock = testClock(NOVEMBER)

  beforeAll(async () => {
    t = await createTestApp({}, { now: clock.now })
    p = await people(t)
  })
  afterAll(() => t.close())

  it('a payment recorded by hand gets receipt RC/26-27/000001: no tax, no GSTIN, the amount in words; a retry keeps it the one document', async () => {
    const taskId = await pendingTask(t, {
      customerUserId: p.customer.user.id,
      workerId: p.workerId,
      pricePaise: 450_050,
    })
    const idempotencyKey = key()
    const paid = await pay(t, p.operator, taskId, 450_050, idempotencyKey)
    const again = await pay(t, p.operator, taskId, 450_050, idempotencyKey)
    expect(again.replayed).toBe(true)
    const receipt = await documentOf(t, p.customer, paid.payment.id)
    expect(receipt).toMatchObject({
      kind: 'receipt',
      number: 'RC/26-27/000001',
      financial_year: '2026-27',
      task_id: taskId,
      total_paise: 450_050,
      taxable_paise: 450_050,
      tax_paise: 0,
      cgst_paise: 0,
      sgst_paise: 0,
      igst_paise: 0,
      amount_in_words: 'Rupees Four Thousand Five Hundred and Fifty Paise Only',
      supplier: { legal_name: 'TownWorks', gstin: null, state_code: '36', state_name: 'Telangana' },
      customer: { name: 'Customer', phone: '+919848012345', address: 'Armoor, Telangana', gstin: null },
      place_of_supply: { state_code: '36', state_name: 'Telangana' },
      corrects: null,
      credit_note: null,
      issued_at: NOVEMBER.toISOString(),
    })
    expect(receipt.lines).toEqual([
      expect.objectContaining({ hsn_sac: null, tax_rate_bps: 0, taxable_paise: 450_050, total_paise: 450_050 }),
    ])
    const count = await t.database.db.select().from(invoices).where(eq(invoices.paymentId, paid.payment.id))
    expect(count).toHaveLength(1)
  })

  it('the customer sees only their own documents; the staff see all; a worker may not ask', async () => {
    const other = await pendingTask(t, {
      customerUserId: p.otherCustomer.user.id,
      workerId: p.workerId,
      pricePaise: 30_000,
    })
    const paid = await pay(t, p.operator, other, 30_000)
    const theirs = await documentOf(t, p.otherCustomer, paid.payment.id)
    expect(theirs.number).toBe('RC/26-27/000002')

    const mine = MyInvoicesResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/my/invoices', headers: bearer(p.customer) })).json(),
    ).invoices
    expect(mine.map((i) => i.number)).toEqual(['RC/26-27/000001'])
    const asOther = await t.app.inject({
      method: 'GET',
      url: `/api/invoices/${mine[0]!.id}`,
      headers: bearer(p.otherCustomer),
    })
    expect(asOther.statusCode).toBe(404)
    const asWorker = await t.app.inject({
      method: 'GET',
      url: `/api/invoices/${mine[0]!.id}`,
      headers: bearer(p.workerSession),
    })
    expect(asWorker.statusCode).toBe(403)
    const asStaff = await t.app.inject({
      method: 'GET',
      url: `/api/invoices/${theirs.id}`,
      headers: bearer(p.operator),
    })
    expect(asStaff.statusCode).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: '/api/invoices', headers: bearer(p.customer) })).statusCode).toBe(
      403,
    )
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/invoices/999999', headers: bearer(p.operator) })).statusCode,
    ).toBe(404)
  })

  it('a refund issues credit note CN/26-27/000001 for the whole receipt, linked both ways', async () => {
    const taskId = await pendingTask(t, {
      customerUserId: p.customer.user.id,
      workerId: p.workerId,
      pricePaise: 12_345,
    })
    const paid = await pay(t, p.operator, taskId, 12_345)
    const res = await refund(t, p.admin, paid.payment.id)
    expect(res.statusCode, res.body).toBe(200)
    const receipt = await documentOf(t, p.operator, paid.payment.id)
    expect(receipt.credit_note).toMatchObject({ number: 'CN/26-27/000001' })
    const note = InvoiceResponseSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/invoices/${receipt.credit_note!.id}`,
          headers: bearer(p.customer),
        })
      ).json(),
    ).invoice
    expect(note).toMatchObject({
      kind: 'credit_note',
      corrects: { id: receipt.id, number: receipt.number },
      payment_id: paid.payment.id,
      total_paise: 12_345,
      taxable_paise: 12_345,
      amount_in_words: 'Rupees One Hundred Twenty Three and Forty Five Paise Only',
    })
    expect(note.lines).toEqual(receipt.lines)
    await expectBooksBalance(t, p.admin)
  })

  it('the list filters by kind, days of issue and a search; bad filters are 400 and change nothing', async () => {
    const list = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/invoices${query}`, headers: bearer(p.operator) })
      expect(res.statusCode, res.body).toBe(200)
      return InvoicesResponseSchema.parse(res.json())
    }
    expect((await list('')).total).toBe(4)
    expect((await list('?kind=credit_note')).invoices.map((i) => i.number)).toEqual(['CN/26-27/000001'])
    expect((await list('?from=2026-11-20&to=2026-11-20')).total).toBe(4)
    expect((await list('?from=2026-11-21')).total).toBe(0)
    expect((await list('?q=RC%2F26-27%2F000002')).invoices.map((i) => i.number)).toEqual(['RC/26-27/000002'])
    // A task as every screen names it: its request's TW-number, or #id for a task without a request.
    const all = (await list('')).invoices
    const one = all.find((i) => i.request_id !== null)!
    const byRequest = await list(`?q=${requestReference(one.request_id!)}`)
    expect(byRequest.invoices.map((i) => i.id).sort()).toEqual(
      all
        .filter((i) => i.request_id === one.request_id)
        .map((i) => i.id)
        .sort(),
    )
    const byTask = await list(`?q=%23${one.task_id}`)
    expect(byTask.invoices.map((i) => i.id).sort()).toEqual(
      all
        .filter((i) => i.task_id === one.task_id)
        .map((i) => i.id)
        .sort(),
    )
    expect((await list('?pageSize=1&page=2')).invoices).toHaveLength(1)
    const before = await t.database.db.select().from(invoiceCounters)
    for (const query of ['?kind=bill', '?from=2026-11-22&to=2026-11-21', '?from=20-11-2026', '?q=%00', '?pageSize=0']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/invoices${query}`, headers: bearer(p.operator) })
      expect(res.statusCode, query).toBe(400)
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/invoices/abc', headers: bearer(p.operator) })).statusCode,
    ).toBe(400)
    expect(await t.database.db.select().from(invoiceCounters)).toEqual(before)
  })

  it('the accountant’s CSV lists every document in number order, credit notes with the number they correct', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/invoices/export.csv?from=2026-11-01',
      headers: bearer(p.operator),
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/text\/csv/)
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toMatch(/^number,kind,issued_at,financial_year,corrects,customer_name/)
    expect(lines).toHaveLength(5)
    expect(lines.at(-1)).toMatch(/^CN\/26-27\/000001,credit_note,.*,RC\/26-27\/000003,/)
  })
})

describe('a business registered for GST in Telangana: tax invoices with CGST + SGST', () => {
  let t: TestApp
  let p: People
  const clock = testClock(NOVEMBER)

  beforeAll(async () => {
    t = await createTestApp(REGISTERED, { now: clock.now })
    p = await people(t)
  })
  afterAll(() => t.close())

  it('the price and a line item, paid tax-inclusive: each line split into taxable value and half-and-half tax, adding up to what was paid', async () => {
    const taskId = await pendingTask(t, {
      customerUserId: p.customer.user.id,
      workerId: p.workerId,
      pricePaise: 45_000,
    })
    await addLineItem(t, p.operator, taskId, 'Copper pipe, 2 m', 5_000)
    const paid = await pay(t, p.operator, taskId, 50_000)
    const invoice = await documentOf(t, p.customer, paid.payment.id)
    expect(invoice).toMatchObject({
      kind: 'tax_invoice',
      number: 'TW/26-27/000001',
      supplier: {
        legal_name: 'TownWorks Services Private Limited',
        gstin: '36AABCT1332L1ZF',
        address: '2-3-45, Station Road, Armoor, Telangana 503224',
        state_code: '36',
      },
      place_of_supply: { state_code: '36', state_name: 'Telangana' },
      reverse_charge: false,
      // 45000 / 1.18 = 38135.59… → 38136 (tax 6864: 3432 + 3432); 5000 / 1.18 = 4237.28… → 4237 (tax 763: 382 + 381).
      taxable_paise: 42_373,
      cgst_paise: 3_814,
      sgst_paise: 3_813,
      igst_paise: 0,
      tax_paise: 7_627,
      total_paise: 50_000,
      amount_in_words: 'Rupees Five Hundred Only',
    })
    expect(invoice.lines).toEqual([
      {
        position: 1,
        description: `Plumber: Fix the tap (${taskReference({ id: taskId, requestId: invoice.request_id })})`,
        hsn_sac: '995462',
        quantity: 1,
        unit: 'job',
        taxable_paise: 38_136,
        tax_rate_bps: 1800,
        cgst_paise: 3_432,
        sgst_paise: 3_432,
        igst_paise: 0,
        total_paise: 45_000,
      },
      {
        position: 2,
        description: 'Copper pipe, 2 m',
        hsn_sac: '995462',
        quantity: 1,
        unit: 'item',
        taxable_paise: 4_237,
        tax_rate_bps: 1800,
        cgst_paise: 382,
        sgst_paise: 381,
        igst_paise: 0,
        total_paise: 5_000,
      },
    ])
  })

  it('a refund issues a credit note with the invoice’s figures exactly, never computed again', async () => {
    const taskId = await pendingTask(t, {
      customerUserId: p.customer.user.id,
      workerId: p.workerId,
      pricePaise: 99_999,
    })
    const paid = await pay(t, p.operator, taskId, 99_999)
    const invoice = await documentOf(t, p.operator, paid.payment.id)
    expect(invoice.number).toBe('TW/26-27/000002')
    expect((await refund(t, p.admin, paid.payment.id)).statusCode).toBe(200)
    expect(await taskStatus(t, taskId)).toBe('payment_pending')
    const [note] = await t.database.db.select().from(invoices).where(eq(invoices.correctsInvoiceId, invoice.id))
    const credit = InvoiceResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/invoices/${note!.id}`, headers: bearer(p.operator) })).json(),
    ).invoice
    expect(credit).toMatchObject({
      kind: 'credit_note',
      number: 'CN/26-27/000001',
      corrects: { id: invoice.id, number: 'TW/26-27/000002' },
      taxable_paise: invoice.taxable_paise,
      cgst_paise: invoice.cgst_paise,
      sgst_paise: invoice.sgst_paise,
      total_paise: 99_999,
      supplier: invoice.supplier,
      customer: invoice.customer,
    })
    expect(credit.lines).toEqual(invoice.lines)
    // Paid again after the refund: a new invoice for the new payment.
    const again = await pay(t, p.operator, taskId, 99_999)
    expect((await documentOf(t, p.operator, again.payment.id)).number).toBe('TW/26-27/000003')
    await expectBooksBalance(t, p.admin)
  })

  it('a payment that rolls back after taking its number gives the number back', async () => {
    // A database rule that refuses one line, so the payment's transaction fails after numbering.
    await t.database.db.execute(
      sql.raw(`create function test_refuse_line() returns trigger language plpgsql as $$
        begin if new.description = 'Refused by the test' then raise exception 'refused by the test'; end if; return new; end $$`),
    )
    await t.database.db.execute(
      sql.raw(
        'create trigger test_refuse_line before insert on invoice_lines for each row execute function test_refuse_line()',
      ),
    )
    const refused = await pendingTask(t, {
      customerUserId: p.customer.user.id,
      workerId: p.workerId,
      pricePaise: 10_000,
    })
    await addLineItem(t, p.operator, refused, 'Refused by the test', 1_000)
    const failed = await payManually(t, p.operator, refused, 11_000)
    expect(failed.statusCode).toBe(500)
    expect(await taskStatus(t, refused)).toBe('payment_pending')
    expect(await t.database.db.select().from(payments).where(eq(payments.taskId, refused))).toEqual([])
    const next = await pendingTask(t, { customerUserId: p.customer.user.id, workerId: p.workerId, pricePaise: 10_000 })
    const paid = await pay(t, p.operator, next, 10_000)
    expect((await documentOf(t, p.operator, paid.payment.id)).number).toBe('TW/26-27/000004')
    await t.database.db.execute(sql.raw('drop trigger test_refuse_line on invoice_lines'))
  })

  it('an online payment (sandbox approval, then the page’s verify) gets one invoice', async () => {
    const taskId = await pendingTask(t, {
      customerUserId: p.customer.user.id,
      workerId: p.workerId,
      pricePaise: 77_700,
    })
    const opened = await t.app.inject({
      method: 'POST',
      url: `/api/tasks/${taskId}/payments/order`,
      headers: bearer(p.customer),
    })
    const orderId = (opened.json() as { order: { order_id: string } }).order.order_id
    const approve = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/complete',
        headers: bearer(p.customer),
        payload: { order_id: orderId, outcome: 'approve' },
      })
    const done = await approve()
    expect(done.statusCode).toBe(200)
    expect((await approve()).statusCode).toBe(200)
    const answer = done.json() as { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/payments/verify',
      headers: bearer(p.customer),
      payload: {
        razorpay_order_id: answer.razorpay_order_id,
        razorpay_payment_id: answer.razorpay_payment_id,
        razorpay_signature: answer.razorpay_signature,
      },
    })
    expect(PaymentResponseSchema.parse(verified.json()).replayed).toBe(true)
    const docs = await t.database.db.select().from(invoices).where(eq(invoices.taskId, taskId))
    expect(docs.map((d) => d.number)).toEqual(['TW/26-27/000005'])
    expect(docs[0]).toMatchObject({ totalPaise: 77_700, cgstPaise: 5_927, sgstPaise: 5_926, taxablePaise: 65_847 })
  })
})

describe('money held to be given back (decision 016) is acknowledged by a receipt, never a tax invoice', () => {
  let t: TestApp
  let p: People

  beforeAll(async () => {
    t = await createTestApp(REGISTERED, { now: testClock(NOVEMBER).now })
    p = await people(t)
  })
  afterAll(() => t.close())

  it('paid by hand while the checkout was open: the online capture gets a receipt without tax; its refund a credit note', async () => {
    const taskId = await pendingTask(t, {
      customerUserId: p.customer.user.id,
      workerId: p.workerId,
      pricePaise: 20_000,
    })
    const opened = await t.app.inject({
      method: 'POST',
      url: `/api/tasks/${taskId}/payments/order`,
      headers: bearer(p.customer),
    })
    const orderId = (opened.json() as { order: { order_id: string } }).order.order_id
    const cash = await pay(t, p.operator, taskId, 20_000)
    const approved = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/complete',
      headers: bearer(p.customer),
      payload: { order_id: orderId, outcome: 'approve' },
    })
    expect(approved.statusCode).toBe(200)
    const [held] = await t.database.db
      .select()
      .from(payments)
      .where(sql`${payments.taskId} = ${taskId} and ${payments.state} = 'unallocated'`)
    const receipt = await documentOf(t, p.customer, held!.id)
    expect(receipt).toMatchObject({ kind: 'receipt', number: 'RC/26-27/000001', tax_paise: 0, total_paise: 20_000 })
    expect(receipt.supplier.gstin).toBeNull()
    expect(receipt.lines[0]!.description).toMatch(/held to be given back/)
    expect((await documentOf(t, p.customer, cash.payment.id)).number).toBe('TW/26-27/000001')
    expect((await refund(t, p.admin, held!.id)).statusCode).toBe(200)
    const again = await documentOf(t, p.operator, held!.id)
    expect(again.credit_note).toMatchObject({ number: 'CN/26-27/000001' })
    await expectBooksBalance(t, p.admin)
  })
})

describe('a business registered in another state: IGST', () => {
  let t: TestApp
  let p: People

  beforeAll(async () => {
    t = await createTestApp(
      { ...REGISTERED, GSTIN: '29AAGCB7383J1Z4', BUSINESS_STATE_CODE: '29' },
      { now: testClock(NOVEMBER).now },
    )
    p = await people(t)
  })
  afterAll(() => t.close())

  it('the site is in Telangana, the supplier in Karnataka: all the tax is IGST', async () => {
    const taskId = await pendingTask(t, {
      customerUserId: p.customer.user.id,
      workerId: p.workerId,
      pricePaise: 45_000,
    })
    const paid = await pay(t, p.operator, taskId, 45_000)
    const invoice = await documentOf(t, p.customer, paid.payment.id)
    expect(invoice).toMatchObject({
      kind: 'tax_invoice',
      supplier: { gstin: '29AAGCB7383J1Z4', state_code: '29', state_name: 'Karnataka' },
      place_of_supply: { state_code: '36', state_name: 'Telangana' },
      taxable_paise: 38_136,
      cgst_paise: 0,
      sgst_paise: 0,
      igst_paise: 6_864,
      total_paise: 45_000,
    })
  })
})

describe('numbering restarts every 1 April (India time)', () => {
  let t: TestApp
  let p: People
  const clock = testClock(new Date('2027-03-31T23:59:58+05:30'))

  beforeAll(async () => {
    t = await createTestApp(REGISTERED, { now: clock.now })
    p = await people(t)
  })
  afterAll(() => t.close())

  it('31 March’s invoices are 2026-27’s; from midnight in India, 2027-28 counts from 000001', async () => {
    const numbers: string[] = []
    for (const step of [0, 1000, 1000, 1000]) {
      clock.advance(step)
      const taskId = await pendingTask(t, {
        customerUserId: p.customer.user.id,
        workerId: p.workerId,
        pricePaise: 1_000,
      })
      const paid = await pay(t, p.operator, taskId, 1_000)
      numbers.push((await documentOf(t, p.operator, paid.payment.id)).number)
    }
    expect(numbers).toEqual(['TW/26-27/000001', 'TW/26-27/000002', 'TW/27-28/000001', 'TW/27-28/000002'])
  })
})

describe('numbering across two API processes sharing one database', () => {
  let two: TwoProcesses
  let a: TestApp
  let b: TestApp
  let p: People

  beforeAll(async () => {
    const env = { ...REGISTERED, SESSION_SECRET: 'test-secret-test-secret-test-secret-00', READ_CACHE: '0' }
    two = await createTwoProcesses(env, { now: testClock(NOVEMBER).now })
    const config = two.a.config
    a = { app: two.a, database: two.database, config, close: async () => undefined }
    b = { app: two.b, database: two.database, config, close: async () => undefined }
    p = await people(a)
  })
  afterAll(() => two.close())

  it('payments recorded at once on both processes get unique numbers with no gap, one invoice each', async () => {
    const tasks: number[] = []
    for (let i = 0; i < 12; i++) {
      tasks.push(
        await pendingTask(a, { customerUserId: p.customer.user.id, workerId: p.workerId, pricePaise: 1_000 + i }),
      )
    }
    const answers = await Promise.all(
      tasks.map((taskId, i) => payManually(i % 2 === 0 ? a : b, p.operator, taskId, 1_000 + i)),
    )
    expect(answers.map((r) => r.statusCode)).toEqual(tasks.map(() => 200))
    const rows = await two.database.db.select().from(invoices)
    expect(rows).toHaveLength(12)
    expect(rows.map((r) => r.serial).sort((x, y) => x - y)).toEqual([...Array(12).keys()].map((i) => i + 1))
    expect(new Set(rows.map((r) => r.paymentId)).size).toBe(12)
    const [counter] = await two.database.db.select().from(invoiceCounters)
    expect(counter).toMatchObject({ series: 'TW', financialYear: '2026-27', lastSerial: 12 })
    await expectBooksBalance(b, p.admin)
  })
})
