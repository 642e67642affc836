import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../api-client'
import {
  clearOutbox,
  defineOutboxKind,
  dismissOutboxItem,
  flushOutbox,
  outboxItems,
  refusalError,
  resetOutboxForTests,
} from './outbox'

const offline = () => new ApiError({ kind: 'network', status: 0, message: 'No Server Response' })
const refused = () =>
  new ApiError({ kind: 'http', status: 409, code: 'CONFLICT', message: 'The task was cancelled', details: { a: 1 } })

beforeEach(async () => {
  await resetOutboxForTests()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the outbox', () => {
  it('keeps an action on the device and sends it with its own id as the Idempotency-Key', async () => {
    const send = vi.fn(async (payload: { n: number }, key: string) => ({ ok: payload.n, key }))
    const kind = defineOutboxKind('test-send', { send })
    const item = await kind.add('ravi', 7, { n: 1 })
    await flushOutbox()
    expect(send).toHaveBeenCalledWith({ n: 1 }, item.id)
    expect(item.id).toMatch(/^[A-Za-z0-9_-]{8,128}$/)
    expect(await outboxItems('ravi')).toEqual([])
  })

  it('keeps everything when there is no network, and sends each once when it returns, oldest first', async () => {
    let online = false
    const sent: string[] = []
    const kind = defineOutboxKind<{ step: string }, void>('test-order', {
      send: async ({ step }) => {
        if (!online) throw offline()
        sent.push(step)
      },
    })
    await kind.add('ravi', 7, { step: 'start' })
    await kind.add('ravi', 7, { step: 'complete' })
    await flushOutbox()
    const waiting = await outboxItems('ravi')
    expect(waiting.map((i) => [i.payload, i.state])).toEqual([
      [{ step: 'start' }, 'waiting'],
      [{ step: 'complete' }, 'waiting'],
    ])
    online = true
    await flushOutbox()
    await flushOutbox()
    expect(sent).toEqual(['start', 'complete'])
    expect(await outboxItems('ravi')).toEqual([])
  })

  it('keeps a refusal with its reason until it is dismissed, and goes on with the rest', async () => {
    const onRefused = vi.fn()
    const kind = defineOutboxKind<{ n: number }, void>('test-refuse', {
      send: async ({ n }) => {
        if (n === 1) throw refused()
      },
      onRefused,
    })
    await kind.add('ravi', 1, { n: 1 })
    await kind.add('ravi', 2, { n: 2 })
    await flushOutbox()
    const [item, ...rest] = await outboxItems('ravi')
    expect(rest).toEqual([])
    expect(item?.state).toBe('refused')
    expect(item?.refusal).toMatchObject({ status: 409, code: 'CONFLICT', message: 'The task was cancelled' })
    expect(onRefused).toHaveBeenCalledTimes(1)
    const error = refusalError(item!.refusal!)
    expect(error).toBeInstanceOf(ApiError)
    expect([error.status, error.code, error.details]).toEqual([409, 'CONFLICT', { a: 1 }])
    await dismissOutboxItem(item!.id)
    expect(await outboxItems('ravi')).toEqual([])
  })

  it('keeps the answer when its kind asks (a request’s reference)', async () => {
    const kind = defineOutboxKind('test-keep', { send: async () => ({ reference: 'TW-12' }), keepWhenSent: true })
    await kind.add('sita', 'request', { text: 'leak' })
    await flushOutbox()
    const [item] = await outboxItems('sita')
    expect(item).toMatchObject({ state: 'sent', result: { reference: 'TW-12' } })
  })

  it('holds a subject’s later items while an earlier one cannot go yet (its sender is not loaded)', async () => {
    const later = vi.fn(async () => undefined)
    const first = defineOutboxKind('test-unloaded', { send: async () => undefined })
    await first.add('ravi', 9, {})
    // The first kind's sender "goes away" (as if its screen's code was not loaded on this visit).
    const queued = await outboxItems('ravi')
    await resetOutboxForTests()
    const { set, createStore } = await import('idb-keyval')
    await set(queued[0]!.id, { ...queued[0]!, kind: 'not-loaded' }, createStore('townworks-outbox', 'items'))
    const second = defineOutboxKind('test-later', { send: later })
    await second.add('ravi', 9, {})
    await second.add('ravi', 10, {})
    await flushOutbox()
    expect(later).toHaveBeenCalledTimes(1)
    expect((await outboxItems('ravi')).map((i) => i.subject)).toEqual(['9', '9'])
  })

  it('forgets only the signed-out person’s items', async () => {
    const kind = defineOutboxKind('test-owner', {
      send: async () => {
        throw offline()
      },
    })
    await kind.add('ravi', 1, {})
    await kind.add('sita', 1, {})
    await flushOutbox()
    await clearOutbox('ravi')
    expect((await outboxItems()).map((i) => i.owner)).toEqual(['sita'])
  })

  it('keeps two actions taken in the same millisecond in the order they were taken', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_000)
    const kind = defineOutboxKind('test-same-ms', {
      send: async () => {
        throw offline()
      },
    })
    for (const n of [1, 2, 3, 4, 5, 6]) await kind.add('ravi', 7, { n })
    vi.restoreAllMocks()
    expect((await outboxItems('ravi')).map((i) => (i.payload as { n: number }).n)).toEqual([1, 2, 3, 4, 5, 6])
  })

  it('holds a subject’s later items behind a refusal until it is dismissed or sent again changed', async () => {
    const sent: string[] = []
    const kind = defineOutboxKind<{ step: string; code?: string }, void>('test-hold', {
      send: async ({ step, code }) => {
        if (step === 'start' && code !== '4821') throw refused()
        sent.push(step)
      },
    })
    const start = await kind.add('ravi', 7, { step: 'start', code: '1111' })
    await kind.add('ravi', 7, { step: 'complete' })
    await kind.add('ravi', 8, { step: 'other job' })
    await flushOutbox()
    await flushOutbox()
    // The complete waits behind the refused start; another job goes on.
    expect(sent).toEqual(['other job'])
    expect((await outboxItems('ravi')).map((i) => i.state)).toEqual(['refused', 'waiting'])
    // The code typed again: the start keeps its place, with a new key, and the complete follows it.
    const again = await kind.retry(start, { step: 'start', code: '4821' })
    expect(again.id).not.toBe(start.id)
    await flushOutbox()
    await flushOutbox()
    expect(sent).toEqual(['other job', 'start', 'complete'])
    expect(await outboxItems('ravi')).toEqual([])
  })
})
