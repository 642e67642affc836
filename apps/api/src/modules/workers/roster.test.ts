import {
  DeleteWorkerResponseSchema,
  ErrorBodySchema,
  SaveWorkerResponseSchema,
  SkilledWorkersResponseSchema,
  WorkerResponseSchema,
  WorkerServicesResponseSchema,
  type WorkerBodyInput,
} from '@townworks/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, loginAs, type Session } from '../../../test/auth-helpers'
import { createTask, createWorker } from '../../../test/fixtures'
import { createTestApp, type TestApp } from '../../../test/test-app'

let phoneSeq = 0
/** A valid body with a phone number no other test uses. */
const validBody = (over: Partial<WorkerBodyInput> = {}): WorkerBodyInput => ({
  worker_name: 'Anil Goud',
  town: 'Nirmal',
  phone_number: `98765${String(43000 + ++phoneSeq).padStart(5, '0')}`,
  email: 'anil@example.com',
  services: [
    { service_name: 'Painter', description: 'Interior walls', price: 450.5 },
    { service_name: 'Plumber', description: 'Taps and pipes', price: '300' },
  ],
  ...over,
})

describe('operators manage the worker roster: /api/workerservices', () => {
  let t: TestApp
  let operator: Session

  beforeAll(async () => {
    t = await createTestApp()
    operator = await loginAs(t, 'operator')
  })
  afterAll(() => t.close())

  const rows = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/workerservices', headers: bearer(operator) })
    return WorkerServicesResponseSchema.parse(res.json()).workerServices
  }
  const post = (body: unknown, s: Session = operator) =>
    t.app.inject({ method: 'POST', url: '/api/workerservices', headers: bearer(s), payload: body as object })
  const put = (id: number, body: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/workerservices/${id}`,
      headers: bearer(operator),
      payload: body as object,
    })
  const availability = (id: number) =>
    t.app.inject({ method: 'GET', url: `/api/workers/${id}/availability`, headers: bearer(operator) })

  it('adds a worker with several services, prices stored as paise, phone as +91, and the default week', async () => {
    const res = await post(validBody({ phone_number: '+91 98765 00001' }))
    expect(res.statusCode).toBe(201)
    const { worker } = SaveWorkerResponseSchema.parse(res.json())
    expect(worker).toMatchObject({
      worker_name: 'Anil Goud',
      town: 'Nirmal',
      phone_number: '+919876500001',
      active: true,
    })
    expect(worker.services).toEqual([
      { service_name: 'Painter', description: 'Interior walls', price: 450.5, price_paise: 45050, unit: null },
      { service_name: 'Plumber', description: 'Taps and pipes', price: 300, price_paise: 30000, unit: null },
    ])
    const mine = (await rows()).filter((r) => r.worker_id === worker.worker_id)
    expect(mine.map((r) => [r.service_name, r.price_paise])).toEqual([
      ['Painter', 45050],
      ['Plumber', 30000],
    ])
    const week = (await availability(worker.worker_id)).json() as { availability: { hours: unknown[] } }
    expect(week.availability.hours).toEqual(
      [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start_time: '08:00:00', end_time: '18:00:00' })),
    )
  })

  it.each([
    ['no name', { worker_name: ' ' }, 'worker_name'],
    ['an unknown town', { town: 'Hyderabad' }, 'town'],
    ['a landline', { phone_number: '0402345678' }, 'phone_number'],
    ['a bad email', { email: 'not-an-email' }, 'email'],
    ['no services', { services: [] }, 'services'],
    ['an unknown service', { services: [{ service_name: 'Juggler', price: 10 }] }, 'services.0.service_name'],
    ['a zero price', { services: [{ service_name: 'Painter', price: 0 }] }, 'services.0.price'],
    ['a negative price', { services: [{ service_name: 'Painter', price: -5 }] }, 'services.0.price'],
    ['three decimals', { services: [{ service_name: 'Painter', price: 10.123 }] }, 'services.0.price'],
    ['a price in words', { services: [{ service_name: 'Painter', price: 'ten' }] }, 'services.0.price'],
    [
      'a service twice',
      {
        services: [
          { service_name: 'Painter', price: 10 },
          { service_name: 'Painter', price: 20 },
        ],
      },
      'services.1.service_name',
    ],
    // Unknown fields are refused as a whole body (the error handler names no single field for them).
    ['an extra field', { salary: 1 }, null],
  ])('adding with %s is a 400 naming the field, and adds nothing', async (_label, over, path) => {
    const before = await rows()
    const res = await post({ ...validBody(), ...over })
    expect(res.statusCode).toBe(400)
    const body = ErrorBodySchema.parse(res.json())
    expect(body.code).toBe('VALIDATION_FAILED')
    if (path) expect(body.issues?.map((i) => i.path)).toContain(path)
    expect(await rows()).toEqual(before)
  })

  it('a supplier prices a material per one of its units (decision 069); every view shows the unit, the CSV too', async () => {
    const body = validBody({
      worker_name: 'Sand Supplier',
      services: [
        { service_name: 'Sand Services', description: 'River sand', price: 4500, unit: 'tractor_load' },
        { service_name: 'Plumber', description: 'Taps', price: 300 },
      ],
    })
    const res = await post(body)
    expect(res.statusCode, res.body).toBe(201)
    const { worker } = SaveWorkerResponseSchema.parse(res.json())
    expect(worker.services.map((o) => [o.service_name, o.price_paise, o.unit])).toEqual([
      ['Plumber', 30000, null],
      ['Sand Services', 450000, 'tractor_load'],
    ])
    const mine = (await rows()).filter((r) => r.worker_id === worker.worker_id)
    expect(mine.map((r) => [r.service_name, r.unit])).toEqual([
      ['Plumber', null],
      ['Sand Services', 'tractor_load'],
    ])
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/workerservices/${worker.worker_id}`,
      headers: bearer(operator),
    })
    expect(WorkerResponseSchema.parse(one.json()).worker.services.map((o) => o.unit)).toEqual([null, 'tractor_load'])
    const swl = SkilledWorkersResponseSchema.parse((await t.app.inject({ url: '/api/skilledworker' })).json())
    expect(swl.skilledworkers.find((w) => w.worker_id === worker.worker_id)?.services).toEqual([
      { service_name: 'Plumber', price_paise: 30000, unit: null },
      { service_name: 'Sand Services', price_paise: 450000, unit: 'tractor_load' },
    ])
    // The CSV keeps its columns and adds the unit last.
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/workerservices/export.csv?q=Sand%20Supplier',
      headers: bearer(operator),
    })
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe(
      'worker_id,worker_name,town,service_name,description,price_paise,phone_number,email,active,unit',
    )
    expect(lines.slice(1).map((l) => l.split(',').at(-1))).toEqual(['', 'tractor_load'])

    // An edit changes the unit; left out or null, the price is per job.
    const edited = await put(worker.worker_id, {
      ...body,
      services: [
        { service_name: 'Sand Services', description: 'River sand', price: 60, unit: 'cubic_foot' },
        { service_name: 'Plumber', price: 300, unit: null },
      ],
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(SaveWorkerResponseSchema.parse(edited.json()).worker.services.map((o) => [o.service_name, o.unit])).toEqual([
      ['Plumber', null],
      ['Sand Services', 'cubic_foot'],
    ])
  })

  it('a unit the service is not ordered in is a 400 at services.N.unit, in words, and nothing is stored', async () => {
    const before = await rows()
    const cases: [WorkerBodyInput['services'], string, string][] = [
      [
        [{ service_name: 'Sand Services', price: 4500, unit: 'bag' }],
        'services.0.unit',
        'Sand Services is priced per tractor load or cubic foot',
      ],
      [
        [
          { service_name: 'Brick Services', price: 8, unit: 'piece' },
          { service_name: 'Plumber', price: 300, unit: 'piece' },
        ],
        'services.1.unit',
        'Plumber is priced per job, not per piece',
      ],
      [
        [{ service_name: 'Sand Services', price: 4500, unit: 'job' as never }],
        'services.0.unit',
        'Choose a unit from the list',
      ],
    ]
    for (const [services, path, message] of cases) {
      const res = await post(validBody({ services }))
      expect(res.statusCode, res.body).toBe(400)
      expect(ErrorBodySchema.parse(res.json()).issues).toEqual([expect.objectContaining({ path, message })])
    }
    expect(await rows()).toEqual(before)
  })

  it('a second worker with the same phone is a 409 and nothing is added', async () => {
    const body = validBody()
    expect((await post(body)).statusCode).toBe(201)
    const before = await rows()
    const res = await post({ ...body, worker_name: 'Someone Else' })
    expect(res.statusCode).toBe(409)
    expect(ErrorBodySchema.parse(res.json()).issues?.[0]?.path).toBe('phone_number')
    expect(await rows()).toEqual(before)
  })

  it('edits every field and replaces the services; the table shows the new price', async () => {
    const created = SaveWorkerResponseSchema.parse((await post(validBody())).json()).worker
    const res = await put(
      created.worker_id,
      validBody({
        worker_name: 'Anil Kumar Goud',
        town: 'Armoor',
        email: '',
        services: [{ service_name: 'Electrician', description: 'Wiring', price: '520.75' }],
      }),
    )
    expect(res.statusCode).toBe(200)
    const { worker } = SaveWorkerResponseSchema.parse(res.json())
    expect(worker).toMatchObject({ worker_name: 'Anil Kumar Goud', town: 'Armoor', email: null })
    const mine = (await rows()).filter((r) => r.worker_id === created.worker_id)
    expect(mine).toHaveLength(1)
    expect(mine[0]).toMatchObject({
      service_name: 'Electrician',
      description: 'Wiring',
      price: 520.75,
      price_paise: 52075,
    })
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/workerservices/${created.worker_id}`,
      headers: bearer(operator),
    })
    expect(WorkerResponseSchema.parse(one.json()).worker).toEqual(worker)
  })

  it('a bad edit is a 400 and the worker stays as they were', async () => {
    const created = SaveWorkerResponseSchema.parse((await post(validBody())).json()).worker
    for (const over of [
      { services: [{ service_name: 'Painter', price: 'abc' }] },
      { phone_number: '12345' },
      { town: 'Nowhere' },
      { worker_name: '' },
    ]) {
      const res = await put(created.worker_id, { ...validBody(), ...over })
      expect(res.statusCode).toBe(400)
    }
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/workerservices/${created.worker_id}`,
      headers: bearer(operator),
    })
    expect(WorkerResponseSchema.parse(after.json()).worker).toEqual(created)
  })

  it('editing, reading or deleting a worker who does not exist is a 404', async () => {
    expect((await put(999_999, validBody())).statusCode).toBe(404)
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/workerservices/999999', headers: bearer(operator) })
      expect(res.statusCode).toBe(404)
    }
    const res = await t.app.inject({ method: 'DELETE', url: '/api/workerservices/abc', headers: bearer(operator) })
    expect(res.statusCode).toBe(400)
  })

  it('deletes a worker without assignments: they leave the table', async () => {
    const created = SaveWorkerResponseSchema.parse((await post(validBody())).json()).worker
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/workerservices/${created.worker_id}`,
      headers: bearer(operator),
    })
    expect(res.statusCode).toBe(200)
    expect(DeleteWorkerResponseSchema.parse(res.json())).toMatchObject({
      worker_id: created.worker_id,
      outcome: 'deleted',
    })
    expect((await rows()).some((r) => r.worker_id === created.worker_id)).toBe(false)
    expect((await availability(created.worker_id)).statusCode).toBe(404)
  })

  it('a worker with assignments is deactivated, not erased; Edit re-activates them', async () => {
    const worker = await createWorker(t, { name: 'Busy Bee' })
    const { assignment } = await createTask(t, { workerId: worker.id, status: 'task_completed' })
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/workerservices/${worker.id}`,
      headers: bearer(operator),
    })
    expect(res.statusCode).toBe(200)
    const answer = DeleteWorkerResponseSchema.parse(res.json())
    expect(answer.outcome).toBe('deactivated')
    expect(answer.message).toMatch(/deactivated/)
    const row = (await rows()).find((r) => r.worker_id === worker.id)
    expect(row?.active).toBe(false)
    // History intact: the assignment is still there.
    const ad = await t.app.inject({ method: 'GET', url: '/api/assignments', headers: bearer(operator) })
    expect(JSON.stringify(ad.json())).toContain(String(assignment.id))
    // Not on the public shortlist any more.
    const swl = await t.app.inject({ method: 'GET', url: '/api/skilledworker' })
    expect(JSON.stringify(swl.json())).not.toContain('Busy Bee')

    const detail = WorkerResponseSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: `/api/workerservices/${worker.id}`, headers: bearer(operator) })
      ).json(),
    ).worker
    const reactivated = await put(worker.id, {
      worker_name: detail.worker_name,
      town: detail.town,
      phone_number: detail.phone_number,
      email: detail.email,
      active: true,
      services: detail.services.map((s) => ({
        service_name: s.service_name,
        description: s.description,
        price: s.price,
      })),
    })
    expect(reactivated.statusCode).toBe(200)
    expect(SaveWorkerResponseSchema.parse(reactivated.json()).worker.active).toBe(true)
  })

  it('filters by town and service, and searches by name or phone digits', async () => {
    const created = SaveWorkerResponseSchema.parse(
      (
        await post(
          validBody({
            worker_name: 'Zebulon Findme',
            town: 'Armoor',
            phone_number: '9123456780',
            services: [{ service_name: 'Sand Services', price: 100 }],
          }),
        )
      ).json(),
    ).worker
    const get = async (qs: string) =>
      WorkerServicesResponseSchema.parse(
        (await t.app.inject({ method: 'GET', url: `/api/workerservices?${qs}`, headers: bearer(operator) })).json(),
      ).workerServices
    expect((await get('q=zebulon')).map((r) => r.worker_id)).toEqual([created.worker_id])
    expect((await get('q=23456')).map((r) => r.worker_id)).toEqual([created.worker_id])
    expect((await get('q=%25')).length).toBe(0)
    const armoorSand = await get('town=Armoor&service=Sand%20Services')
    expect(armoorSand.some((r) => r.worker_id === created.worker_id)).toBe(true)
    expect(armoorSand.every((r) => r.town === 'Armoor' && r.service_name === 'Sand Services')).toBe(true)
    expect((await get('town=Nirmal')).some((r) => r.worker_id === created.worker_id)).toBe(false)
    // Towns are rows (decision 048): a town that is no row finds nothing; a name longer than any is a 400.
    expect(await get('town=Paris')).toEqual([])
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/workerservices?town=${'P'.repeat(61)}`,
      headers: bearer(operator),
    })
    expect(bad.statusCode).toBe(400)
  })

  it('customers and workers may not add, edit or delete workers', async () => {
    for (const role of ['customer', 'worker'] as const) {
      const s = await loginAs(t, role)
      expect((await post(validBody(), s)).statusCode).toBe(403)
      for (const method of ['PUT', 'DELETE'] as const) {
        const res = await t.app.inject({
          method,
          url: '/api/workerservices/1',
          headers: bearer(s),
          ...(method === 'PUT' ? { payload: validBody() } : {}),
        })
        expect(res.statusCode).toBe(403)
      }
    }
    const anon = await t.app.inject({ method: 'POST', url: '/api/workerservices', payload: validBody() })
    expect(anon.statusCode).toBe(401)
  })
})
