import {
  RequestsResponseSchema,
  ServiceRowSchema,
  ServicesResponseSchema,
  TownRowSchema,
  TownsResponseSchema,
  type TownBody,
} from '@townworks/contract'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { servicePictures, serviceRequests, services, towns, townServices } from '../../db/schema'
import { bearer, loginAs, type Session } from '../../../test/auth-helpers'
import { weekdaysAhead } from '../../../test/fixtures'
import { createTestApp, type TestApp } from '../../../test/test-app'

// Towns and services as rows (decision 048): an admin adds a town, it is offered at once, a
// worker can serve it, and retiring it refuses new requests while old ones still read.

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

describe('towns and services as rows', () => {
  let t: TestApp
  let admin: Session
  let operator: Session
  const day = weekdaysAhead(3)

  beforeAll(async () => {
    t = await createTestApp()
    admin = await loginAs(t, 'admin')
    operator = await loginAs(t, 'operator')
  })
  afterAll(() => t.close())

  const send = (method: 'POST' | 'PUT', url: string, payload: object, s: Session | null = admin) =>
    t.app.inject({ method, url, payload, headers: s ? bearer(s) : {} })
  const townsList = async () => TownsResponseSchema.parse((await t.app.inject({ url: '/api/towns' })).json()).towns
  const servicesList = async () =>
    ServicesResponseSchema.parse((await t.app.inject({ url: '/api/services' })).json()).services
  let phones = 0
  const request = (town: string, service: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/servicerequest',
      remoteAddress: `10.7.0.${++phones}`,
      payload: { name: 'Lakshmi Devi', phone: `98480${10000 + phones}`, service, town, service_date: day() },
    })
  const counts = async () => {
    const n = async (table: typeof towns | typeof services | typeof townServices | typeof servicePictures) =>
      (await t.database.db.select({ n: count() }).from(table))[0]!.n
    return {
      towns: await n(towns),
      services: await n(services),
      offers: await n(townServices),
      pictures: await n(servicePictures),
    }
  }

  it('starts with the seed’s towns and the services, with Telugu and Hindi names, every town offering each', async () => {
    const list = await townsList()
    expect(list.map((x) => x.name)).toEqual(['Armoor', 'Nizamabad', 'Nirmal'])
    expect(list[1]).toMatchObject({ name_te: 'నిజామాబాద్', name_hi: 'निज़ामाबाद', active: true })
    const all = await servicesList()
    expect(all.slice(0, 3).map((s) => s.name)).toEqual(['Plumber', 'Electrician', 'Painter'])
    expect(all).toHaveLength(15)
    expect(all.find((s) => s.name === 'Sand Services')).toMatchObject({ category: 'material', name_te: 'ఇసుక సరఫరా' })
    expect(list.every((x) => x.services.length === all.length)).toBe(true)
  })

  it('an admin adds a town offering two services: listed at once, a request for it is accepted, a worker serves it', async () => {
    const body: TownBody = {
      name: 'Bodhan',
      name_te: 'బోధన్',
      name_hi: 'बोधन',
      active: true,
      sort_order: 40,
      services: ['Plumber', 'Electrician'],
    }
    const res = await send('POST', '/api/admin/towns', body)
    expect(res.statusCode).toBe(201)
    const town = TownRowSchema.parse(res.json())
    expect(town).toMatchObject({ name: 'Bodhan', name_te: 'బోధన్', services: ['Plumber', 'Electrician'] })
    expect((await townsList()).map((x) => x.name)).toEqual(['Armoor', 'Nizamabad', 'Nirmal', 'Bodhan'])

    const accepted = await request('Bodhan', 'Plumber')
    expect(accepted.statusCode).toBe(201)
    // A service the town does not offer is refused, naming the field.
    const notOffered = await request('Bodhan', 'Painter')
    expect(notOffered.statusCode).toBe(400)
    expect(notOffered.json().issues).toEqual([expect.objectContaining({ path: 'service' })])

    const inbox = RequestsResponseSchema.parse(
      (await t.app.inject({ url: '/api/requests?town=Bodhan', headers: bearer(operator) })).json(),
    )
    expect(inbox.requests.map((r) => [r.town, r.service])).toEqual([['Bodhan', 'Plumber']])

    const worker = await send(
      'POST',
      '/api/workerservices',
      {
        worker_name: 'Bodhan Plumber',
        town: 'Bodhan',
        phone_number: '9848077001',
        email: '',
        active: true,
        services: [{ service_name: 'Plumber', description: 'Taps', price: 400 }],
      },
      operator,
    )
    expect(worker.statusCode).toBe(201)
    const roster = (
      await t.app.inject({ url: '/api/workerservices?town=Bodhan', headers: bearer(operator) })
    ).json() as { workerServices: { worker_name: string; town: string; service_name: string }[] }
    expect(roster.workerServices).toEqual([
      expect.objectContaining({ worker_name: 'Bodhan Plumber', town: 'Bodhan', service_name: 'Plumber' }),
    ])
  })

  it('an admin adds a service with a card picture; a town then offers it', async () => {
    const res = await send('POST', '/api/admin/services', {
      name: 'Tiling',
      name_te: 'టైల్స్ పని',
      name_hi: 'टाइल का काम',
      category: 'labour',
    })
    expect(res.statusCode).toBe(201)
    const service = ServiceRowSchema.parse(res.json())
    expect(service).toMatchObject({ name: 'Tiling', active: true, has_picture: false, category: 'labour' })
    // Not offered anywhere yet: a request for it is refused.
    expect((await request('Armoor', 'Tiling')).statusCode).toBe(400)

    const picture = await send('PUT', `/api/admin/services/${service.id}/picture`, { type: 'image/png', data: PNG })
    expect(picture.statusCode).toBe(200)
    expect(ServiceRowSchema.parse(picture.json()).has_picture).toBe(true)
    const read = await t.app.inject({ url: `/api/services/${service.id}/picture` })
    expect(read.json()).toEqual({ type: 'image/png', data: PNG })
    // The catalog's card reads it as an image, at the address the service row gives: the bytes,
    // their type, kept by the browser a day (the address changes with the picture).
    const row = (await servicesList()).find((x) => x.id === service.id)!
    expect(row.picture_url).toMatch(new RegExp(`^/api/services/${service.id}/picture/image\\?v=\\d+$`))
    const image = await t.app.inject({ url: row.picture_url! })
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/png')
    expect(image.headers['cache-control']).toBe('public, max-age=86400')
    expect(image.headers['x-content-type-options']).toBe('nosniff')
    expect(image.rawPayload.equals(Buffer.from(PNG, 'base64'))).toBe(true)
    const none = await t.app.inject({ url: `/api/services/${service.id + 1000}/picture/image` })
    expect(none.statusCode).toBe(404)
    expect((await t.app.inject({ url: '/api/services/abc/picture/image' })).statusCode).toBe(400)
    // The bytes must be the type said: a PNG called a JPEG is 415, and nothing changes.
    const lie = await send('PUT', `/api/admin/services/${service.id}/picture`, {
      type: 'image/jpeg',
      data: 'AAAA' + PNG,
    })
    expect(lie.statusCode).toBe(415)
    expect((await t.app.inject({ url: `/api/services/${service.id}/picture` })).json().type).toBe('image/png')
    expect((await servicesList()).find((x) => x.id === service.id)!.picture_url).toBe(row.picture_url)
    // A replaced picture is a new address, so no browser keeps showing the old one.
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(
      (await send('PUT', `/api/admin/services/${service.id}/picture`, { type: 'image/png', data: PNG })).statusCode,
    ).toBe(200)
    expect((await servicesList()).find((x) => x.id === service.id)!.picture_url).not.toBe(row.picture_url)

    const armoor = (await townsList()).find((x) => x.name === 'Armoor')!
    const offer = await send('PUT', `/api/admin/towns/${armoor.id}`, {
      name: 'Armoor',
      name_te: armoor.name_te,
      name_hi: armoor.name_hi,
      active: true,
      sort_order: armoor.sort_order,
      services: [...armoor.services, 'Tiling'],
    })
    expect(offer.statusCode).toBe(200)
    expect((await request('Armoor', 'Tiling')).statusCode).toBe(201)
  })

  it('each service carries the units it is ordered in; an admin sets them, an edit without them keeps them', async () => {
    const all = await servicesList()
    const unitsOf = (name: string) => all.find((s) => s.name === name)?.order_units
    expect(unitsOf('Sand Services')).toEqual(['tractor_load', 'cubic_foot'])
    expect(unitsOf('Brick Services')).toEqual(['piece'])
    expect(unitsOf('Morter Services')).toEqual(['bag'])
    expect(unitsOf('Plumber')).toEqual([])

    // A new service without units is booked as a job; with them, it keeps them in the order given.
    const gravel = ServiceRowSchema.parse(
      (await send('POST', '/api/admin/services', { name: 'Gravel', category: 'material' })).json(),
    )
    expect(gravel.order_units).toEqual([])
    const stone = await send('POST', '/api/admin/services', {
      name: 'Stone Supply',
      category: 'material',
      order_units: ['tractor_load', 'cubic_foot'],
    })
    expect(stone.statusCode).toBe(201)
    const stoneRow = ServiceRowSchema.parse(stone.json())
    expect(stoneRow.order_units).toEqual(['tractor_load', 'cubic_foot'])

    // An edit that leaves them out keeps them; an edit that names them replaces them; [] clears them.
    const rename = await send('PUT', `/api/admin/services/${stoneRow.id}`, { name: 'Stone', category: 'material' })
    expect(ServiceRowSchema.parse(rename.json())).toMatchObject({
      name: 'Stone',
      order_units: ['tractor_load', 'cubic_foot'],
    })
    const put = await send('PUT', `/api/admin/services/${stoneRow.id}`, {
      name: 'Stone',
      category: 'material',
      order_units: ['cubic_foot'],
    })
    expect(ServiceRowSchema.parse(put.json()).order_units).toEqual(['cubic_foot'])
    expect((await servicesList()).find((s) => s.id === stoneRow.id)?.order_units).toEqual(['cubic_foot'])
    const cleared = await send('PUT', `/api/admin/services/${stoneRow.id}`, {
      name: 'Stone',
      category: 'material',
      order_units: [],
    })
    expect(ServiceRowSchema.parse(cleared.json()).order_units).toEqual([])

    // A unit not in the list (a job is not a quantity), or one twice, is a 400 and nothing changes.
    for (const order_units of [['job'], ['bag', 'bag'], ['sack']]) {
      const bad = await send('PUT', `/api/admin/services/${gravel.id}`, {
        name: 'Gravel',
        category: 'material',
        order_units,
      })
      expect(bad.statusCode, JSON.stringify(order_units)).toBe(400)
      expect(JSON.stringify(bad.json().issues)).toContain('order_units')
    }
    expect((await servicesList()).find((s) => s.id === gravel.id)?.order_units).toEqual([])
  })

  it('only an admin writes: 401 without a session, 403 for an operator, nothing stored', async () => {
    const before = await counts()
    const body = { name: 'Kamareddy', active: true, sort_order: 50, services: [] }
    expect((await send('POST', '/api/admin/towns', body, null)).statusCode).toBe(401)
    expect((await send('POST', '/api/admin/towns', body, operator)).statusCode).toBe(403)
    const customer = await loginAs(t, 'customer')
    expect((await send('POST', '/api/admin/services', { name: 'X', category: 'labour' }, customer)).statusCode).toBe(
      403,
    )
    expect(await counts()).toEqual(before)
  })

  it('bad input is a 400 naming the field, a duplicate name (any case) a 409, and nothing is stored', async () => {
    const before = await counts()
    const cases: [object, string][] = [
      [{ name: '', active: true, sort_order: 1, services: [] }, 'name'],
      [{ name: 'x'.repeat(61), services: [] }, 'name'],
      [{ name: 'Ok Town', name_te: 'అ'.repeat(61), services: [] }, 'name_te'],
      [{ name: 'Ok Town', services: ['Plumber', 'Plumber'] }, 'services'],
      [{ name: 'Ok Town', services: ['No Such Service'] }, 'services'],
      [{ name: 'Ok\u0000Town', services: [] }, 'name'],
      [{ name: 'Ok Town', services: [], sort_order: -1 }, 'sort_order'],
      [{ name: 'Ok Town', services: [], id: 5 }, ''],
    ]
    for (const [body, field] of cases) {
      const res = await send('POST', '/api/admin/towns', body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      if (field) expect(JSON.stringify(res.json().issues)).toContain(field)
    }
    expect((await send('POST', '/api/admin/services', { name: 'Roofing', category: 'other' })).statusCode).toBe(400)
    const dup = await send('POST', '/api/admin/towns', { name: 'armoor', services: [] })
    expect(dup.statusCode).toBe(409)
    expect(dup.json().issues).toEqual([expect.objectContaining({ path: 'name' })])
    expect((await send('POST', '/api/admin/services', { name: 'PLUMBER', category: 'labour' })).statusCode).toBe(409)
    const nizamabad = (await townsList()).find((x) => x.name === 'Nizamabad')!
    expect((await send('PUT', `/api/admin/towns/${nizamabad.id}`, { name: 'Nirmal', services: [] })).statusCode).toBe(
      409,
    )
    expect((await send('PUT', '/api/admin/towns/999999', { name: 'Nowhere', services: [] })).statusCode).toBe(404)
    expect(await counts()).toEqual(before)
  })

  it('a retired town is refused for new requests and workers, while its old requests still read', async () => {
    const created = TownRowSchema.parse(
      (await send('POST', '/api/admin/towns', { name: 'Bheemgal', services: ['Painter'] })).json(),
    )
    expect((await request('Bheemgal', 'Painter')).statusCode).toBe(201)
    const retire = await send('PUT', `/api/admin/towns/${created.id}`, {
      name: 'Bheemgal',
      active: false,
      services: ['Painter'],
    })
    expect(retire.statusCode).toBe(200)
    expect(TownRowSchema.parse(retire.json()).active).toBe(false)
    // Still listed (history names it), marked retired.
    expect((await townsList()).find((x) => x.name === 'Bheemgal')?.active).toBe(false)

    const refused = await request('Bheemgal', 'Painter')
    expect(refused.statusCode).toBe(400)
    expect(refused.json().issues).toEqual([expect.objectContaining({ path: 'town' })])
    const unknown = await request('Atlantis', 'Painter')
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().issues).toEqual([expect.objectContaining({ path: 'town' })])

    const worker = await send(
      'POST',
      '/api/workerservices',
      {
        worker_name: 'Late Painter',
        town: 'Bheemgal',
        phone_number: '9848077002',
        email: '',
        active: true,
        services: [{ service_name: 'Painter', description: '', price: 300 }],
      },
      operator,
    )
    expect(worker.statusCode).toBe(400)
    expect(worker.json().issues).toEqual([expect.objectContaining({ path: 'town' })])

    const inbox = RequestsResponseSchema.parse(
      (await t.app.inject({ url: '/api/requests?town=Bheemgal', headers: bearer(operator) })).json(),
    )
    expect(inbox.requests.map((r) => r.town)).toEqual(['Bheemgal'])
    // No route deletes a town: the rows history points to stay.
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/towns/${created.id}`, headers: bearer(admin) })
    expect(del.statusCode).toBe(405)
    const [stored] = await t.database.db
      .select({ n: count() })
      .from(serviceRequests)
      .where(eq(serviceRequests.townId, created.id))
    expect(stored!.n).toBe(1)
  })
})
