import { WorkerSuggestionsResponseSchema } from '@townworks/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, loginAs, type Session } from '../../../test/auth-helpers'
import { createTask, createWorker } from '../../../test/fixtures'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { services, workerDaysOff, workerHours, workers, workerServices } from '../../db/schema'

// 2033-03-07 is a Monday; every worker below offers Electrician in Nirmal unless said otherwise.
const MONDAY = '2033-03-07'

describe('GET /api/workers/suggestions: who could take this slot, best match first', () => {
  let t: TestApp
  let operator: Session

  beforeAll(async () => {
    t = await createTestApp()
    operator = await loginAs(t, 'operator')
  })
  afterAll(() => t.close())

  const suggest = async (qs: Record<string, string>, s: Session = operator) => {
    const query = new URLSearchParams({
      service: 'Electrician',
      town: 'Nirmal',
      date: MONDAY,
      startTime: '10:00',
      endTime: '12:00',
      ...qs,
    })
    return t.app.inject({ method: 'GET', url: `/api/workers/suggestions?${query}`, headers: bearer(s) })
  }
  const names = async (qs: Record<string, string> = {}) => {
    const res = await suggest(qs)
    expect(res.statusCode, res.body).toBe(200)
    return WorkerSuggestionsResponseSchema.parse(res.json()).workers.map((w) => w.name)
  }
  const electrician = (name: string, extra: { town?: string } = {}) =>
    createWorker(t, { name, town: extra.town ?? 'Nirmal', service: 'Electrician', pricePaise: 52_050 })

  it('lists a free worker with name, town, service, price and phone', async () => {
    const w = await electrician('Amar Free')
    const res = await suggest({})
    const { workers: list } = WorkerSuggestionsResponseSchema.parse(res.json())
    expect(list.find((x) => x.worker_id === w.id)).toEqual({
      worker_id: w.id,
      name: 'Amar Free',
      town: 'Nirmal',
      service_name: 'Electrician',
      price: 520.5,
      price_paise: 52_050,
      phone_number: w.phone,
      week_assignments: 0,
      // Priced per job, and no order asked about (decision 069).
      unit: null,
      order_total_paise: null,
      // A new worker's standing (issue 21): not rated yet, no job done.
      rating_avg: null,
      rating_count: 0,
      jobs_done: 0,
    })
  })

  it('leaves out a worker busy in an overlapping slot, but not one whose booking only touches it or is cancelled', async () => {
    const busy = await electrician('Bala Busy')
    const touching = await electrician('Chinna Touching')
    const cancelled = await electrician('Dasu Cancelled')
    await createTask(t, { workerId: busy.id, date: MONDAY, start: '11:00', end: '13:00' })
    await createTask(t, { workerId: touching.id, date: MONDAY, start: '12:00', end: '13:00' })
    await createTask(t, { workerId: cancelled.id, date: MONDAY, start: '10:00', end: '12:00', status: 'cancelled' })
    const list = await names()
    expect(list).not.toContain('Bala Busy')
    expect(list).toContain('Chinna Touching')
    expect(list).toContain('Dasu Cancelled')
    // Re-booking the busy worker's own assignment does not count it as a clash.
    expect(await names({ date: '2033-03-08' })).toContain('Bala Busy')
  })

  it('an assignment being edited does not block its own worker', async () => {
    const w = await electrician('Eshwar Editing')
    const { assignment } = await createTask(t, { workerId: w.id, date: MONDAY, start: '09:00', end: '11:00' })
    expect(await names()).not.toContain('Eshwar Editing')
    expect(await names({ excludeAssignmentId: String(assignment.id) })).toContain('Eshwar Editing')
  })

  it('respects working hours and days off', async () => {
    const morning = await electrician('Ganga Mornings')
    const off = await electrician('Hari DayOff')
    for (const weekday of [1, 2, 3, 4, 5, 6]) {
      await t.database.db
        .insert(workerHours)
        .values({ workerId: morning.id, weekday, startTime: '08:00', endTime: '11:00' })
      await t.database.db
        .insert(workerHours)
        .values({ workerId: off.id, weekday, startTime: '08:00', endTime: '18:00' })
    }
    await t.database.db.insert(workerDaysOff).values({ workerId: off.id, day: MONDAY })
    expect(await names()).not.toContain('Ganga Mornings')
    expect(await names({ startTime: '08:00', endTime: '11:00' })).toContain('Ganga Mornings')
    expect(await names()).not.toContain('Hari DayOff')
    expect(await names({ date: '2033-03-08' })).toContain('Hari DayOff')
    // Sunday is not among their days.
    expect(await names({ date: '2033-03-06' })).not.toContain('Hari DayOff')
  })

  it('leaves out workers of another town, another service, or deactivated', async () => {
    await electrician('Imran Armoor', { town: 'Armoor' })
    await createWorker(t, { name: 'Jaya Painter', town: 'Nirmal', service: 'Painter' })
    const inactive = await electrician('Kumar Inactive')
    await t.database.db.update(workers).set({ active: false }).where(eq(workers.id, inactive.id))
    const list = await names()
    expect(list).not.toContain('Imran Armoor')
    expect(list).not.toContain('Jaya Painter')
    expect(list).not.toContain('Kumar Inactive')
    expect(await names({ town: 'Armoor' })).toContain('Imran Armoor')
  })

  it('puts specialists first, then the least busy that week', async () => {
    const fresh = await createTestApp()
    try {
      const op = await loginAs(fresh, 'operator')
      const make = (name: string) => createWorker(fresh, { name, town: 'Nirmal', service: 'Electrician' })
      const loaded = await make('Aaa Loaded')
      const light = await make('Bbb Light')
      const idle = await make('Ccc Idle')
      const generalist = await make('Ddd Generalist')
      const [painter] = await fresh.database.db.select().from(services).where(eq(services.name, 'Painter'))
      await fresh.database.db
        .insert(workerServices)
        .values({ workerId: generalist.id, serviceId: painter!.id, description: '', pricePaise: 40_000 })
      // The same week (Mon 7 – Sun 13 March), outside the asked slot; the week before does not count.
      await createTask(fresh, { workerId: loaded.id, date: '2033-03-08', start: '09:00', end: '10:00' })
      await createTask(fresh, { workerId: loaded.id, date: '2033-03-13', start: '09:00', end: '10:00' })
      await createTask(fresh, { workerId: light.id, date: '2033-03-09', start: '09:00', end: '10:00' })
      await createTask(fresh, { workerId: idle.id, date: '2033-03-06', start: '09:00', end: '10:00' })
      await createTask(fresh, { workerId: idle.id, date: '2033-03-05', start: '09:00', end: '10:00' })
      const res = await fresh.app.inject({
        method: 'GET',
        url: `/api/workers/suggestions?service=Electrician&town=Nirmal&date=${MONDAY}&startTime=10:00&endTime=12:00`,
        headers: bearer(op),
      })
      const list = WorkerSuggestionsResponseSchema.parse(res.json()).workers
      expect(list.map((w) => [w.name, w.week_assignments])).toEqual([
        ['Ccc Idle', 0],
        ['Bbb Light', 1],
        ['Aaa Loaded', 2],
        ['Ddd Generalist', 0],
      ])
    } finally {
      await fresh.close()
    }
  })

  it.each([
    [{ service: 'A'.repeat(61) }],
    [{ town: '' }],
    [{ date: '2033-02-30' }],
    [{ startTime: '9am' }],
    [{ startTime: '12:00', endTime: '10:00' }],
    [{ startTime: '10:00', endTime: '10:00' }],
  ])('bad input %o is a 400', async (qs) => {
    const res = await suggest(qs as Record<string, string>)
    expect(res.statusCode).toBe(400)
  })

  it('is for staff only', async () => {
    expect((await suggest({}, await loginAs(t, 'customer'))).statusCode).toBe(403)
    expect((await suggest({}, await loginAs(t, 'worker'))).statusCode).toBe(403)
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/workers/suggestions' })
    expect(anonymous.statusCode).toBe(401)
  })
})
