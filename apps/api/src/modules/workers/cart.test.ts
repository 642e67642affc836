import { CartResponseSchema, ErrorBodySchema, SkilledWorkersResponseSchema } from '@townworks/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createUser, loginAs, signedToken, type Session } from '../../../test/auth-helpers'
import { createWorker } from '../../../test/fixtures'
import { createTestApp, type TestApp } from '../../../test/test-app'

describe('PUT /api/skilledworker/cart: the shortlist count is exact', () => {
  let t: TestApp
  let customer: Session

  beforeAll(async () => {
    t = await createTestApp()
    customer = await loginAs(t, 'customer')
  })
  afterAll(() => t.close())

  const countOf = async (workerId: number) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/skilledworker' })
    return SkilledWorkersResponseSchema.parse(res.json()).skilledworkers.find((w) => w.worker_id === workerId)
      ?.cart_count
  }
  const add = (headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: '/api/skilledworker/cart', headers, payload: payload as object })

  it('100 parallel adds by 100 different customers raise the count by exactly 100', async () => {
    const worker = await createWorker(t, { name: 'Popular' })
    // Tokens signed directly: 100 password logins would only measure scrypt.
    const sessions = await Promise.all(
      Array.from({ length: 100 }, async (_, i) => signedToken(t, await createUser(t, 'customer', `shopper${i}`))),
    )
    expect(await countOf(worker.id)).toBe(0)
    const answers = await Promise.all(
      sessions.map((token) => add({ authorization: `Bearer ${token}` }, { worker_id: worker.id, cart_count: 1 })),
    )
    expect(answers.map((a) => a.statusCode)).toEqual(Array(100).fill(200))
    expect(answers.every((a) => CartResponseSchema.parse(a.json()).added)).toBe(true)
    expect(await countOf(worker.id)).toBe(100)
    // The highest count any answer reported is the final one.
    expect(Math.max(...answers.map((a) => CartResponseSchema.parse(a.json()).cart_count))).toBe(100)
  })

  it('the same customer adding the same worker twice counts once, and the answer says so', async () => {
    const worker = await createWorker(t, { name: 'Once' })
    const first = CartResponseSchema.parse(
      (await add(bearer(customer), { worker_id: worker.id, cart_count: 1 })).json(),
    )
    expect(first).toMatchObject({ added: true, cart_count: 1 })
    const again = await add(bearer(customer), { worker_id: worker.id, cart_count: 1 })
    expect(again.statusCode).toBe(200)
    const second = CartResponseSchema.parse(again.json())
    expect(second).toMatchObject({ added: false, cart_count: 1 })
    expect(second.message).toMatch(/already in your cart/)
    // Twice more, in parallel: still one.
    await Promise.all([1, 2].map(() => add(bearer(customer), { worker_id: worker.id, cart_count: 1 })))
    expect(await countOf(worker.id)).toBe(1)
  })

  it('the seed’s body with a worker id as text works', async () => {
    const worker = await createWorker(t, { name: 'Texty' })
    const res = await add(bearer(customer), { worker_id: String(worker.id), cart_count: 1 })
    expect(res.statusCode).toBe(200)
    expect(await countOf(worker.id)).toBe(1)
  })

  it.each([
    ['no worker', { cart_count: 1 }],
    ['a count of 5', { worker_id: 1, cart_count: 5 }],
    ['a worker id in words', { worker_id: 'one', cart_count: 1 }],
    ['an extra field', { worker_id: 1, cart_count: 1, user: 3 }],
  ])('%s is a 400 and counts nothing', async (_label, body) => {
    const worker = await createWorker(t, { name: 'Untouched' })
    const res = await add(bearer(customer), { ...body, ...('worker_id' in body ? {} : {}) })
    expect(res.statusCode).toBe(400)
    expect(ErrorBodySchema.parse(res.json()).code).toBe('VALIDATION_FAILED')
    expect(await countOf(worker.id)).toBe(0)
  })

  it('an unknown worker is a 404; a deactivated one a 409; a visitor must log in (401)', async () => {
    expect((await add(bearer(customer), { worker_id: 999_999, cart_count: 1 })).statusCode).toBe(404)
    const worker = await createWorker(t, { name: 'Gone' })
    const operator = await loginAs(t, 'operator')
    await t.app.inject({ method: 'DELETE', url: `/api/workerservices/${worker.id}`, headers: bearer(operator) })
    // No history, so erased: a 404 now. Deactivate another one through its edit instead.
    expect((await add(bearer(customer), { worker_id: worker.id, cart_count: 1 })).statusCode).toBe(404)
    const paused = await createWorker(t, { name: 'Paused' })
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/workerservices/${paused.id}`,
      headers: bearer(operator),
      payload: {
        worker_name: 'Paused',
        town: 'Armoor',
        phone_number: paused.phone,
        active: false,
        services: [{ service_name: 'Plumber', price: 450 }],
      },
    })
    expect(edit.statusCode).toBe(200)
    const res = await add(bearer(customer), { worker_id: paused.id, cart_count: 1 })
    expect(res.statusCode).toBe(409)
    const visitor = await add({}, { worker_id: paused.id, cart_count: 1 })
    expect(visitor.statusCode).toBe(401)
  })
})
