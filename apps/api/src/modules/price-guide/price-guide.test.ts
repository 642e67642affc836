import {
  PriceGuideSchema,
  PriceGuidesResponseSchema,
  PriceRangesResponseSchema,
  type PriceGuideBody,
} from '@townworks/contract'
import { count, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { priceGuideItems, priceGuides, services, towns } from '../../db/schema'
import { bearer, createUser, login, loginAs, type Session } from '../../../test/auth-helpers'
import { createTestApp, createTwoProcesses, type TestApp, type TwoProcesses } from '../../../test/test-app'

// The price guide (issue 22, decision 063): per service and town, typical items with a low and a
// high unit price and a minimum charge; the admin replaces a guide whole; the public ranges.

const plumberGuide: PriceGuideBody = {
  minimum_charge_paise: 30_000,
  items: [
    {
      kind: 'labour',
      description: 'Fix a leaking tap',
      unit: 'job',
      typical_quantity: 1,
      low_unit_price_paise: 20_000,
      high_unit_price_paise: 40_000,
    },
    {
      kind: 'labour',
      description: 'Extra hours',
      unit: 'hour',
      typical_quantity: 1.5,
      low_unit_price_paise: 15_050,
      high_unit_price_paise: 25_033,
    },
  ],
}

describe('price guide', () => {
  let t: TestApp
  let admin: Session
  let operator: Session
  let customer: Session
  let worker: Session
  let plumber: number
  let sand: number
  let armoor: number
  let nirmal: number

  beforeAll(async () => {
    t = await createTestApp({ READ_CACHE: '1' })
    admin = await loginAs(t, 'admin')
    operator = await loginAs(t, 'operator')
    customer = await loginAs(t, 'customer')
    worker = await login(t, await createUser(t, 'worker'))
    const ids = async (table: typeof services | typeof towns, name: string) =>
      (await t.database.db.select({ id: table.id }).from(table).where(eq(table.name, name)))[0]!.id
    plumber = await ids(services, 'Plumber')
    sand = await ids(services, 'Sand Services')
    armoor = await ids(towns, 'Armoor')
    nirmal = await ids(towns, 'Nirmal')
  })
  afterAll(() => t.close())

  const put = (serviceId: number, townId: number, payload: unknown, s: Session | null = admin) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/price-guides/${serviceId}/${townId}`,
      payload: payload as object,
      headers: s ? bearer(s) : {},
    })
  const del = (serviceId: number, townId: number, s: Session | null = admin) =>
    t.app.inject({ method: 'DELETE', url: `/api/price-guides/${serviceId}/${townId}`, headers: s ? bearer(s) : {} })
  const list = (s: Session | null) => t.app.inject({ url: '/api/price-guides', headers: s ? bearer(s) : {} })
  const ranges = async () =>
    PriceRangesResponseSchema.parse((await t.app.inject({ url: '/api/price-ranges' })).json()).ranges
  const rows = async () => ({
    guides: (await t.database.db.select({ n: count() }).from(priceGuides))[0]!.n,
    items: (await t.database.db.select({ n: count() }).from(priceGuideItems))[0]!.n,
  })

  it('an admin saves a guide: its items in order, its range never below the minimum, rounded out to rupees', async () => {
    const res = await put(plumber, armoor, plumberGuide)
    expect(res.statusCode).toBe(200)
    const guide = PriceGuideSchema.parse(res.json())
    // low: 20 000 + round(1.5 × 15 050) = 20 000 + 22 575 = 42 575 paise; high: 40 000 + round(1.5 × 25 033 = 37 549.5) = 77 550.
    expect(guide).toMatchObject({
      service: 'Plumber',
      town: 'Armoor',
      minimum_charge_paise: 30_000,
      low_total_paise: 42_575,
      high_total_paise: 77_550,
      low_rupees: 425,
      high_rupees: 776,
    })
    expect(guide.updated_by).toMatch(/.+/)
    expect(guide.items.map((i) => [i.position, i.unit, i.typical_quantity])).toEqual([
      [1, 'job', 1],
      [2, 'hour', 1.5],
    ])
    expect(await ranges()).toEqual([
      { service_id: plumber, service: 'Plumber', town_id: armoor, town: 'Armoor', low_rupees: 425, high_rupees: 776 },
    ])
  })

  it('the minimum charge lifts a small range (both ends)', async () => {
    const res = await put(sand, nirmal, {
      minimum_charge_paise: 250_000,
      items: [
        {
          kind: 'material',
          description: 'River sand',
          unit: 'tractor_load',
          typical_quantity: 1,
          low_unit_price_paise: 200_000,
          high_unit_price_paise: 300_000,
        },
        {
          kind: 'material',
          description: 'Loose sand',
          unit: 'cubic_foot',
          typical_quantity: 0.25,
          low_unit_price_paise: 101,
          high_unit_price_paise: 101,
        },
      ],
    })
    expect(res.statusCode).toBe(200)
    // low: 200 000 + round(25.25) = 200 025 < 250 000 → 250 000; high: 300 025 → ₹3 000.25, shown ₹3 001.
    expect(res.json()).toMatchObject({
      low_total_paise: 250_000,
      high_total_paise: 300_025,
      low_rupees: 2500,
      high_rupees: 3001,
    })
  })

  it('a save replaces the whole guide: old items go, the row stays one', async () => {
    const before = await rows()
    const res = await put(plumber, armoor, {
      minimum_charge_paise: 0,
      items: [
        {
          kind: 'labour',
          description: 'Visit',
          unit: 'trip',
          typical_quantity: 1,
          low_unit_price_paise: 10_000,
          high_unit_price_paise: 10_000,
        },
      ],
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().items).toHaveLength(1)
    expect(await rows()).toEqual({ guides: before.guides, items: before.items - 1 })
    expect((await ranges()).find((r) => r.service_id === plumber)).toMatchObject({ low_rupees: 100, high_rupees: 100 })
    await put(plumber, armoor, plumberGuide)
  })

  it.each([
    [
      'a labour item in bags',
      { kind: 'labour', unit: 'bag' },
      'items.0.unit',
      'Item 1: labour is counted in jobs, hours, days, trips',
    ],
    [
      'a material item in hours',
      { kind: 'material', unit: 'hour' },
      'items.0.unit',
      'Item 1: a material is counted in',
    ],
    [
      'a fraction of a job',
      { typical_quantity: 1.5 },
      'items.0.typical_quantity',
      'Item 1: jobs are counted in whole numbers',
    ],
    ['a zero quantity', { typical_quantity: 0 }, 'items.0.typical_quantity', 'Item 1: enter a quantity above zero'],
    [
      'a negative quantity',
      { typical_quantity: -2 },
      'items.0.typical_quantity',
      'Item 1: enter a quantity above zero',
    ],
    [
      'a fraction of a paisa',
      { low_unit_price_paise: 10.5 },
      'items.0.low_unit_price_paise',
      'Item 1: enter a low unit price in whole paise',
    ],
    [
      'a zero low price',
      { low_unit_price_paise: 0 },
      'items.0.low_unit_price_paise',
      'Item 1: enter a low unit price above zero',
    ],
    [
      'a negative price',
      { high_unit_price_paise: -5 },
      'items.0.high_unit_price_paise',
      'Item 1: enter a high unit price above zero',
    ],
    [
      'low above high',
      { low_unit_price_paise: 50_000, high_unit_price_paise: 40_000 },
      'items.0.high_unit_price_paise',
      'Item 1: the high unit price is below the low one',
    ],
    ['an unknown unit', { unit: 'bucket' }, 'items.0.unit', 'Choose a unit from the list'],
  ])('refuses %s with a 400 naming the item, changing nothing', async (_, change, path, message) => {
    const before = await rows()
    const body = { ...plumberGuide, items: [{ ...plumberGuide.items[0]!, ...change }] }
    const res = await put(plumber, armoor, body)
    expect(res.statusCode).toBe(400)
    const issue = (res.json().issues as { path: string; message: string }[]).find((i) => i.path === path)
    expect(issue?.message).toContain(message)
    expect(await rows()).toEqual(before)
  })

  it('names the second item when it is the wrong one; refuses no items and a negative minimum', async () => {
    const res = await put(plumber, armoor, {
      ...plumberGuide,
      items: [plumberGuide.items[0]!, { ...plumberGuide.items[1]!, unit: 'bag' }],
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().issues[0]).toMatchObject({
      path: 'items.1.unit',
      message: expect.stringMatching(/^Item 2: labour is counted in/),
    })
    expect((await put(plumber, armoor, { ...plumberGuide, items: [] })).statusCode).toBe(400)
    expect((await put(plumber, armoor, { ...plumberGuide, minimum_charge_paise: -1 })).statusCode).toBe(400)
  })

  it('404 for an unknown or retired service or town, changing nothing', async () => {
    const before = await rows()
    expect((await put(999_999, armoor, plumberGuide)).statusCode).toBe(404)
    expect((await put(plumber, 999_999, plumberGuide)).statusCode).toBe(404)
    await t.database.db.update(towns).set({ active: false }).where(eq(towns.id, nirmal))
    try {
      expect((await put(plumber, nirmal, plumberGuide)).statusCode).toBe(404)
      expect(await rows()).toEqual(before)
      // A retired town's guide is not offered to customers (the cache drops it: towns changed).
      t.app.changes.touchAll()
      expect((await ranges()).some((r) => r.town_id === nirmal)).toBe(false)
    } finally {
      await t.database.db.update(towns).set({ active: true }).where(eq(towns.id, nirmal))
      t.app.changes.touchAll()
    }
    expect((await ranges()).some((r) => r.town_id === nirmal)).toBe(true)
  })

  it('access: admin writes; operator reads only; customer and worker 403; anonymous 401 (ranges are public)', async () => {
    expect((await list(admin)).statusCode).toBe(200)
    const asOperator = await list(operator)
    expect(asOperator.statusCode).toBe(200)
    expect(PriceGuidesResponseSchema.parse(asOperator.json()).guides.map((g) => `${g.service}/${g.town}`)).toEqual([
      'Plumber/Armoor',
      'Sand Services/Nirmal',
    ])
    for (const s of [customer, worker]) expect((await list(s)).statusCode).toBe(403)
    expect((await list(null)).statusCode).toBe(401)
    for (const s of [operator, customer, worker]) {
      expect((await put(plumber, armoor, plumberGuide, s)).statusCode).toBe(403)
      expect((await del(plumber, armoor, s)).statusCode).toBe(403)
    }
    expect((await put(plumber, armoor, plumberGuide, null)).statusCode).toBe(401)
    expect((await del(plumber, armoor, null)).statusCode).toBe(401)
    expect((await t.app.inject({ url: '/api/price-ranges' })).statusCode).toBe(200)
  })

  it('the public ranges are cached, and a save or a removal drops the cache', async () => {
    const first = await ranges()
    expect(first.find((r) => r.service_id === plumber)).toMatchObject({ low_rupees: 425 })
    expect(await ranges()).toEqual(first)
    await put(plumber, armoor, { ...plumberGuide, minimum_charge_paise: 100_000 })
    expect((await ranges()).find((r) => r.service_id === plumber)).toMatchObject({
      low_rupees: 1000,
      high_rupees: 1000,
    })
    expect((await del(plumber, armoor)).statusCode).toBe(200)
    expect((await ranges()).some((r) => r.service_id === plumber)).toBe(false)
    expect((await del(plumber, armoor)).statusCode).toBe(404)
    expect(await rows()).toEqual({ guides: 1, items: 2 })
  })
})

describe('price ranges across two API processes', () => {
  let two: TwoProcesses
  let admin: Session

  beforeAll(async () => {
    two = await createTwoProcesses({ SESSION_SECRET: 'test-secret-test-secret-test-secret-00', READ_CACHE: '1' })
    const t = { app: two.a, database: two.database, config: undefined as never, close: async () => undefined }
    admin = await login(t, await createUser(t, 'admin'))
  })
  afterAll(() => two.close())

  const ranges = async (app: FastifyInstance) =>
    PriceRangesResponseSchema.parse((await app.inject({ url: '/api/price-ranges' })).json()).ranges

  it('a guide saved through one process shows in the other’s cached ranges', async () => {
    expect(await ranges(two.b)).toEqual([])
    const [plumber] = await two.database.db
      .select({ id: services.id })
      .from(services)
      .where(eq(services.name, 'Plumber'))
    const [armoor] = await two.database.db.select({ id: towns.id }).from(towns).where(eq(towns.name, 'Armoor'))
    const res = await two.a.inject({
      method: 'PUT',
      url: `/api/price-guides/${plumber!.id}/${armoor!.id}`,
      payload: plumberGuide,
      headers: bearer(admin),
    })
    expect(res.statusCode).toBe(200)
    await vi.waitFor(async () => expect(await ranges(two.b)).toHaveLength(1), { timeout: 5_000, interval: 25 })
  })
})
