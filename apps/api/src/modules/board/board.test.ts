import { BoardSchema, ErrorBodySchema, MyRequestsResponseSchema, WorkflowResponseSchema } from '@townworks/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serviceRequests, services, towns, workerDaysOff, workerHours } from '../../db/schema'
import { addDays } from '../../shared/dates'
import { bearer, type Session } from '../../../test/auth-helpers'
import { createTask, createWorker, officeApp, officeCast, weekdaysAhead } from '../../../test/fixtures'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { BOARD_STREAMS_PER_USER } from './board.routes'

const weekday = weekdaysAhead(60)

describe('GET /api/board: the dispatch board (issue 20)', () => {
  const t = officeApp({ town: 'Armoor', workerName: 'Board Bhaskar', otherName: 'Board Balaraju' })
  const get = (s: Session | undefined, query: string) =>
    t.app.inject({ method: 'GET', url: `/api/board?${query}`, headers: s ? bearer(s) : {} })

  async function openRequest(town: string, service: string, serviceDate: string, name: string) {
    const db = t.database.db
    const [tw] = await db.select().from(towns).where(eq(towns.name, town))
    const [sv] = await db.select().from(services).where(eq(services.name, service))
    const [row] = await db
      .insert(serviceRequests)
      .values({ name, phone: '+919848012345', serviceId: sv!.id, townId: tw!.id, serviceDate, timeWindow: 'morning' })
      .returning()
    return row!
  }

  it('answers the rows, blocks and open requests of the town and service, in the contract’s shape', async () => {
    const day = weekday()
    const next = weekday() // this test's own too: the day off below would refuse another test's booking
    const db = t.database.db
    const weekdayOf = new Date(`${day}T00:00:00Z`).getUTCDay()
    // Bhaskar works 09:00–17:00 that weekday; Balaraju has no hours recorded (every day open) and is off the next.
    await db
      .insert(workerHours)
      .values({ workerId: t.workerId, weekday: weekdayOf, startTime: '09:00', endTime: '17:00' })
    await db.insert(workerDaysOff).values({ workerId: t.otherWorkerId, day: next })
    const painter = await createWorker(t, { name: 'Board Painter', town: 'Armoor', service: 'Painter' })
    const nirmal = await createWorker(t, { name: 'Board Nirmal', town: 'Nirmal' })
    const booked = await createTask(t, { workerId: t.workerId, date: day, start: '10:00', end: '12:00' })
    await createTask(t, { workerId: nirmal.id, date: day })
    await createTask(t, { workerId: t.workerId, date: day, start: '13:00', end: '14:00', status: 'cancelled' })
    await createTask(t, { workerId: t.workerId, date: addDays(day, 7), start: '13:00', end: '14:00' })
    const request = await openRequest('Armoor', 'Plumber', day, 'Board Customer')
    await openRequest('Nirmal', 'Plumber', day, 'Elsewhere Customer')

    const res = await get(t.operator, `from=${day}&to=${next}&town=Armoor&service=Plumber`)
    expect(res.statusCode, res.body).toBe(200)
    const board = BoardSchema.parse(res.json())
    expect(board).toMatchObject({ from: day, to: next })
    const names = board.workers.map((w) => w.name)
    expect(names).toEqual(expect.arrayContaining(['Board Balaraju', 'Board Bhaskar']))
    expect(names).not.toContain('Board Painter')
    expect(names).not.toContain('Board Nirmal')
    expect(board.workers.every((w) => w.town === 'Armoor' && w.services.includes('Plumber'))).toBe(true)
    const bhaskar = board.workers.find((w) => w.worker_id === t.workerId)!
    expect(bhaskar).toMatchObject({
      has_hours: true,
      hours: [{ date: day, start_time: '09:00:00', end_time: '17:00:00' }],
      days_off: [],
    })
    const balaraju = board.workers.find((w) => w.worker_id === t.otherWorkerId)!
    expect(balaraju).toMatchObject({ has_hours: false, hours: [], days_off: [next] })
    // One block: the cancelled booking holds no time, the next week's is outside, Nirmal's worker is not a row.
    const blocks = board.blocks.filter((b) => b.worker_id === t.workerId)
    expect(blocks).toEqual([
      {
        assignment_id: booked.assignment.id,
        task_id: booked.task.id,
        worker_id: t.workerId,
        reference: `TW-${String(booked.request.id).padStart(6, '0')}`,
        task_name: 'Fix the tap',
        service_desc: '',
        status: 'assigned',
        date: day,
        start_time: '10:00:00',
        end_time: '12:00:00',
        completion_date: null,
        town: 'Armoor',
        service: 'Plumber',
      },
    ])
    expect(board.blocks.some((b) => b.worker_id === nirmal.id || b.worker_id === painter.id)).toBe(false)
    expect(board.unassigned.map((r) => r.request_id)).toContain(request.id)
    expect(board.unassigned.every((r) => r.town === 'Armoor' && r.service === 'Plumber')).toBe(true)
    expect(board.unassigned.find((r) => r.request_id === request.id)).toMatchObject({
      name: 'Board Customer',
      service_date: day,
      time_window: 'morning',
    })
    expect(board.unassigned_total).toBe(board.unassigned.length)

    // Without filters, every town's workers and requests.
    const all = BoardSchema.parse((await get(t.admin, `from=${day}&to=${day}`)).json())
    expect(all.workers.map((w) => w.name)).toEqual(expect.arrayContaining(['Board Painter', 'Board Nirmal']))
    expect(all.unassigned.map((r) => r.name)).toContain('Elsewhere Customer')
  })

  it('a move made through PUT /api/assignmentupdate shows on the board and in the task’s history', async () => {
    const day = weekday()
    const { assignment, task } = await createTask(t, { workerId: t.workerId, date: day, start: '10:00', end: '11:00' })
    const move = await t.app.inject({
      method: 'PUT',
      url: '/api/assignmentupdate',
      headers: bearer(t.operator),
      payload: {
        assignment_id: assignment.id,
        worker_id: t.otherWorkerId,
        service_desc: '',
        assignment_date: day,
        start_time: '15:00:00',
        end_time: '16:00:00',
      },
    })
    expect(move.statusCode, move.body).toBe(200)
    const board = BoardSchema.parse((await get(t.operator, `from=${day}&to=${day}&town=Armoor`)).json())
    expect(board.blocks.find((b) => b.assignment_id === assignment.id)).toMatchObject({
      worker_id: t.otherWorkerId,
      start_time: '15:00:00',
    })
    const history = WorkflowResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/workflow/${task.id}`, headers: bearer(t.operator) })).json(),
    ).workflows
    expect(history.at(-1)).toMatchObject({
      status: 'assigned',
      from_status: 'assigned',
      notes: `Moved: Board Bhaskar ${day} 10:00–11:00 → Board Balaraju ${day} 15:00–16:00`,
    })
  })

  it('a move is not a step of the work in the customer’s own timeline (their "moved" message tells them)', async () => {
    const day = weekday()
    // Balaraju: no weekly hours recorded (Bhaskar works one weekday only, since the first test).
    const { assignment, request } = await createTask(t, {
      workerId: t.otherWorkerId,
      customerUserId: t.customer.user.id,
      date: day,
      start: '08:00',
      end: '09:00',
    })
    const move = await t.app.inject({
      method: 'PUT',
      url: '/api/assignmentupdate',
      headers: bearer(t.operator),
      payload: {
        assignment_id: assignment.id,
        worker_id: t.otherWorkerId,
        service_desc: '',
        assignment_date: day,
        start_time: '09:00:00',
        end_time: '10:00:00',
      },
    })
    expect(move.statusCode, move.body).toBe(200)
    const mine = MyRequestsResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/my/requests', headers: bearer(t.customer) })).json(),
    ).requests.find((r) => r.id === request.id)
    expect(mine?.task?.workflows.map((w) => [w.from_status, w.status])).toEqual([[null, 'assigned']])
  })

  it('is the office’s only: 401 without a session, 403 for customers and workers', async () => {
    const day = weekday()
    expect((await get(undefined, `from=${day}&to=${day}`)).statusCode).toBe(401)
    expect((await get(t.customer, `from=${day}&to=${day}`)).statusCode).toBe(403)
    expect((await get(t.worker, `from=${day}&to=${day}`)).statusCode).toBe(403)
  })

  it('takes one to seven days: a longer, reversed or malformed period is a 400 naming the field', async () => {
    const day = weekday()
    expect((await get(t.operator, `from=${day}&to=${addDays(day, 6)}`)).statusCode).toBe(200)
    for (const query of [
      `from=${day}&to=${addDays(day, 7)}`,
      `from=${day}&to=${addDays(day, -1)}`,
      `from=${day}`,
      `from=${day}&to=tomorrow`,
      `from=${day}&to=${day}&town=${'A'.repeat(61)}`,
    ]) {
      const res = await get(t.operator, query)
      expect(res.statusCode, query).toBe(400)
      expect(ErrorBodySchema.parse(res.json()).code, query).toBe('VALIDATION_FAILED')
    }
  })

  it('a town that is no row shows an empty board, as every filter over history does (decision 048)', async () => {
    const day = weekday()
    const res = await get(t.operator, `from=${day}&to=${day}&town=Atlantis`)
    expect(res.statusCode).toBe(200)
    expect(BoardSchema.parse(res.json()).workers).toEqual([])
  })
})

/** Read server-sent events from a stream until `until` says enough; answers the events seen. */
async function readEvents(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  until: (events: { event: string; data: string }[]) => boolean,
) {
  const decoder = new TextDecoder()
  const events: { event: string; data: string }[] = []
  let buffer = ''
  while (!until(events)) {
    const { value, done } = await reader.read()
    if (done) break
    buffer += decoder.decode(value, { stream: true })
    let end
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
      const event = /^event: (.*)$/m.exec(block)?.[1]
      const data = /^data: (.*)$/m.exec(block)?.[1]
      if (event && data !== undefined) events.push({ event, data })
    }
  }
  return events
}

describe('GET /api/board/events: "board changed" notices from the change feed', () => {
  let t: TestApp
  let office: Awaited<ReturnType<typeof officeCast>>
  let base: string
  beforeAll(async () => {
    // The notices come from the change feed, which listens only with the read cache on.
    t = await createTestApp({ READ_CACHE: '1' })
    office = await officeCast(t, { town: 'Nirmal' })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const address = t.app.server.address()
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  })
  afterAll(async () => {
    await t?.close()
  })
  const open = (s?: Session) =>
    fetch(`${base}/api/board/events`, { headers: s ? { authorization: `Bearer ${s.token}` } : {} })

  it('refuses a caller without a session (401) and customers (403)', async () => {
    expect((await open()).status).toBe(401)
    expect((await open(office.customer)).status).toBe(403)
  })

  it('says it is live, then sends a notice when a request, a booking or a worker changes in the database', async () => {
    const res = await open(office.operator)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/event-stream')
    expect(res.headers.get('content-encoding')).toBeNull()
    const reader = res.body!.getReader()
    const first = await readEvents(reader, (e) => e.length >= 1)
    expect(first[0]).toEqual({ event: 'ready', data: '{"live":true}' })
    // A change made with SQL, as another process would: only the database's notice can carry it.
    const [town] = await t.database.db.select().from(towns).where(eq(towns.name, 'Nirmal'))
    const [service] = await t.database.db.select().from(services).where(eq(services.name, 'Plumber'))
    await t.database.db.insert(serviceRequests).values({
      name: 'Live Lakshmi',
      phone: '+919848012345',
      serviceId: service!.id,
      townId: town!.id,
      serviceDate: weekday(),
    })
    const next = await readEvents(reader, (e) => e.length >= 1)
    expect(next[0]).toEqual({ event: 'board', data: '{"table":"service_requests"}' })
    await reader.cancel()
  })

  it(`holds at most ${BOARD_STREAMS_PER_USER} streams per account (429 past that), and the server's close ends them`, async () => {
    const streams = await Promise.all(Array.from({ length: BOARD_STREAMS_PER_USER }, () => open(office.admin)))
    expect(streams.map((s) => s.status)).toEqual(Array.from({ length: BOARD_STREAMS_PER_USER }, () => 200))
    const refused = await open(office.admin)
    expect(refused.status).toBe(429)
    await refused.body?.cancel()
    // Another account is not counted with the admin's.
    const other = await open(office.operator)
    expect(other.status).toBe(200)
    const readers = [...streams, other].map((s) => s.body!.getReader())
    // Closing the server ends every open stream (it would otherwise wait for them for ever).
    await t.app.close()
    for (const reader of readers) {
      const events = await readEvents(reader, () => false)
      expect(events[0]?.event).toBe('ready')
    }
  })
})
