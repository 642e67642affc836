import { TASK_STATUSES, TaskStatusesResponseSchema } from '@townworks/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/test-app'

describe('GET /api/taskstatus (seed call 5)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('answers every status in the machine order as rows under `statutes`', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/taskstatus' })
    expect(res.statusCode).toBe(200)
    const body = TaskStatusesResponseSchema.parse(res.json())
    expect(body.statutes.map((row) => row[0])).toEqual([...TASK_STATUSES])
    expect(body.statutes[0]).toEqual(['assigned'])
  })

  it('refuses a visitor the operator list of task ids', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/task' })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ message: 'Please log in to continue', code: 'UNAUTHENTICATED' })
  })
})
