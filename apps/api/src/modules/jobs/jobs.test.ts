import {
  AssignmentDetailsResponseSchema,
  ErrorBodySchema,
  JobResponseSchema,
  JobSummariesResponseSchema,
  MyJobsResponseSchema,
  MyRequestsResponseSchema,
  OwedResponseSchema,
  requestReference,
} from '@townworks/contract'
import { describe, expect, it } from 'vitest'
import { bearer, type Session } from '../../../test/auth-helpers'
import { officeApp, startWithCustomerCode, weekdaysAhead } from '../../../test/fixtures'

/** A distinct Monday-to-Saturday date some weeks ahead per call. */
const weekday = weekdaysAhead(40)

describe('the job page, the pickers and My jobs (issue 17)', () => {
  const t = officeApp({ town: 'Nirmal', otherPricePaise: 30_000 })

  const get = (s: Session | undefined, url: string) => t.app.inject({ method: 'GET', url, headers: s ? bearer(s) : {} })
  const send = (s: Session, method: 'POST' | 'PUT', url: string, payload: object, headers: object = {}) =>
    t.app.inject({ method, url, headers: { ...bearer(s), ...headers }, payload })

  /** A customer's request, scheduled by the office with a worker: the task id, its request and assignment. */
  async function scheduledJob(opts: { worker?: number; start?: string } = {}) {
    const date = weekday()
    const request = await send(t.customer, 'POST', '/api/servicerequest', {
      name: 'Lakshmi',
      phone: '98480 12345',
      service: 'Plumber',
      service_date: date,
      town: 'Nirmal',
    })
    expect(request.statusCode, request.body).toBeLessThan(300)
    const requestId = request.json().id as number
    const res = await send(t.operator, 'POST', '/api/schedule', {
      taskName: 'Fix the kitchen tap',
      serviceDesc: 'Leaking tap, bring washers',
      workerId: opts.worker ?? t.workerId,
      date,
      startTime: opts.start ?? '10:00',
      endTime: '12:00',
      selectedStatus: '',
      requestId,
    })
    expect(res.statusCode, res.body).toBe(201)
    const { taskId, assignmentId } = res.json() as { taskId: number; assignmentId: number }
    return { taskId, assignmentId, requestId, date }
  }

  const job = async (s: Session, taskId: number) => {
    const res = await get(s, `/api/jobs/${taskId}`)
    expect(res.statusCode, res.body).toBe(200)
    return JobResponseSchema.parse(res.json())
  }

  it('GET /api/jobs/{taskId} answers the task, request, assignment, money, messages and history in one', async () => {
    const { taskId, assignmentId, requestId, date } = await scheduledJob()
    const page = await job(t.operator, taskId)
    expect(page.task).toMatchObject({
      id: taskId,
      reference: requestReference(requestId),
      name: 'Fix the kitchen tap',
      description: 'Leaking tap, bring washers',
      status: 'assigned',
      service: 'Plumber',
      town: 'Nirmal',
      next_statuses: ['work_inprogress', 'cancelled'],
      override_available: false,
    })
    expect(page.request).toMatchObject({
      id: requestId,
      reference: requestReference(requestId),
      customer_name: 'Lakshmi',
      phone: '+919848012345',
      service: 'Plumber',
      town: 'Nirmal',
      service_date: date,
      state: 'scheduled',
      customer_user: t.customer.user.username,
    })
    expect(page.assignment).toMatchObject({
      assignment_id: assignmentId,
      worker_id: t.workerId,
      worker_name: 'Ravi Kumar',
      worker_trades: ['Plumber'],
      worker_town: 'Nirmal',
      date,
      start_time: '10:00:00',
      end_time: '12:00:00',
    })
    expect(page.money).toMatchObject({ price_paise: 45_000, total_paise: 45_000, paid_paise: 0, state: 'unpaid' })
    // floor(45000 × 10%) = 4500 commission: the worker's share is 40500, as Payouts will count it.
    expect(page.money.worker_share_paise).toBe(40_500)
    expect(page.messages.map((m) => m.event)).toEqual(['request_received', 'task_assigned', 'job_assigned'])
    expect(page.messages.slice(1).every((m) => m.task_id === taskId)).toBe(true)
    expect(page.history.map((h) => h.status)).toEqual(['assigned'])
    // An admin is offered the override too.
    expect((await job(t.admin, taskId)).task.override_available).toBe(true)
  })

  it('lists only its own task’s messages, and a rescheduled job’s "moved" messages', async () => {
    const a = await scheduledJob({ start: '08:00' })
    const b = await scheduledJob({ start: '08:00' })
    const details = await get(t.operator, `/api/taskdetails?assignmentId=${a.assignmentId}`)
    const form = details.json().assignmentdetails
    const moved = await send(t.operator, 'PUT', '/api/assignmentupdate', {
      ...form,
      start_time: '13:00:00',
      end_time: '14:00:00',
    })
    expect(moved.statusCode, moved.body).toBe(200)
    const page = await job(t.operator, a.taskId)
    expect(page.messages.map((m) => m.event)).toEqual([
      'request_received',
      'task_assigned',
      'job_assigned',
      'task_moved',
      'job_moved',
    ])
    expect((await job(t.operator, b.taskId)).messages).toHaveLength(3)
  })

  it('an unknown task is a 404, a bad id a 400; only staff may open it', async () => {
    const { taskId } = await scheduledJob()
    expect((await get(t.operator, '/api/jobs/999999')).statusCode).toBe(404)
    expect(ErrorBodySchema.parse((await get(t.operator, '/api/jobs/999999')).json()).code).toBe('NOT_FOUND')
    expect((await get(t.operator, '/api/jobs/0x10')).statusCode).toBe(400)
    expect((await get(t.operator, '/api/jobs/99999999999')).statusCode).toBe(400)
    expect((await get(undefined, `/api/jobs/${taskId}`)).statusCode).toBe(401)
    // The customer's own task and the worker's own job are still staff-only here.
    expect((await get(t.customer, `/api/jobs/${taskId}`)).statusCode).toBe(403)
    expect((await get(t.worker, `/api/jobs/${taskId}`)).statusCode).toBe(403)
  })

  it('pickers: assignments and tasks as a person recognises them, searchable, newest first', async () => {
    const first = await scheduledJob({ worker: t.otherWorkerId })
    const second = await scheduledJob()
    const all = JobSummariesResponseSchema.parse((await get(t.operator, '/api/assignments/summaries')).json())
    expect(all.summaries[0]).toEqual({
      id: second.assignmentId,
      task_id: second.taskId,
      assignment_id: second.assignmentId,
      reference: requestReference(second.requestId),
      task_name: 'Fix the kitchen tap',
      service: 'Plumber',
      town: 'Nirmal',
      date: second.date,
      start_time: '10:00:00',
      worker_id: t.workerId,
      worker_name: 'Ravi Kumar',
      status: 'assigned',
    })
    const ids = all.summaries.map((s) => s.id)
    expect(ids).toEqual([...ids].sort((x, y) => y - x))

    const byWorker = JobSummariesResponseSchema.parse(
      (await get(t.operator, '/api/assignments/summaries?q=srinivas')).json(),
    )
    expect(byWorker.summaries.map((s) => s.id)).toEqual([first.assignmentId])
    const byReference = JobSummariesResponseSchema.parse(
      (await get(t.operator, `/api/tasks/summaries?q=${requestReference(first.requestId)}`)).json(),
    )
    expect(byReference.summaries).toEqual([
      expect.objectContaining({ id: first.taskId, assignment_id: first.assignmentId, worker_name: 'Srinivas Reddy' }),
    ])
    const limited = JobSummariesResponseSchema.parse((await get(t.operator, '/api/tasks/summaries?limit=1')).json())
    expect(limited.summaries).toHaveLength(1)
    // Typed % and _ are plain characters; a search with nothing matching is an empty list.
    const none = JobSummariesResponseSchema.parse((await get(t.operator, '/api/tasks/summaries?q=%25_')).json())
    expect(none.summaries).toEqual([])
    expect((await get(t.operator, '/api/tasks/summaries?limit=500')).statusCode).toBe(400)
    expect((await get(t.customer, '/api/tasks/summaries')).statusCode).toBe(403)
    expect((await get(t.worker, '/api/assignments/summaries')).statusCode).toBe(403)
  })

  it('My jobs carries where to go and what the worker earns, as Payouts counts it', async () => {
    const { taskId } = await scheduledJob()
    const res = await get(t.worker, '/api/my/jobs')
    expect(res.statusCode, res.body).toBe(200)
    const mine = MyJobsResponseSchema.parse(res.json()).jobs.find((j) => j.task_id === taskId)
    expect(mine).toMatchObject({ place: 'Nirmal', earning_paise: 40_500, service_name: 'Plumber' })
  })

  it('after the customer’s payment the job page, My requests, Assignment Details and Payouts agree', async () => {
    const { taskId, requestId, assignmentId } = await scheduledJob()
    const status = async (s: Session, to: string) => {
      const res = await send(s, 'PUT', `/api/update-status/${taskId}`, { status: to })
      expect(res.statusCode, res.body).toBe(200)
    }
    expect(await startWithCustomerCode(t, t.worker, t.customer, taskId)).toBe(200)
    await status(t.worker, 'work_completed')
    await status(t.customer, 'payment_pending')
    const paid = await send(
      t.operator,
      'POST',
      `/api/tasks/${taskId}/payments/manual`,
      { amount_paise: 45_000, method: 'cash', reference: 'receipt 7' },
      { 'idempotency-key': `agree-${taskId}-0001` },
    )
    expect(paid.statusCode, paid.body).toBeLessThan(300)

    const page = await job(t.operator, taskId)
    expect(page.task.status).toBe('payment_received')
    expect(page.money).toMatchObject({ state: 'paid', paid_paise: 45_000, balance_paise: 0, paid_out: false })

    const mine = MyRequestsResponseSchema.parse((await get(t.customer, '/api/my/requests')).json())
    const request = mine.requests.find((r) => r.id === requestId)!
    expect(request.task).toMatchObject({ status: 'payment_received', total_paise: 45_000, money_state: 'paid' })

    const details = AssignmentDetailsResponseSchema.parse(
      (await get(t.operator, `/api/assignmentdetails?q=${encodeURIComponent('Fix the kitchen')}&pageSize=200`)).json(),
    )
    expect(details.assignmentdetails.find((r) => r.assignment_id === assignmentId)?.status).toBe('payment_received')

    const owed = OwedResponseSchema.parse((await get(t.operator, '/api/payouts/owed')).json())
    const owedTask = owed.workers.find((w) => w.worker_id === t.workerId)?.tasks.find((x) => x.task_id === taskId)
    expect(owedTask).toMatchObject({ amount_paise: page.money.worker_share_paise, payment_mismatch: null })

    const myJob = MyJobsResponseSchema.parse((await get(t.worker, '/api/my/jobs')).json()).jobs.find(
      (j) => j.task_id === taskId,
    )
    if (myJob) expect(myJob.earning_paise).toBe(owedTask!.amount_paise)
  })
})
