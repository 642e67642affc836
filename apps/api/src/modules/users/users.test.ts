import { AdminUserResponseSchema, AdminUsersResponseSchema } from '@townworks/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createUser, login, loginAs, type Session } from '../../../test/auth-helpers'
import { createWorker } from '../../../test/fixtures'
import { createTestApp, type TestApp } from '../../../test/test-app'

describe('admin: users and roles', () => {
  let t: TestApp
  let admin: Session
  beforeAll(async () => {
    t = await createTestApp()
    admin = await loginAs(t, 'admin')
  })
  afterAll(() => t.close())

  const patch = (id: number, payload: object, s: Session = admin) =>
    t.app.inject({ method: 'PATCH', url: `/api/admin/users/${id}`, headers: bearer(s), payload })

  it('lists and searches users', async () => {
    await createUser(t, 'customer', 'padma.rao')
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/users?q=padma', headers: bearer(admin) })
    expect(res.statusCode).toBe(200)
    const body = AdminUsersResponseSchema.parse(res.json())
    expect(body.users.map((u) => u.user)).toEqual(['padma.rao'])
    expect(body.total).toBe(1)
    const all = AdminUsersResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/admin/users?role=admin', headers: bearer(admin) })).json(),
    )
    expect(all.users.every((u) => u.role === 'admin')).toBe(true)
  })

  it('a wildcard in the search is taken literally', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/users?q=%25', headers: bearer(admin) })
    expect(AdminUsersResponseSchema.parse(res.json()).users).toEqual([])
  })

  it('changing a role takes effect on the next request', async () => {
    const s = await loginAs(t, 'customer')
    expect((await t.app.inject({ method: 'GET', url: '/api/task', headers: bearer(s) })).statusCode).toBe(403)
    const res = await patch(s.user.id, { role: 'operator' })
    expect(res.statusCode).toBe(200)
    expect(AdminUserResponseSchema.parse(res.json()).user.role).toBe('operator')
    expect((await t.app.inject({ method: 'GET', url: '/api/task', headers: bearer(s) })).statusCode).toBe(200)
  })

  it('a disabled user is locked out', async () => {
    const user = await createUser(t, 'customer')
    expect((await patch(user.id, { disabled: true })).statusCode).toBe(200)
    await expect(login(t, user)).rejects.toThrow(/401/)
    expect((await patch(user.id, { disabled: false })).statusCode).toBe(200)
    await expect(login(t, user)).resolves.toBeDefined()
  })

  it('the last active admin cannot be demoted or disabled', async () => {
    const other = await createTestApp()
    try {
      const only = await loginAs(other, 'admin')
      const res = await other.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${only.user.id}`,
        headers: bearer(only),
        payload: { role: 'customer' },
      })
      expect(res.statusCode).toBe(409)
    } finally {
      await other.close()
    }
  })

  it.each([[{}], [{ role: 'king' }], [{ disabled: 'yes' }], [{ role: 'worker', extra: 1 }]])(
    'refuses %j with 400 and changes nothing',
    async (payload) => {
      const user = await createUser(t, 'customer')
      expect((await patch(user.id, payload)).statusCode).toBe(400)
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/users?q=${user.username}`,
        headers: bearer(admin),
      })
      expect(AdminUsersResponseSchema.parse(res.json()).users[0]).toMatchObject({ role: 'customer', disabled: false })
    },
  )

  it('links a worker profile to a worker login, once', async () => {
    const workerUser = await createUser(t, 'worker')
    const customerUser = await createUser(t, 'customer')
    const worker = await createWorker(t)
    const link = (id: number, workerId: number | null) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${id}/worker`,
        headers: bearer(admin),
        payload: { worker_id: workerId },
      })
    expect((await link(customerUser.id, worker.id)).statusCode).toBe(409)
    const ok = await link(workerUser.id, worker.id)
    expect(ok.statusCode).toBe(200)
    expect(AdminUserResponseSchema.parse(ok.json()).user.worker_id).toBe(worker.id)
    const second = await createUser(t, 'worker')
    expect((await link(second.id, worker.id)).statusCode).toBe(409)
    expect((await link(workerUser.id, 999999)).statusCode).toBe(404)
    const unlinked = await link(workerUser.id, null)
    expect(AdminUserResponseSchema.parse(unlinked.json()).user.worker_id).toBeNull()
  })

  it('an operator cannot manage users', async () => {
    const operator = await loginAs(t, 'operator')
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(operator) })).statusCode).toBe(
      403,
    )
    expect((await patch(operator.user.id, { role: 'admin' }, operator)).statusCode).toBe(403)
  })
})
