import {
  INITIAL_SERVICES,
  INITIAL_TOWNS,
  PriceRangesResponseSchema,
  type InitialService,
  RequestsResponseSchema,
  ServicesResponseSchema,
  SkilledWorkersResponseSchema,
  WorkerServicesResponseSchema,
  WorkerSuggestionsResponseSchema,
} from '@townworks/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, loginAs, type Session } from '../../../test/auth-helpers'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { seedDemoData } from '../../db/seed/demo'

describe('seed read calls for workers and tasks', () => {
  let t: TestApp
  let operator: Session
  beforeAll(async () => {
    t = await createTestApp()
    await seedDemoData(t.database.db)
    operator = await loginAs(t, 'operator')
  })
  afterAll(() => t.close())

  it('GET /api/workerservices answers workerServices rows with prices in paise and rupees', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/workerservices', headers: bearer(operator) })
    expect(res.statusCode).toBe(200)
    const { workerServices } = WorkerServicesResponseSchema.parse(res.json())
    expect(workerServices.length).toBeGreaterThanOrEqual(30)
    for (const row of workerServices) {
      expect(row.price).toBe(row.price_paise / 100)
      expect(row.phone_number).toMatch(/^\+91[6-9]\d{9}$/)
    }
    expect(new Set(workerServices.map((r) => r.town))).toEqual(new Set(['Armoor', 'Nizamabad', 'Nirmal']))
  })

  it('GET /api/skilledworker is public and answers names with cart counts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/skilledworker' })
    expect(res.statusCode).toBe(200)
    const { skilledworkers } = SkilledWorkersResponseSchema.parse(res.json())
    expect(skilledworkers.length).toBeGreaterThanOrEqual(30)
    expect(skilledworkers.every((w) => w.cart_count === 0)).toBe(true)
    // The seed's three fields, and (added for the worker cards) the town and the trades with prices.
    expect(Object.keys(skilledworkers[0]!).sort()).toEqual([
      'cart_count',
      'jobs_done',
      'name',
      'rating_avg',
      'rating_count',
      'services',
      'town',
      'worker_id',
    ])
    expect(JSON.stringify(skilledworkers)).not.toMatch(/phone|email|\+91/)
    const offers = skilledworkers.flatMap((w) => w.services)
    expect(offers.every((o) => Number.isInteger(o.price_paise) && o.price_paise > 0)).toBe(true)
    // Each worker's trades come in the catalogue's order; the added trades have demo workers too.
    for (const w of skilledworkers) {
      const order = w.services.map((s) => INITIAL_SERVICES.indexOf(s.service_name as InitialService))
      expect(order).toEqual([...order].sort((a, b) => a - b))
    }
    for (const trade of ['Carpenter', 'Welding Services', 'Cleaning Services', 'Steel Services'] as const) {
      expect(offers.some((o) => o.service_name === trade)).toBe(true)
    }
  })

  it('GET /api/skilledworker answers what /wss holds for each worker', async () => {
    const [swl, wss] = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/skilledworker' }),
      t.app.inject({ method: 'GET', url: '/api/workerservices', headers: bearer(operator) }),
    ])
    const rows = WorkerServicesResponseSchema.parse(wss.json()).workerServices
    for (const w of SkilledWorkersResponseSchema.parse(swl.json()).skilledworkers.slice(0, 10)) {
      const mine = rows.filter((r) => r.worker_id === w.worker_id)
      expect(w.town).toBe(mine[0]?.town)
      expect(w.services.map((s) => `${s.service_name}:${s.price_paise}`).sort()).toEqual(
        mine.map((r) => `${r.service_name}:${r.price_paise}`).sort(),
      )
    }
  })

  it('the demo’s suppliers price materials per their units, and two sand suppliers of Nirmal rank by price (decision 069)', async () => {
    const services = ServicesResponseSchema.parse((await t.app.inject({ url: '/api/services' })).json()).services
    const unitsOf = new Map(services.map((s) => [s.name, s.order_units]))
    const wss = await t.app.inject({ method: 'GET', url: '/api/workerservices', headers: bearer(operator) })
    const rows = WorkerServicesResponseSchema.parse(wss.json()).workerServices
    // A material is priced per one of its units; a trade per job.
    for (const row of rows) {
      const units = unitsOf.get(row.service_name) ?? []
      if (units.length === 0) expect(row.unit, row.service_name).toBeNull()
      else expect(units, `${row.worker_name}: ${row.service_name}`).toContain(row.unit)
    }
    const sand = rows.filter((r) => r.service_name === 'Sand Services')
    expect(sand.every((r) => r.unit === 'tractor_load' && r.price_paise >= 400_000 && r.price_paise <= 500_000)).toBe(
      true,
    )
    expect(rows.find((r) => r.service_name === 'Brick Services')).toMatchObject({ unit: 'piece' })
    const nirmal = sand.filter((r) => r.town === 'Nirmal')
    expect(nirmal.length).toBeGreaterThanOrEqual(2)
    expect(new Set(nirmal.map((r) => r.price_paise)).size).toBe(nirmal.length)

    // A Monday two weeks on, in working hours: both are free, the cheaper first.
    const monday = new Date()
    monday.setUTCDate(monday.getUTCDate() + 14 + ((8 - monday.getUTCDay()) % 7))
    const query = new URLSearchParams({
      service: 'Sand Services',
      town: 'Nirmal',
      date: monday.toISOString().slice(0, 10),
      startTime: '10:00',
      endTime: '11:00',
      quantity: '2',
      unit: 'tractor_load',
      sort: 'price',
    })
    const res = await t.app.inject({ url: `/api/workers/suggestions?${query}`, headers: bearer(operator) })
    expect(res.statusCode, res.body).toBe(200)
    const totals = WorkerSuggestionsResponseSchema.parse(res.json()).workers.map((w) => w.order_total_paise)
    expect(totals).toHaveLength(nirmal.length)
    expect(totals).toEqual([...nirmal.map((r) => r.price_paise * 2)].sort((a, b) => a - b))

    // An open demo request for a material is an order in its usual unit.
    const inbox = RequestsResponseSchema.parse(
      (await t.app.inject({ url: '/api/requests?state=open&pageSize=100', headers: bearer(operator) })).json(),
    )
    expect(inbox.requests.find((r) => r.service === 'Morter Services')?.order).toEqual({ quantity: 20, unit: 'bag' })
  })

  it('the demo’s price guides give customers an "about ₹X–₹Y" in every initial town (decision 063)', async () => {
    const res = await t.app.inject({ url: '/api/price-ranges' })
    expect(res.statusCode, res.body).toBe(200)
    const ranges = PriceRangesResponseSchema.parse(res.json()).ranges
    for (const town of INITIAL_TOWNS) {
      const of = (service: string) => ranges.find((r) => r.town === town && r.service === service)
      // Sand: a tractor load at ₹4,200–₹5,000 and a trip at ₹500–₹900.
      expect(of('Sand Services'), town).toMatchObject({ low_rupees: 4_700, high_rupees: 5_900 })
      // A plumber: 2 hours at ₹250–₹400 and 4 fittings at ₹60–₹150, above the ₹300 minimum.
      expect(of('Plumber'), town).toMatchObject({ low_rupees: 740, high_rupees: 1_400 })
    }
    expect(ranges.some((r) => r.service === 'Carpenter')).toBe(false)
  })

  it('GET /api/task answers rows whose first element is the task id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/task', headers: bearer(operator) })
    expect(res.statusCode).toBe(200)
    const rows = (res.json() as { task_ids: [number, string, string][] }).task_ids
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((r) => Number.isInteger(r[0]))).toBe(true)
    const ids = rows.map((r) => r[0])
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
  })

  it('a customer may not read the worker roster', async () => {
    const customer = await loginAs(t, 'customer')
    const res = await t.app.inject({ method: 'GET', url: '/api/workerservices', headers: bearer(customer) })
    expect(res.statusCode).toBe(403)
  })
})
