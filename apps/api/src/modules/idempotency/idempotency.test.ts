import { randomUUID } from 'node:crypto'
import { START_CODE_MAX_TRIES } from '@townworks/contract/constants'
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { bearer, createUser, login, type Session } from '../../../test/auth-helpers'
import { createTask, createWorker, officeApp } from '../../../test/fixtures'
import { idempotentReplies, tasks, taskStartCodes, workflowRecords } from '../../db/schema'
import type { Ctx } from '../../shared/context'
import { answerOnce, REPLIES_KEPT_PER_USER } from './idempotency.service'

// Issue 23 (decision 064): a worker's moves queued on the phone while offline and sent again are made once.

describe('a status move or start sent with an Idempotency-Key is made once', () => {
  const t = officeApp()

  const key = () => randomUUID()
  const move = (s: Session, taskId: number, body: object, k?: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/update-status/${taskId}`,
      headers: { ...bearer(s), ...(k ? { 'idempotency-key': k } : {}) },
      payload: body,
    })
  const start = (s: Session, taskId: number, start_code: string, k?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/tasks/${taskId}/start`,
      headers: { ...bearer(s), ...(k ? { 'idempotency-key': k } : {}) },
      payload: { start_code },
    })
  const job = async (status: 'assigned' | 'work_inprogress' = 'work_inprogress') =>
    (await createTask(t, { workerId: t.workerId, customerUserId: t.customer.user.id, status })).task.id
  const statusOf = async (taskId: number) =>
    (await t.database.db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, taskId)))[0]!.status
  const movesTo = async (taskId: number, status: 'work_completed' | 'work_inprogress') =>
    (
      await t.database.db
        .select()
        .from(workflowRecords)
        .where(and(eq(workflowRecords.taskId, taskId), eq(workflowRecords.status, status)))
    ).length
  const keptFor = async (userId: number) =>
    t.database.db.select().from(idempotentReplies).where(eq(idempotentReplies.userId, userId))
  const finish = { status: 'work_completed', expected_status: 'work_inprogress' }

  it('a retry gets the same answer, marked as replayed, and nothing moves twice', async () => {
    const taskId = await job()
    const k = key()
    const first = await move(t.worker, taskId, finish, k)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.headers['idempotent-replayed']).toBeUndefined()
    const again = await move(t.worker, taskId, finish, k)
    expect(again.statusCode).toBe(200)
    expect(again.body).toBe(first.body)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(await movesTo(taskId, 'work_completed')).toBe(1)
    expect(await statusOf(taskId)).toBe('work_completed')
    // Without the key the same move is refused: the key, not the status guard, answered the retry.
    const plain = await move(t.worker, taskId, finish)
    expect(plain.statusCode).toBe(409)
    expect(plain.json().code).toBe('STALE_STATUS')
  })

  it('the same key with another request is 409 IDEMPOTENCY_KEY_REUSED, and nothing changes', async () => {
    const taskId = await job()
    const k = key()
    expect((await move(t.worker, taskId, finish, k)).statusCode).toBe(200)
    const other = await move(t.worker, taskId, { status: 'work_pending', expected_status: 'work_completed' }, k)
    expect(other.statusCode).toBe(409)
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' })
    // The same body to another task is another request too.
    const otherTask = await job()
    const elsewhere = await move(t.worker, otherTask, finish, k)
    expect(elsewhere.statusCode).toBe(409)
    expect(elsewhere.json().code).toBe('IDEMPOTENCY_KEY_REUSED')
    expect(await statusOf(taskId)).toBe('work_completed')
    expect(await statusOf(otherTask)).toBe('work_inprogress')
    // The earlier spelling of the expected status is another request's body (a client resends its own bytes).
    const spelt = await move(t.worker, taskId, { status: 'work_completed', expectedStatus: 'work_inprogress' }, k)
    expect(spelt.statusCode).toBe(409)
    expect(spelt.json().code).toBe('IDEMPOTENCY_KEY_REUSED')
  })

  it("another user's key never matches: keys are per caller", async () => {
    const mine = await job()
    const k = key()
    expect((await move(t.worker, mine, finish, k)).statusCode).toBe(200)
    // The operator's same key with the worker's very request is answered afresh (the task has moved).
    const operator = await move(t.operator, mine, finish, k)
    expect(operator.statusCode).toBe(409)
    expect(operator.json().code).toBe('STALE_STATUS')
    expect(operator.headers['idempotent-replayed']).toBeUndefined()
    // Another worker's same key on their own job moves it.
    const otherUser = await createUser(t, 'worker')
    const otherWorkerId = (await createWorker(t, { userId: otherUser.id, name: 'Other Keyholder' })).id
    const other = await login(t, otherUser)
    const theirs = (await createTask(t, { workerId: otherWorkerId, status: 'work_inprogress' })).task.id
    const moved = await move(other, theirs, finish, k)
    expect(moved.statusCode, moved.body).toBe(200)
    expect(moved.headers['idempotent-replayed']).toBeUndefined()
    expect(await statusOf(theirs)).toBe('work_completed')
  })

  it('two identical requests at once apply once; both get the one answer', async () => {
    const taskId = await job()
    const k = key()
    const [a, b] = await Promise.all([move(t.worker, taskId, finish, k), move(t.worker, taskId, finish, k)])
    expect([a.statusCode, b.statusCode]).toEqual([200, 200])
    expect(a.body).toBe(b.body)
    expect([a.headers['idempotent-replayed'], b.headers['idempotent-replayed']].filter(Boolean)).toEqual(['true'])
    expect(await movesTo(taskId, 'work_completed')).toBe(1)
  })

  it('a final refusal is kept and replayed; a refusal of who may call is not kept', async () => {
    const taskId = await job()
    const k = key()
    const stale = await move(t.worker, taskId, { status: 'work_completed', expected_status: 'assigned' }, k)
    expect(stale.statusCode).toBe(409)
    expect(stale.json().code).toBe('STALE_STATUS')
    const again = await move(t.worker, taskId, { status: 'work_completed', expected_status: 'assigned' }, k)
    expect(again.statusCode).toBe(409)
    expect(again.body).toBe(stale.body)
    expect(again.headers['idempotent-replayed']).toBe('true')
    // Another worker's task: 403, not kept (who may call is not a fact about the request).
    const strangerUser = await createUser(t, 'worker')
    await createWorker(t, { userId: strangerUser.id, name: 'Stranger' })
    const stranger = await login(t, strangerUser)
    const k2 = key()
    expect((await move(stranger, taskId, finish, k2)).statusCode).toBe(403)
    expect(await keptFor(strangerUser.id)).toEqual([])
    expect(await statusOf(taskId)).toBe('work_inprogress')
  })

  it('a wrong start code replayed is the same refusal and does not use another try', async () => {
    const taskId = await job('assigned')
    await t.database.db.insert(taskStartCodes).values({ taskId, code: '4321' })
    const tries = async () =>
      (await t.database.db.select().from(taskStartCodes).where(eq(taskStartCodes.taskId, taskId)))[0]!.wrongTries
    const k = key()
    const wrong = await start(t.worker, taskId, '1111', k)
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({ code: 'CODE_WRONG', details: { tries_left: START_CODE_MAX_TRIES - 1 } })
    const replay = await start(t.worker, taskId, '1111', k)
    expect(replay.statusCode).toBe(400)
    expect(replay.body).toBe(wrong.body)
    expect(replay.headers['idempotent-replayed']).toBe('true')
    const [x, y] = await Promise.all([start(t.worker, taskId, '1111', k), start(t.worker, taskId, '1111', k)])
    expect([x.body, y.body]).toEqual([wrong.body, wrong.body])
    expect(await tries()).toBe(1)
    // A new try is a new key; the right code under the wrong one's key is another request.
    expect((await start(t.worker, taskId, '2222', key())).json().details.tries_left).toBe(START_CODE_MAX_TRIES - 2)
    expect((await start(t.worker, taskId, '4321', k)).json().code).toBe('IDEMPOTENCY_KEY_REUSED')
    const k2 = key()
    const started = await start(t.worker, taskId, '4321', k2)
    expect(started.statusCode, started.body).toBe(200)
    expect((await start(t.worker, taskId, '4321', k2)).body).toBe(started.body)
    expect(await movesTo(taskId, 'work_inprogress')).toBe(1)
    expect(await tries()).toBe(2)
  })

  it('a kept answer lasts 24 hours: after that the key is free again', async () => {
    const taskId = await job()
    const k = key()
    expect((await move(t.worker, taskId, finish, k)).statusCode).toBe(200)
    await t.database.db
      .update(idempotentReplies)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotentReplies.key, k))
    const later = await move(t.worker, taskId, finish, k)
    expect(later.statusCode).toBe(409)
    expect(later.json().code).toBe('STALE_STATUS')
    expect(later.headers['idempotent-replayed']).toBeUndefined()
    expect((await keptFor(t.worker.user.id)).some((r) => r.key === k && r.statusCode === 409)).toBe(true)
  })

  it('a flood of new keys stops at REPLIES_KEPT_PER_USER (429, nothing moves); replays still answer', async () => {
    const floodUser = await createUser(t, 'worker')
    const floodWorkerId = (await createWorker(t, { userId: floodUser.id, name: 'Flood' })).id
    const flood = await login(t, floodUser)
    const taskId = (await createTask(t, { workerId: floodWorkerId, status: 'work_inprogress' })).task.id
    const k = key()
    const first = await move(flood, taskId, { status: 'work_pending' }, k)
    expect(first.statusCode, first.body).toBe(200)
    await t.database.db.execute(sql`
      insert into idempotent_replies (user_id, endpoint, key, request_hash, status_code, body)
      select ${floodUser.id}, 'PUT /api/update-status/:task_id', 'flood-' || n, 'x', 409, '{}'::json
      from generate_series(1, ${REPLIES_KEPT_PER_USER}) n`)
    const refused = await move(flood, taskId, { status: 'work_inprogress' }, key())
    expect(refused.statusCode).toBe(429)
    expect(refused.json().code).toBe('TOO_MANY_ATTEMPTS')
    expect(await statusOf(taskId)).toBe('work_pending')
    expect((await move(flood, taskId, { status: 'work_pending' }, k)).body).toBe(first.body)
  })

  it('a 5xx keeps nothing and undoes the work; the retry with the same key does the work', async () => {
    const taskId = await job()
    const ctx = { database: t.database, user: t.worker.user, messaging: {} as Ctx['messaging'] }
    const request = { endpoint: 'TEST /boom', key: key(), params: { taskId }, body: null, successStatus: 200 }
    const rename = (name: string) => async (c: Ctx) => {
      await c.database.db.update(tasks).set({ taskName: name }).where(eq(tasks.id, taskId))
      return { name }
    }
    const nameOf = async () =>
      (await t.database.db.select({ name: tasks.taskName }).from(tasks).where(eq(tasks.id, taskId)))[0]!.name
    await expect(
      answerOnce(ctx, request, async (c) => {
        await rename('Half done')(c)
        throw new Error('boom')
      }),
    ).rejects.toThrow('boom')
    expect(await nameOf()).toBe('Fix the tap')
    expect((await keptFor(t.worker.user.id)).filter((r) => r.endpoint === 'TEST /boom')).toEqual([])
    expect(await answerOnce(ctx, request, rename('Done'))).toEqual({ answer: { name: 'Done' }, replayed: false })
    expect(await answerOnce(ctx, request, rename('Again'))).toEqual({ answer: { name: 'Done' }, replayed: true })
    expect(await nameOf()).toBe('Done')
  })

  it('a malformed key is 400 and nothing moves; no key at all still works as before', async () => {
    const taskId = await job()
    const bad = await move(t.worker, taskId, finish, 'short')
    expect(bad.statusCode).toBe(400)
    expect(await statusOf(taskId)).toBe('work_inprogress')
    expect((await move(t.worker, taskId, finish)).statusCode).toBe(200)
  })
})
