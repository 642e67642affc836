import { WorkerSuggestionsResponseSchema } from '@townworks/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, loginAs, type Session } from '../../../test/auth-helpers'
import { createTask, createWorker } from '../../../test/fixtures'
import { createTestApp, type TestApp } from '../../../test/test-app'

// Suppliers of a material for an order (issue 22, decision 069): each suggestion says what the order
// costs with them when they price its unit, and sort=price puts the cheapest first.

// 2033-03-07 is a Monday.
const MONDAY = '2033-03-07'

describe('GET /api/workers/suggestions for a materials order: totals and sort=price', () => {
  let t: TestApp
  let operator: Session

  beforeAll(async () => {
    t = await createTestApp()
    operator = await loginAs(t, 'operator')
    const supplier = (name: string, pricePaise: number, unit: 'tractor_load' | 'cubic_foot' | null, town = 'Nirmal') =>
      createWorker(t, { name, town, service: 'Sand Services', pricePaise, unit })
    // In the usual order (one service each, no bookings): by name.
    await supplier('Anand Sand', 450_000, 'tractor_load')
    await supplier('Bhanu Sand', 400_000, 'tractor_load')
    await supplier('Chandu Sand', 5_000, 'cubic_foot')
    await supplier('Dinesh Sand', 300_000, null)
    await supplier('Eshwar Sand', 400_000, 'tractor_load')
    // The cheapest of all, but in another town, or busy in the slot: never listed.
    await supplier('Far Away Sand', 100_000, 'tractor_load', 'Armoor')
    const busy = await supplier('Busy Sand', 100_000, 'tractor_load')
    await createTask(t, { workerId: busy.id, date: MONDAY, start: '09:00', end: '11:00' })
  })
  afterAll(() => t.close())

  const suggest = (qs: Record<string, string>) =>
    t.app.inject({
      method: 'GET',
      url: `/api/workers/suggestions?${new URLSearchParams({
        service: 'Sand Services',
        town: 'Nirmal',
        date: MONDAY,
        startTime: '10:00',
        endTime: '12:00',
        ...qs,
      })}`,
      headers: bearer(operator),
    })
  const listed = async (qs: Record<string, string>) => {
    const res = await suggest(qs)
    expect(res.statusCode, res.body).toBe(200)
    return WorkerSuggestionsResponseSchema.parse(res.json()).workers.map((w) => [w.name, w.unit, w.order_total_paise])
  }

  it('sort=price: those who price the order’s unit first, cheapest first (equal totals in the usual order), then the rest', async () => {
    expect(await listed({ quantity: '2', unit: 'tractor_load', sort: 'price' })).toEqual([
      ['Bhanu Sand', 'tractor_load', 800_000],
      ['Eshwar Sand', 'tractor_load', 800_000],
      ['Anand Sand', 'tractor_load', 900_000],
      ['Chandu Sand', 'cubic_foot', null],
      ['Dinesh Sand', null, null],
    ])
  })

  it('another unit ranks its own suppliers: 2.25 cubic feet at Rs 50 is Rs 112.50', async () => {
    expect(await listed({ quantity: '2.25', unit: 'cubic_foot', sort: 'price' })).toEqual([
      ['Chandu Sand', 'cubic_foot', 11_250],
      ['Anand Sand', 'tractor_load', null],
      ['Bhanu Sand', 'tractor_load', null],
      ['Dinesh Sand', null, null],
      ['Eshwar Sand', 'tractor_load', null],
    ])
  })

  it('without sort=price the usual order stays, each with its total; without an order no totals', async () => {
    expect(await listed({ quantity: '3', unit: 'tractor_load' })).toEqual([
      ['Anand Sand', 'tractor_load', 1_350_000],
      ['Bhanu Sand', 'tractor_load', 1_200_000],
      ['Chandu Sand', 'cubic_foot', null],
      ['Dinesh Sand', null, null],
      ['Eshwar Sand', 'tractor_load', 1_200_000],
    ])
    expect((await listed({ sort: 'price' })).map(([name, , total]) => [name, total])).toEqual([
      ['Anand Sand', null],
      ['Bhanu Sand', null],
      ['Chandu Sand', null],
      ['Dinesh Sand', null],
      ['Eshwar Sand', null],
    ])
  })

  it.each([
    [{ quantity: '0', unit: 'tractor_load' }, 'quantity'],
    [{ quantity: '-2', unit: 'tractor_load' }, 'quantity'],
    [{ quantity: 'two', unit: 'tractor_load' }, 'quantity'],
    [{ quantity: '1.5', unit: 'tractor_load' }, 'quantity', 'Tractor loads are counted in whole numbers'],
    [{ quantity: '2.255', unit: 'cubic_foot' }, 'quantity', 'Cubic feet take at most two decimals'],
    [{ quantity: '2' }, 'unit', 'Give the quantity and its unit together'],
    [{ unit: 'tractor_load' }, 'unit', 'Give the quantity and its unit together'],
    [{ quantity: '2', unit: 'sack' }, 'unit'],
    [{ sort: 'cheapest' }, 'sort'],
  ])('bad order %o is a 400 at its field', async (qs, path, message?: string) => {
    const res = await suggest(qs as Record<string, string>)
    expect(res.statusCode, res.body).toBe(400)
    const issues = (res.json() as { issues: { path: string; message: string }[] }).issues
    expect(issues).toEqual([expect.objectContaining({ path, ...(message ? { message } : {}) })])
  })
})
