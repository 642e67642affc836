import { DashboardChartsSchema, DashboardTodaySchema, type DashboardCount } from '@townworks/contract'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { notifications, payments, serviceRequests, services, towns } from '../../db/schema'
import { addDays, todayInIndia } from '../../shared/dates'
import { bearer, type Session } from '../../../test/auth-helpers'
import { createTask, createWorker, officeApp } from '../../../test/fixtures'

describe('the dashboard (issue 20)', () => {
  const t = officeApp({ town: 'Nirmal' })
  const get = (s: Session, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(s) })

  /** Rows behind every count: requests today and earlier, assignments in each status, today and before, failed messages. */
  async function seed() {
    const db = t.database.db
    const today = todayInIndia()
    const yesterday = addDays(today, -1)
    const worker = await createWorker(t, { name: 'Dash Worker', town: 'Nirmal' })
    // Overdue: booked for yesterday and today at 00:00, not started. Scheduled today: 23:00 (later today, unless run at 23:xx).
    await createTask(t, { workerId: worker.id, date: yesterday, start: '09:00', end: '10:00' })
    await createTask(t, { workerId: worker.id, date: today, start: '00:00', end: '00:30' })
    await createTask(t, { workerId: worker.id, date: today, start: '23:00', end: '23:30' })
    await createTask(t, { workerId: worker.id, status: 'work_inprogress', date: addDays(today, 1) })
    await createTask(t, { workerId: worker.id, status: 'payment_pending', date: addDays(today, 2) })
    await createTask(t, { workerId: worker.id, status: 'payment_pending', date: addDays(today, 3) })
    const [town] = await db.select().from(towns).where(eq(towns.name, 'Nirmal'))
    const [service] = await db.select().from(services).where(eq(services.name, 'Plumber'))
    const request = (state: 'open' | 'rejected', createdAt: Date) => ({
      name: 'దీపిక',
      phone: '+919848012345',
      serviceId: service!.id,
      townId: town!.id,
      serviceDate: addDays(today, 5),
      state,
      createdAt,
    })
    await db
      .insert(serviceRequests)
      .values([
        request('open', new Date()),
        request('open', new Date()),
        request('rejected', new Date()),
        request('open', new Date(Date.now() - 3 * 86_400_000)),
      ])
    const message = (state: 'failed' | 'sent', n: number) => ({
      event: 'request_received',
      channel: 'sms' as const,
      to: '+919848012345',
      body: 'x',
      state,
      messageKey: `dashboard-test-${state}-${n}`,
    })
    await db.insert(notifications).values([message('failed', 1), message('failed', 2), message('sent', 3)])
    return today
  }

  it("today's counts are what the lists behind them show, for the same filters", async () => {
    const today = await seed()
    const res = await get(t.operator, '/api/dashboard/today')
    expect(res.statusCode, res.body).toBe(200)
    const body = DashboardTodaySchema.parse(res.json())
    expect(body.today).toBe(today)
    const lists: Record<DashboardCount, string> = {
      new_requests: `/api/requests?createdFrom=${today}&createdTo=${today}`,
      unassigned: '/api/requests?state=open',
      scheduled: `/api/assignmentdetails?status=assigned&from=${today}&to=${today}`,
      in_progress: '/api/assignmentdetails?status=work_inprogress',
      awaiting_payment: '/api/assignmentdetails?status=payment_pending',
      overdue: '/api/assignmentdetails?overdue=true',
      failed_messages: '/api/notifications?state=failed',
    }
    for (const [count, url] of Object.entries(lists) as [DashboardCount, string][]) {
      const list = await get(t.operator, url)
      expect(list.statusCode, `${url}: ${list.body}`).toBe(200)
      expect(body.counts[count], `${count} against ${url}`).toBe(list.json().total)
    }
    // The seed shows in every count (the test database may hold other rows too: at least these).
    expect(body.counts.new_requests).toBeGreaterThanOrEqual(3)
    expect(body.counts.overdue).toBeGreaterThanOrEqual(2)
    expect(body.counts.awaiting_payment).toBeGreaterThanOrEqual(2)
    expect(body.counts.failed_messages).toBeGreaterThanOrEqual(2)
  })

  it('the overdue list holds only assignments past their start and not started', async () => {
    const res = await get(t.admin, '/api/assignmentdetails?overdue=true&pageSize=200')
    const today = todayInIndia()
    for (const row of res.json().assignmentdetails) {
      expect(row.status).toBe('assigned')
      expect(row.assignment_date <= today).toBe(true)
    }
  })

  it('the charts count the requests of each day and the captured money of each week', async () => {
    const today = todayInIndia()
    const from = addDays(today, -13)
    const { task } = await createTask(t, { workerId: t.workerId, date: today, start: '06:00', end: '08:00' })
    await t.database.db.insert(payments).values({
      taskId: task.id,
      amountPaise: 123_400,
      method: 'cash',
      state: 'captured',
      idempotencyKey: `dashboard-test-payment-${task.id}`,
    })
    const res = await get(t.operator, `/api/dashboard/charts?from=${from}&to=${today}&town=Nirmal`)
    expect(res.statusCode, res.body).toBe(200)
    const charts = DashboardChartsSchema.parse(res.json())
    expect(charts.days).toHaveLength(14)
    expect(charts.days.at(-1)!.day).toBe(today)
    // The day's requests in Nirmal, counted directly.
    const [direct] = (
      (await t.database.db.execute(
        sql`select count(*)::int as n from service_requests sr join towns tw on tw.id = sr.town_id
          where tw.name = 'Nirmal' and (sr.created_at at time zone 'Asia/Kolkata')::date = ${today}::date`,
      )) as unknown as { rows: { n: number }[] }
    ).rows
    expect(charts.days.at(-1)!.received).toBe(Number(direct!.n))
    // Utilisation counts the bookings of the town's workers (the Nirmal worker's two hours today).
    expect(charts.weeks.reduce((sum, w) => sum + w.booked_minutes, 0)).toBeGreaterThanOrEqual(120)
    // The fixture's task is in Armoor: its money shows there, and not for a service it is not.
    const chartsOf = async (filter: string) =>
      DashboardChartsSchema.parse(
        (await get(t.operator, `/api/dashboard/charts?from=${from}&to=${today}&${filter}`)).json(),
      )
    const revenue = (c: { weeks: { revenue_paise: number }[] }) => c.weeks.reduce((sum, w) => sum + w.revenue_paise, 0)
    expect(revenue(await chartsOf('town=Armoor&service=Plumber'))).toBeGreaterThanOrEqual(123_400)
    expect(revenue(await chartsOf('town=Armoor&service=Painter'))).toBe(0)
  })

  it('a period that ends before it starts, or is too long, is refused with 400', async () => {
    expect((await get(t.operator, '/api/dashboard/charts?from=2026-02-01&to=2026-01-01')).statusCode).toBe(400)
    expect((await get(t.operator, '/api/dashboard/charts?from=2024-01-01&to=2026-01-01')).statusCode).toBe(400)
  })

  it('customers and workers are refused with 403', async () => {
    for (const s of [t.customer, t.worker]) {
      expect((await get(s, '/api/dashboard/today')).statusCode).toBe(403)
      expect((await get(s, '/api/dashboard/charts?from=2026-01-01&to=2026-01-31')).statusCode).toBe(403)
    }
  })
})
