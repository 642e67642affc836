import { ErrorBodySchema, UpdateStatusResponseSchema, WorkflowResponseSchema } from '@townworks/contract'
import { describe, expect, it } from 'vitest'
import { bearer, type Session } from '../../../test/auth-helpers'
import { createTask, officeApp } from '../../../test/fixtures'

describe('PUT /api/update-status/{task_id}: the one status machine', () => {
  const t = officeApp({ workerName: 'Test Worker', otherName: 'Other' })

  const put = (s: Session, taskId: number, body: object) =>
    t.app.inject({ method: 'PUT', url: `/api/update-status/${taskId}`, headers: bearer(s), payload: body })

  it('an operator moves a task on, and one workflow record is appended', async () => {
    const { task } = await createTask(t, { workerId: t.workerId })
    const res = await put(t.operator, task.id, { status: 'work_inprogress' })
    expect(res.statusCode).toBe(200)
    expect(UpdateStatusResponseSchema.parse(res.json())).toMatchObject({
      task_id: task.id,
      status: 'work_inprogress',
      previous_status: 'assigned',
    })
    const wf = await t.app.inject({ method: 'GET', url: `/api/workflow/${task.id}`, headers: bearer(t.operator) })
    const { workflows } = WorkflowResponseSchema.parse(wf.json())
    expect(workflows.map((w) => w.status)).toEqual(['assigned', 'work_inprogress'])
    expect(workflows[1]).toMatchObject({ from_status: 'assigned', by: t.operator.user.username })
  })

  it('a transition the machine does not allow is a 409 naming the allowed ones, and changes nothing', async () => {
    const { task } = await createTask(t, { workerId: t.workerId })
    const res = await put(t.operator, task.id, { status: 'task_completed' })
    expect(res.statusCode).toBe(409)
    const body = ErrorBodySchema.parse(res.json())
    expect(body.code).toBe('INVALID_TRANSITION')
    expect(body.details).toMatchObject({ current: 'assigned', allowed: ['work_inprogress', 'cancelled'] })
    const wf = await t.app.inject({ method: 'GET', url: `/api/workflow/${task.id}`, headers: bearer(t.operator) })
    expect(WorkflowResponseSchema.parse(wf.json()).workflows).toHaveLength(1)
  })

  it('a change based on a stale status is refused with 409 (expected_status, or its earlier spelling)', async () => {
    for (const guard of ['expected_status', 'expectedStatus']) {
      const { task } = await createTask(t, { workerId: t.workerId, status: 'work_inprogress' })
      const res = await put(t.operator, task.id, { status: 'work_inprogress', [guard]: 'assigned' })
      expect(res.statusCode, guard).toBe(409)
      expect(res.json()).toMatchObject({ code: 'STALE_STATUS', details: { current: 'work_inprogress' } })
    }
  })

  it('a change based on the status as it is goes through, whichever spelling names it', async () => {
    for (const guard of ['expected_status', 'expectedStatus']) {
      const { task } = await createTask(t, { workerId: t.workerId, start: '15:00', end: '16:00' })
      const res = await put(t.operator, task.id, { status: 'work_inprogress', [guard]: 'assigned' })
      expect(res.statusCode, guard).toBe(200)
    }
  })

  it('the two spellings of the expected status disagreeing is a 400, and changes nothing', async () => {
    const { task } = await createTask(t, { workerId: t.workerId, start: '17:00', end: '18:00' })
    const res = await put(t.operator, task.id, {
      status: 'work_inprogress',
      expected_status: 'assigned',
      expectedStatus: 'work_pending',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' })
    const wf = await t.app.inject({ method: 'GET', url: `/api/workflow/${task.id}`, headers: bearer(t.operator) })
    expect(WorkflowResponseSchema.parse(wf.json()).workflows).toHaveLength(1)
  })

  it('a worker moves their own task, but not another worker’s', async () => {
    const own = await createTask(t, { workerId: t.workerId, start: '13:00', end: '14:00' })
    expect((await put(t.worker, own.task.id, { status: 'work_inprogress' })).statusCode).toBe(200)
    const other = await createTask(t, { workerId: t.otherWorkerId })
    const res = await put(t.worker, other.task.id, { status: 'work_inprogress' })
    expect(res.statusCode).toBe(403)
  })

  it('a customer cancels their own task before work starts, and cannot start the work', async () => {
    const first = await createTask(t, {
      workerId: t.otherWorkerId,
      customerUserId: t.customer.user.id,
      start: '08:00',
      end: '09:00',
    })
    expect((await put(t.customer, first.task.id, { status: 'work_inprogress' })).statusCode).toBe(409)
    expect((await put(t.customer, first.task.id, { status: 'cancelled' })).statusCode).toBe(200)
    const notTheirs = await createTask(t, { workerId: t.otherWorkerId, start: '15:00', end: '16:00' })
    expect((await put(t.customer, notTheirs.task.id, { status: 'cancelled' })).statusCode).toBe(403)
  })

  it('an admin may override the machine only with a reason, which the workflow keeps', async () => {
    const { task } = await createTask(t, { workerId: t.workerId, start: '16:00', end: '17:00' })
    const bare = await put(t.admin, task.id, { status: 'task_completed' })
    expect(bare.statusCode).toBe(400)
    expect(ErrorBodySchema.parse(bare.json()).issues?.[0]?.path).toBe('reason')
    const res = await put(t.admin, task.id, { status: 'task_completed', reason: 'Settled in person at the office' })
    expect(res.statusCode).toBe(200)
    const wf = await t.app.inject({ method: 'GET', url: `/api/workflow/${task.id}`, headers: bearer(t.admin) })
    expect(WorkflowResponseSchema.parse(wf.json()).workflows.at(-1)).toMatchObject({
      status: 'task_completed',
      notes: 'Settled in person at the office',
    })
  })

  it('an admin bringing back a cancelled task brings back its assignment, unless the slot was taken', async () => {
    const date = '2032-03-03'
    const first = await createTask(t, { workerId: t.otherWorkerId, date, start: '10:00', end: '12:00' })
    expect((await put(t.operator, first.task.id, { status: 'cancelled' })).statusCode).toBe(200)
    const revived = await put(t.admin, first.task.id, { status: 'assigned', reason: 'Customer called back' })
    expect(revived.statusCode).toBe(200)
    // The slot is held again: a second booking on it would clash.
    await expect(createTask(t, { workerId: t.otherWorkerId, date, start: '11:00', end: '12:00' })).rejects.toThrow()

    expect((await put(t.operator, first.task.id, { status: 'cancelled' })).statusCode).toBe(200)
    await createTask(t, { workerId: t.otherWorkerId, date, start: '11:00', end: '12:00' })
    const clash = await put(t.admin, first.task.id, { status: 'assigned', reason: 'Customer called back again' })
    expect(clash.statusCode).toBe(409)
    expect(clash.json()).toMatchObject({ code: 'DOUBLE_BOOKING' })
  })

  it.each([
    ['an unknown status', { status: 'done' }],
    ['no status', {}],
    ['an extra field', { status: 'work_inprogress', hack: true }],
  ])('refuses %s with 400', async (_, body) => {
    const { task } = await createTask(t, { workerId: t.otherWorkerId, start: '17:00', end: '18:00' })
    const res = await put(t.operator, task.id, body)
    expect(res.statusCode).toBe(400)
  })

  it('an unknown task is a 404', async () => {
    expect((await put(t.operator, 987654, { status: 'work_inprogress' })).statusCode).toBe(404)
    const wf = await t.app.inject({ method: 'GET', url: '/api/workflow/987654', headers: bearer(t.operator) })
    expect(wf.statusCode).toBe(404)
  })

  it('20 simultaneous changes from one status: exactly one applies, with one workflow record', async () => {
    const { task } = await createTask(t, { workerId: t.otherWorkerId, date: '2030-02-02' })
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => put(t.operator, task.id, { status: 'work_inprogress' })),
    )
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1)
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19)
    const wf = await t.app.inject({ method: 'GET', url: `/api/workflow/${task.id}`, headers: bearer(t.operator) })
    expect(
      WorkflowResponseSchema.parse(wf.json()).workflows.filter((w) => w.status === 'work_inprogress'),
    ).toHaveLength(1)
  })
})
