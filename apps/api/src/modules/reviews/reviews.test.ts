import {
  MyRequestsResponseSchema,
  SkilledWorkersResponseSchema,
  WorkerProfileResponseSchema,
  WorkerSuggestionsResponseSchema,
  type TaskStatus,
} from '@townworks/contract'
import { RATING_EDIT_DAYS } from '@townworks/contract/constants'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { bearer, loginAs, type Session } from '../../../test/auth-helpers'
import { createTask, createWorker, officeApp } from '../../../test/fixtures'
import { assignments, serviceRequests, taskRatings, tasks } from '../../db/schema'

describe('ratings and reviews (issue 21)', () => {
  const t = officeApp({ town: 'Armoor', workerName: 'Ravi Kumar' })

  const send = (s: Session | null, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: s ? bearer(s) : {}, ...(payload ? { payload } : {}) })

  /** A task of the cast's customer (their request, named "Lakshmi Devi"), in a status. */
  async function customersTask(status: TaskStatus, workerId = t.workerId) {
    const { task } = await createTask(t, { workerId, status, customerUserId: t.customer.user.id })
    await t.database.db
      .update(serviceRequests)
      .set({ name: 'Lakshmi Devi' })
      .where(eq(serviceRequests.id, task.requestId!))
    return task.id
  }
  const rate = (s: Session, taskId: number, body: object) => send(s, 'PUT', `/api/tasks/${taskId}/rating`, body)
  const profile = async (workerId: number, s: Session | null = null) => {
    const res = await send(s, 'GET', `/api/workers/${workerId}/profile`)
    expect(res.statusCode, res.body).toBe(200)
    return WorkerProfileResponseSchema.parse(res.json()).profile
  }

  it('only the task’s own customer rates, only once it is paid or closed', async () => {
    const open = await customersTask('work_completed')
    const res = await rate(t.customer, open, { stars: 5 })
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('RATING_NOT_OPEN')

    const paid = await customersTask('payment_received')
    const stranger = await loginAs(t, 'customer')
    expect((await rate(stranger, paid, { stars: 1, review: 'Bad' })).statusCode).toBe(404)
    expect((await rate(t.worker, paid, { stars: 5 })).statusCode).toBe(403)
    expect((await rate(t.operator, paid, { stars: 5 })).statusCode).toBe(403)
    expect((await rate(t.customer, 987_654, { stars: 5 })).statusCode).toBe(404)
    expect(await t.database.db.select().from(taskRatings).where(eq(taskRatings.taskId, paid))).toEqual([])

    const ok = await rate(t.customer, paid, { stars: 4, review: '  On time, clean work.  ' })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json().rating).toMatchObject({ stars: 4, review: 'On time, clean work.' })
    const [row] = await t.database.db.select().from(taskRatings).where(eq(taskRatings.taskId, paid))
    expect(row).toMatchObject({ workerId: t.workerId, customerUserId: t.customer.user.id, stars: 4 })
  })

  it(`a rating is one per task, changeable for ${RATING_EDIT_DAYS} days, then fixed`, async () => {
    const taskId = await customersTask('task_completed')
    expect((await rate(t.customer, taskId, { stars: 2 })).statusCode).toBe(200)
    const changed = await rate(t.customer, taskId, { stars: 5, review: 'He came back and fixed it' })
    expect(changed.statusCode).toBe(200)
    const rows = await t.database.db.select().from(taskRatings).where(eq(taskRatings.taskId, taskId))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ stars: 5, review: 'He came back and fixed it' })

    // My requests shows the rating and that it may still change.
    const mine = MyRequestsResponseSchema.parse((await send(t.customer, 'GET', '/api/my/requests')).json())
    const task = mine.requests.find((r) => r.task?.id === taskId)!.task!
    expect(task).toMatchObject({ rating: { stars: 5 }, can_rate: true })

    await t.database.db
      .update(taskRatings)
      .set({ createdAt: sql`now() - make_interval(days => ${RATING_EDIT_DAYS + 1})` })
      .where(eq(taskRatings.taskId, taskId))
    const late = await rate(t.customer, taskId, { stars: 1 })
    expect(late.statusCode).toBe(409)
    expect(late.json().code).toBe('RATING_NOT_OPEN')
    const [kept] = await t.database.db.select().from(taskRatings).where(eq(taskRatings.taskId, taskId))
    expect(kept!.stars).toBe(5)
    const after = MyRequestsResponseSchema.parse((await send(t.customer, 'GET', '/api/my/requests')).json())
    expect(after.requests.find((r) => r.task?.id === taskId)!.task!.can_rate).toBe(false)
  })

  it('bad ratings are 400s that store nothing', async () => {
    const taskId = await customersTask('payment_received')
    for (const body of [
      {},
      { stars: 0 },
      { stars: 6 },
      { stars: 4.5 },
      { stars: '5' },
      { stars: 5, review: 'x'.repeat(501) },
      { stars: 5, review: 'bad\u0000text' },
      { stars: 5, extra: true },
    ]) {
      const res = await rate(t.customer, taskId, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
    }
    expect(await t.database.db.select().from(taskRatings).where(eq(taskRatings.taskId, taskId))).toEqual([])
  })

  it('the profile shows the rating, jobs done and reviews by first name and town; staff hide a review, kept', async () => {
    const worker = await createWorker(t, { name: 'Mohan Rao', town: 'Armoor', pricePaise: 50_000 })
    const first = await customersTask('payment_received', worker.id)
    const second = await customersTask('task_completed', worker.id)
    await customersTask('work_inprogress', worker.id)
    expect((await rate(t.customer, first, { stars: 5, review: 'Excellent' })).statusCode).toBe(200)
    expect(
      (await rate(t.customer, second, { stars: 2, review: 'Rude and late, call me on 9848012345' })).statusCode,
    ).toBe(200)

    const shown = await profile(worker.id)
    expect(shown).toMatchObject({
      worker_id: worker.id,
      name: 'Mohan Rao',
      town: 'Armoor',
      rating_avg: 3.5,
      rating_count: 2,
      jobs_done: 2,
      services: [{ service_name: 'Plumber', price_paise: 50_000 }],
    })
    expect(shown.reviews.map((r) => [r.stars, r.customer_first_name, r.town])).toEqual([
      [2, 'Lakshmi', 'Armoor'],
      [5, 'Lakshmi', 'Armoor'],
    ])
    expect(JSON.stringify(shown)).not.toMatch(/Devi|\+91|phone/)

    // A worker may not hide reviews; a reason is needed; staff hide it, and it is kept.
    expect(
      (await send(t.worker, 'PUT', `/api/tasks/${second}/rating/hidden`, { reason: 'Has a phone number' })).statusCode,
    ).toBe(403)
    expect((await send(t.operator, 'PUT', `/api/tasks/${second}/rating/hidden`, { reason: '' })).statusCode).toBe(400)
    const hide = await send(t.operator, 'PUT', `/api/tasks/${second}/rating/hidden`, { reason: 'Has a phone number' })
    expect(hide.statusCode, hide.body).toBe(200)
    const after = await profile(worker.id)
    expect(after).toMatchObject({ rating_avg: 5, rating_count: 1 })
    expect(after.reviews.map((r) => r.stars)).toEqual([5])
    const staffView = await profile(worker.id, t.operator)
    expect(staffView.reviews.find((r) => r.task_id === second)?.hidden).toMatchObject({ reason: 'Has a phone number' })
    expect((await t.database.db.select().from(taskRatings).where(eq(taskRatings.taskId, second))).length).toBe(1)
    expect(
      (await send(t.operator, 'PUT', `/api/tasks/987654/rating/hidden`, { reason: 'Nothing here' })).statusCode,
    ).toBe(404)

    // Hidden by mistake: staff show it again, and it counts again; a worker or customer may not.
    expect((await send(t.worker, 'DELETE', `/api/tasks/${second}/rating/hidden`)).statusCode).toBe(403)
    expect((await send(t.customer, 'DELETE', `/api/tasks/${second}/rating/hidden`)).statusCode).toBe(403)
    const shownAgain = await send(t.operator, 'DELETE', `/api/tasks/${second}/rating/hidden`)
    expect(shownAgain.statusCode, shownAgain.body).toBe(200)
    const again = await profile(worker.id)
    expect(again.rating_count).toBe(2)
    expect(again.reviews.map((r) => r.task_id)).toContain(second)
    expect((await profile(worker.id, t.operator)).reviews.find((r) => r.task_id === second)?.hidden ?? null).toBeNull()
    expect((await send(t.operator, 'DELETE', `/api/tasks/987654/rating/hidden`)).statusCode).toBe(404)
    expect((await send(null, 'GET', '/api/workers/987654/profile')).statusCode).toBe(404)
  })

  it('the customer’s card, /swl and the picker carry the standing; the picker sorts by rating', async () => {
    const star = await createWorker(t, { name: 'Anil Star', town: 'Armoor' })
    const rated = await customersTask('payment_received', star.id)
    expect((await rate(t.customer, rated, { stars: 5 })).statusCode).toBe(200)

    const swl = SkilledWorkersResponseSchema.parse((await send(null, 'GET', '/api/skilledworker')).json())
    expect(swl.skilledworkers.find((w) => w.worker_id === star.id)).toMatchObject({
      rating_avg: 5,
      rating_count: 1,
      jobs_done: 1,
    })

    const upcoming = await customersTask('assigned', star.id)
    const mine = MyRequestsResponseSchema.parse((await send(t.customer, 'GET', '/api/my/requests')).json())
    expect(mine.requests.find((r) => r.task?.id === upcoming)!.task!.worker).toMatchObject({
      worker_id: star.id,
      name: 'Anil Star',
      rating_avg: 5,
      rating_count: 1,
      jobs_done: 1,
    })

    const [slot] = await t.database.db
      .select({ date: assignments.assignmentDate })
      .from(assignments)
      .innerJoin(tasks, eq(tasks.id, assignments.taskId))
      .where(eq(tasks.id, rated))
    const query = `service=Plumber&town=Armoor&date=${slot!.date}&startTime=14:00&endTime=15:00`
    const byRating = WorkerSuggestionsResponseSchema.parse(
      (await send(t.operator, 'GET', `/api/workers/suggestions?${query}&sort=rating`)).json(),
    ).workers
    expect(byRating[0]!.worker_id).toBe(star.id)
    const ratings = byRating.map((w) => w.rating_avg ?? -1)
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a))
    expect((await send(t.operator, 'GET', `/api/workers/suggestions?${query}&sort=stars`)).statusCode).toBe(400)
  })
})
