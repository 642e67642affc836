import { TASK_STATUSES, TaskIdsResponseSchema, TaskStatusesResponseSchema } from '@townworks/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, loginAs } from '../../../test/auth-helpers'
import { createTask, createWorker } from '../../../test/fixtures'
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

  it('GET /api/task answers each task as the seed’s row [task_id, task_name, status], oldest first', async () => {
    const worker = await createWorker(t)
    const first = await createTask(t, { workerId: worker.id })
    const second = await createTask(t, { workerId: worker.id, status: 'work_inprogress' })
    const operator = await loginAs(t, 'operator')
    const res = await t.app.inject({ method: 'GET', url: '/api/task', headers: bearer(operator) })
    expect(res.statusCode).toBe(200)
    const { task_ids } = TaskIdsResponseSchema.parse(res.json())
    expect(task_ids.slice(-2)).toEqual([
      [first.task.id, 'Fix the tap', 'assigned'],
      [second.task.id, 'Fix the tap', 'work_inprogress'],
    ])
  })

  it('refuses a visitor the operator list of task ids', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/task' })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ message: 'Please log in to continue', code: 'UNAUTHENTICATED' })
  })
})
