import {
  AssignmentTaskResponseSchema,
  AssignmentUpdateResponseSchema,
  ErrorBodySchema,
  TaskDetailsResponseSchema,
  WorkflowResponseSchema,
  type AssignmentForm,
} from '@townworks/contract'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { bearer, type Session } from '../../../test/auth-helpers'
import { createTask, createWorker, officeApp } from '../../../test/fixtures'
import { assignments, tasks, workers } from '../../db/schema'

describe('GET /api/taskdetails and PUT /api/assignmentupdate: the Update Task Assignment form', () => {
  const t = officeApp({ workerName: 'Edit Eshwar', otherName: 'Other Omkar' })

  const details = async (assignmentId: number): Promise<AssignmentForm> => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/taskdetails?assignmentId=${assignmentId}`,
      headers: bearer(t.operator),
    })
    expect(res.statusCode, res.body).toBe(200)
    return TaskDetailsResponseSchema.parse(res.json()).assignmentdetails
  }

  /** What the seed's form sends: what it read, times with ':00', worker_id an integer. */
  const formOf = (d: AssignmentForm, over: object = {}) => ({
    ...d,
    start_time: `${d.start_time}:00`,
    end_time: `${d.end_time}:00`,
    ...over,
  })

  const put = (s: Session | undefined, body: object) =>
    t.app.inject({ method: 'PUT', url: '/api/assignmentupdate', headers: s ? bearer(s) : {}, payload: body })

  const workflowOf = async (taskId: number) =>
    WorkflowResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/workflow/${taskId}`, headers: bearer(t.operator) })).json(),
    ).workflows

  it('GET /api/taskdetails answers one object: dates yyyy-MM-dd, times HH:MM, the task’s status', async () => {
    const { assignment, task } = await createTask(t, {
      workerId: t.workerId,
      date: '2031-05-05',
      start: '09:00',
      end: '10:30',
    })
    expect(await details(assignment.id)).toEqual({
      assignment_id: assignment.id,
      task_id: task.id,
      worker_id: t.workerId,
      task_name: 'Fix the tap',
      service_desc: '',
      assignment_date: '2031-05-05',
      completion_date: null,
      start_time: '09:00',
      end_time: '10:30',
      status: 'assigned',
      service: 'Plumber',
      town: 'Armoor',
    })
  })

  it('GET /api/taskdetails: an unknown assignment is a 404, a bad id a 400', async () => {
    const get = (qs: string) =>
      t.app.inject({ method: 'GET', url: `/api/taskdetails${qs}`, headers: bearer(t.operator) })
    expect((await get('?assignmentId=999999')).statusCode).toBe(404)
    expect((await get('?assignmentId=abc')).statusCode).toBe(400)
    expect((await get('')).statusCode).toBe(400)
  })

  it('saves what the seed’s form sends back and keeps the status; the new time is one history record (issue 20)', async () => {
    const { assignment, task } = await createTask(t, { workerId: t.workerId })
    const d = await details(assignment.id)
    const res = await put(
      t.operator,
      formOf(d, {
        service_desc: 'Bring a new tap',
        start_time: '14:00:00',
        end_time: '15:00:00',
        completion_date: d.assignment_date,
      }),
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(AssignmentUpdateResponseSchema.parse(res.json())).toMatchObject({
      assignment_id: assignment.id,
      status: 'assigned',
    })
    expect(await details(assignment.id)).toMatchObject({
      service_desc: 'Bring a new tap',
      start_time: '14:00',
      end_time: '15:00',
      completion_date: d.assignment_date,
    })
    const history = await workflowOf(task.id)
    expect(history).toHaveLength(2)
    expect(history[1]).toMatchObject({
      status: 'assigned',
      from_status: 'assigned',
      by: t.operator.user.username,
      notes: `Moved: Edit Eshwar ${d.assignment_date} 10:00–12:00 → Edit Eshwar ${d.assignment_date} 14:00–15:00`,
    })
    // A change of notes alone is no move: nothing more in the history.
    expect(
      (await put(t.operator, formOf(await details(assignment.id), { service_desc: 'And a washer' }))).statusCode,
    ).toBe(200)
    expect(await workflowOf(task.id)).toHaveLength(2)
  })

  it('its own slot is not a clash; another assignment’s is a 409 naming it, and nothing changes', async () => {
    const date = '2031-06-02'
    const mine = await createTask(t, { workerId: t.workerId, date, start: '09:00', end: '11:00' })
    const theirs = await createTask(t, { workerId: t.workerId, date, start: '12:00', end: '13:00' })
    const d = await details(mine.assignment.id)
    expect((await put(t.operator, formOf(d, { end_time: '11:30:00' }))).statusCode).toBe(200)
    const res = await put(t.operator, formOf(d, { start_time: '11:00:00', end_time: '12:30:00' }))
    expect(res.statusCode).toBe(409)
    const err = ErrorBodySchema.parse(res.json())
    expect(err.code).toBe('DOUBLE_BOOKING')
    expect(err.message).toContain(`assignment ${theirs.assignment.id}`)
    expect(await details(mine.assignment.id)).toMatchObject({ start_time: '09:00', end_time: '11:30' })
  })

  it('moving to another worker re-checks them: unknown 404, deactivated 409, free 200', async () => {
    const { assignment } = await createTask(t, { workerId: t.workerId })
    const d = await details(assignment.id)
    expect((await put(t.operator, formOf(d, { worker_id: 999_999 }))).statusCode).toBe(404)
    const retired = await createWorker(t, { name: 'Retired Raju' })
    await t.database.db.update(workers).set({ active: false }).where(eq(workers.id, retired.id))
    expect((await put(t.operator, formOf(d, { worker_id: retired.id }))).statusCode).toBe(409)
    const painter = await createWorker(t, { name: 'Paint Pavan', service: 'Painter' })
    const wrong = await put(t.operator, formOf(d, { worker_id: painter.id }))
    expect(wrong.statusCode).toBe(409)
    expect(wrong.json().message).toContain('does not offer this service')
    expect((await put(t.operator, formOf(d, { worker_id: t.otherWorkerId }))).statusCode).toBe(200)
    expect((await details(assignment.id)).worker_id).toBe(t.otherWorkerId)
  })

  it('an open booking whose worker was deactivated since is refused even for a small edit', async () => {
    const w = await createWorker(t, { name: 'Leaving Laxman' })
    const { assignment } = await createTask(t, { workerId: w.id })
    await t.database.db.update(workers).set({ active: false }).where(eq(workers.id, w.id))
    const d = await details(assignment.id)
    expect((await put(t.operator, formOf(d, { service_desc: 'note' }))).statusCode).toBe(409)
  })

  it('a finished job’s record can still be corrected when its booking stays the same', async () => {
    const w = await createWorker(t, { name: 'Done Dasharath' })
    const { assignment } = await createTask(t, { workerId: w.id, status: 'payment_received' })
    await t.database.db.update(workers).set({ active: false }).where(eq(workers.id, w.id))
    const d = await details(assignment.id)
    expect((await put(t.operator, formOf(d, { completion_date: d.assignment_date }))).statusCode).toBe(200)
  })

  it('a status change goes through the machine: one workflow record', async () => {
    const { assignment, task } = await createTask(t, { workerId: t.workerId })
    const d = await details(assignment.id)
    const res = await put(t.operator, formOf(d, { status: 'work_inprogress', expected_status: 'assigned' }))
    expect(res.statusCode, res.body).toBe(200)
    const wf = await workflowOf(task.id)
    expect(wf.map((w) => w.status)).toEqual(['assigned', 'work_inprogress'])
    expect(wf[1]).toMatchObject({ from_status: 'assigned', by: t.operator.user.username })
    const [row] = await t.database.db.select().from(assignments).where(eq(assignments.id, assignment.id))
    expect(row!.status).toBe('work_inprogress')
  })

  it('a transition the machine does not allow is a 409, and the other fields are not saved either', async () => {
    const { assignment, task } = await createTask(t, { workerId: t.workerId })
    const d = await details(assignment.id)
    const res = await put(t.operator, formOf(d, { status: 'task_completed', service_desc: 'should not stay' }))
    expect(res.statusCode).toBe(409)
    expect(ErrorBodySchema.parse(res.json())).toMatchObject({
      code: 'INVALID_TRANSITION',
      details: { current: 'assigned', allowed: ['work_inprogress', 'cancelled'] },
    })
    expect((await details(assignment.id)).service_desc).toBe('')
    expect(await workflowOf(task.id)).toHaveLength(1)
  })

  it('an admin may override with a reason; without one it is a 400', async () => {
    const { assignment, task } = await createTask(t, { workerId: t.workerId })
    const d = await details(assignment.id)
    expect((await put(t.admin, formOf(d, { status: 'work_completed' }))).statusCode).toBe(400)
    const res = await put(t.admin, formOf(d, { status: 'work_completed', reason: 'Finished on the phone' }))
    expect(res.statusCode, res.body).toBe(200)
    expect((await workflowOf(task.id)).at(-1)).toMatchObject({
      status: 'work_completed',
      notes: 'Finished on the phone',
    })
  })

  it('a form loaded before someone else moved the task is refused with 409, not undone', async () => {
    const { assignment, task } = await createTask(t, { workerId: t.workerId })
    const d = await details(assignment.id)
    await t.database.db.update(tasks).set({ status: 'work_inprogress' }).where(eq(tasks.id, task.id))
    const res = await put(t.operator, formOf(d, { expected_status: 'assigned', service_desc: 'late' }))
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'STALE_STATUS', details: { current: 'work_inprogress' } })
    expect((await details(assignment.id)).service_desc).toBe('')
  })

  it('cancelling through the form frees the slot without re-checking the worker', async () => {
    const w = await createWorker(t, { name: 'Cancel Chandu' })
    const date = '2031-07-07'
    const { assignment } = await createTask(t, { workerId: w.id, date, start: '10:00', end: '11:00' })
    await t.database.db.update(workers).set({ active: false }).where(eq(workers.id, w.id))
    const d = await details(assignment.id)
    expect((await put(t.operator, formOf(d, { status: 'cancelled' }))).statusCode).toBe(200)
    const [row] = await t.database.db.select().from(assignments).where(eq(assignments.id, assignment.id))
    expect(row!.status).toBe('cancelled')
  })

  it.each([
    ['worker_id that is not a number', { worker_id: 'abc' }, 'worker_id'],
    ['an end before the start', { start_time: '12:00:00', end_time: '11:00:00' }, 'end_time'],
    ['a completion before the day', { completion_date: '2020-01-01' }, 'completion_date'],
    ['a bad date', { assignment_date: '07/07/2031' }, 'assignment_date'],
    ['a status that does not exist', { status: 'finished' }, 'status'],
    ['another task id', { task_id: 999_999 }, 'task_id'],
  ])('%s is a 400 naming the field, and nothing changes', async (_label, over, field) => {
    const { assignment } = await createTask(t, { workerId: t.workerId })
    const d = await details(assignment.id)
    const res = await put(t.operator, formOf(d, { service_desc: 'changed', ...over }))
    expect(res.statusCode, res.body).toBe(400)
    expect(ErrorBodySchema.parse(res.json()).issues?.map((i) => i.path)).toContain(field)
    expect(await details(assignment.id)).toEqual(d)
  })

  it('an unknown assignment is a 404', async () => {
    const { assignment } = await createTask(t, { workerId: t.workerId })
    const d = await details(assignment.id)
    expect((await put(t.operator, formOf(d, { assignment_id: 999_999, task_id: undefined }))).statusCode).toBe(404)
  })

  it('needs a staff login: 401 without, 403 for customers and workers', async () => {
    const { assignment } = await createTask(t, { workerId: t.workerId })
    const d = await details(assignment.id)
    expect((await put(undefined, formOf(d))).statusCode).toBe(401)
    expect((await put(t.customer, formOf(d))).statusCode).toBe(403)
    // The assignment's own worker too.
    expect((await put(t.worker, formOf(d))).statusCode).toBe(403)
  })

  it('GET /api/task-details/{assignment_id} answers task_name, task_id and status at the top level', async () => {
    const { assignment, task } = await createTask(t, { workerId: t.workerId, status: 'work_pending' })
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/task-details/${assignment.id}`,
      headers: bearer(t.operator),
    })
    expect(res.statusCode).toBe(200)
    expect(AssignmentTaskResponseSchema.parse(res.json())).toEqual({
      task_name: 'Fix the tap',
      task_id: task.id,
      status: 'work_pending',
    })
    const missing = await t.app.inject({ method: 'GET', url: '/api/task-details/999999', headers: bearer(t.operator) })
    expect(missing.statusCode).toBe(404)
    const bad = await t.app.inject({ method: 'GET', url: '/api/task-details/abc', headers: bearer(t.operator) })
    expect(bad.statusCode).toBe(400)
  })
})
