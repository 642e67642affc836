import { createStore, del, entries, set, clear, type UseStore } from 'idb-keyval'
import { useMemo, useSyncExternalStore } from 'react'
import type { FieldIssue } from '@townworks/contract'
import { ApiError, type ApiErrorKind } from '../api-client'
import { newIdempotencyKey } from '../idempotency-key'

/**
 * The outbox (issue 23, decision 066): what a worker or a customer did while the phone had no signal,
 * kept on the device (IndexedDB, so a closed app or a restarted phone loses nothing) and sent when the
 * network returns, oldest first. Each item's id is the Idempotency-Key of its call: a retry after a lost
 * answer is applied once by the server. A refusal (the office cancelled the task meanwhile) is kept with
 * its reason until the person has seen it; a success is removed, or kept with its answer when the screen
 * must show it (a request's reference).
 *
 * Features say how to send each kind (`defineOutboxKind`); the outbox never knows a feature's calls.
 */

export type OutboxState = 'waiting' | 'sending' | 'refused' | 'sent'

/** A refusal as the server gave it, kept in IndexedDB (an ApiError does not survive structured cloning). */
export interface OutboxRefusal {
  kind: ApiErrorKind
  status: number
  code?: string | undefined
  message: string
  details?: Record<string, unknown> | undefined
  /** The fields the server named (a request's town no longer offered): the form marks them again. */
  issues?: readonly FieldIssue[] | undefined
}

export interface OutboxItem<P = unknown, R = unknown> {
  /** Unique, and the Idempotency-Key of the call. */
  id: string
  /** Who did it (the session's user): another person signed in on this phone never sees or sends it. */
  owner: string
  kind: string
  /** What it is about (a task id): a screen shows the items of its subject; one subject's items go in order. */
  subject: string
  payload: P
  createdAt: number
  state: OutboxState
  attempts: number
  refusal?: OutboxRefusal | undefined
  /** The server's answer, when the kind keeps it (`keepWhenSent`). */
  result?: R | undefined
}

export interface OutboxKind<P, R> {
  /** Send it with this Idempotency-Key; reject with the client's ApiError. */
  send: (payload: P, idempotencyKey: string) => Promise<R>
  /** Keep the item, with the answer, once sent (until `dismiss`): its screen shows the answer. */
  keepWhenSent?: boolean
  /** Told after each success, e.g. to read the subject's data again. */
  onSent?: (item: OutboxItem<P, R>, result: R) => void
  /** Told after a refusal. */
  onRefused?: (item: OutboxItem<P, R>) => void
}

// ——— storage ———

let store: UseStore | undefined
function outboxStore(): UseStore {
  store ??= createStore('townworks-outbox', 'items')
  return store
}

// ——— state in memory, mirrored from IndexedDB ———

let items: OutboxItem[] = []
let loaded: Promise<void> | undefined
const listeners = new Set<() => void>()
const kinds = new Map<string, OutboxKind<unknown, unknown>>()

function emit() {
  items = [...items].sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id))
  for (const listener of listeners) listener()
}

/** Read what IndexedDB holds (once; again when another tab says it changed). */
function load(force = false): Promise<void> {
  if (!loaded || force) {
    // Through a promise: without IndexedDB, idb-keyval throws at once rather than rejecting.
    loaded = Promise.resolve()
      .then(() => entries<string, OutboxItem>(outboxStore()))
      .then((rows) => {
        items = rows.map(([, item]) => item)
        emit()
      })
      .catch(() => {
        // No IndexedDB (a private window of an old browser): the outbox lives in memory only.
      })
  }
  return loaded
}

const channel: BroadcastChannel | undefined =
  typeof BroadcastChannel === 'function' ? new BroadcastChannel('townworks-outbox') : undefined
channel?.addEventListener('message', () => void load(true))

async function save(item: OutboxItem) {
  items = [...items.filter((i) => i.id !== item.id), item]
  emit()
  try {
    await set(item.id, item, outboxStore())
  } catch {
    // No IndexedDB (or a full disk): the item lives in memory, for this page only.
  } finally {
    channel?.postMessage('changed')
  }
}

async function remove(id: string) {
  items = items.filter((i) => i.id !== id)
  emit()
  try {
    await del(id, outboxStore())
  } catch {
    // No IndexedDB: it was in memory only.
  } finally {
    channel?.postMessage('changed')
  }
}

// ——— the public API ———

/**
 * The order of the items: strictly increasing, so two actions taken in the same millisecond (a start and
 * the complete queued at once) keep their order, which the ids' random text would otherwise decide.
 */
let lastCreatedAt = 0
function nextCreatedAt(): number {
  lastCreatedAt = Math.max(Date.now(), lastCreatedAt + 1, ...items.map((i) => i.createdAt + 1))
  return lastCreatedAt
}

/** Say how a kind is sent. Call at module level of the feature that queues it. */
export function defineOutboxKind<P, R>(kind: string, definition: OutboxKind<P, R>) {
  kinds.set(kind, definition as OutboxKind<unknown, unknown>)
  // Items of this kind may have waited for their sender (the app opened on another screen).
  void flushOutbox()
  return {
    /** Keep it on the device and try to send it at once. Resolves when it is safely stored. */
    async add(owner: string, subject: string | number, payload: P, id: string = newIdempotencyKey('ob')) {
      await load()
      const item: OutboxItem<P, R> = {
        id,
        owner,
        kind,
        subject: String(subject),
        payload,
        createdAt: nextCreatedAt(),
        state: 'waiting',
        attempts: 0,
      }
      await save(item)
      void flushOutbox()
      return item
    },
    /**
     * Send it again, changed (a start code typed again after a refusal): the item keeps its place in its
     * subject's order, with a new id (a new Idempotency-Key: the server keeps its answer to the old one).
     */
    async retry(previous: Pick<OutboxItem, 'id'>, payload: P) {
      await load()
      const old = items.find((i) => i.id === previous.id)
      if (!old) throw new Error('outbox: no such item')
      const item: OutboxItem<P, R> = {
        ...(old as OutboxItem<P, R>),
        id: newIdempotencyKey('ob'),
        payload,
        state: 'waiting',
        attempts: 0,
        refusal: undefined,
      }
      items = items.filter((i) => i.id !== old.id)
      await del(old.id, outboxStore()).catch(() => undefined)
      await save(item)
      void flushOutbox()
      return item
    },
  }
}

/** The person has seen a refusal or an answer: it leaves the outbox. */
export async function dismissOutboxItem(id: string): Promise<void> {
  await remove(id)
  // What its refusal held back (its subject's later items) may go now.
  void flushOutbox()
}

/** Sign-out on this phone: that person's items go (another person may use the phone next). */
export async function clearOutbox(owner: string): Promise<void> {
  await load()
  const mine = items.filter((i) => i.owner === owner)
  await Promise.all(mine.map((i) => remove(i.id)))
}

/** Everything, for tests. */
export async function resetOutboxForTests(): Promise<void> {
  items = []
  loaded = undefined
  kinds.clear()
  flushing = undefined
  await Promise.resolve()
    .then(() => clear(outboxStore()))
    .catch(() => undefined)
  emit()
}

/** The items of one person (and of one kind or subject), oldest first; re-renders when they change. */
export function useOutbox(owner: string | undefined, filter: { kind?: string; subject?: string | number } = {}) {
  const snapshot = useSyncExternalStore(subscribe, getItems, getItems)
  const { kind, subject } = filter
  return useMemo(
    () =>
      snapshot.filter(
        (i) =>
          i.owner === owner &&
          (kind === undefined || i.kind === kind) &&
          (subject === undefined || i.subject === String(subject)),
      ),
    [snapshot, owner, kind, subject],
  )
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  void load()
  return () => listeners.delete(listener)
}

function getItems() {
  return items
}

/** The items as they are now (tests, and code outside React). */
export async function outboxItems(owner?: string): Promise<OutboxItem[]> {
  await load()
  return items.filter((i) => owner === undefined || i.owner === owner)
}

// ——— sending ———

let flushing: Promise<void> | undefined
let flushAgain = false
let retryTimer: ReturnType<typeof setTimeout> | undefined
const RETRY_MIN_MS = 5_000
const RETRY_MAX_MS = 60_000
let retryDelay = RETRY_MIN_MS

/** An answer that a later try may change: no answer, a server fault, "too many", a session to renew. */
function worthRetrying(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true
  if (error.kind !== 'http') return error.kind === 'network'
  return error.status >= 500 || error.status === 429 || error.status === 401 || error.status === 408
}

function refusalOf(error: unknown): OutboxRefusal {
  if (error instanceof ApiError) {
    return {
      kind: error.kind,
      status: error.status,
      code: error.code,
      message: error.message,
      details: { ...error.details },
      ...(error.issues.length > 0 && { issues: error.issues.map((issue) => ({ ...issue })) }),
    }
  }
  return { kind: 'invalid-response', status: 0, message: error instanceof Error ? error.message : String(error) }
}

/** The refusal as the client's error again, for the shared error words (describeApiError). */
export function refusalError(refusal: OutboxRefusal): ApiError {
  return new ApiError({
    kind: refusal.kind,
    status: refusal.status,
    message: refusal.message,
    code: refusal.code as ApiError['code'],
    details: refusal.details,
    issues: refusal.issues,
  })
}

/**
 * Send what waits, oldest first, one at a time (one tab at a time, by a Web Lock where there is one).
 * A subject whose item could not go yet (no sender loaded, or no network) holds back its later items;
 * no network stops the round and tries again later (and at once when the browser says it is online).
 */
export function flushOutbox(): Promise<void> {
  if (flushing) {
    // Asked again while a round runs (an item added meanwhile): one more round follows it.
    flushAgain = true
    return flushing
  }
  flushing = (async () => {
    do {
      flushAgain = false
      await runExclusive(flushRound)
    } while (flushAgain)
  })().finally(() => {
    flushing = undefined
  })
  return flushing
}

function runExclusive(round: () => Promise<boolean>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
  const run = async () => {
    const again = await round()
    scheduleRetry(again)
  }
  return locks ? locks.request('townworks-outbox', run).then(() => undefined) : run()
}

/** One pass; true when something is left to try later. */
async function flushRound(): Promise<boolean> {
  await load(true)
  const held = new Set<string>()
  const refusedSubjects = new Set<string>()
  let left = false
  for (const item of items) {
    const key = `${item.owner} ${item.subject}`
    // A refusal holds its subject's later items until the person has seen it (dismissed, or sent again
    // changed; both flush again): a start refused for a wrong code must not let the "completed" queued
    // behind it go first.
    if (item.state === 'refused') refusedSubjects.add(key)
    if (item.state !== 'waiting' && item.state !== 'sending') continue
    if (refusedSubjects.has(key)) continue
    const kind = kinds.get(item.kind)
    if (held.has(key) || !kind) {
      held.add(key)
      left = true
      continue
    }
    await save({ ...item, state: 'sending', attempts: item.attempts + 1 })
    try {
      const result = await kind.send(item.payload, item.id)
      if (kind.keepWhenSent) await save({ ...item, state: 'sent', result, attempts: item.attempts + 1 })
      else await remove(item.id)
      kind.onSent?.(item, result)
    } catch (error) {
      if (worthRetrying(error)) {
        await save({ ...item, state: 'waiting', attempts: item.attempts + 1 })
        // No network (or the server is down): the rest will fail the same way; try later.
        if (!(error instanceof ApiError) || error.kind === 'network' || error.status >= 500) return true
        held.add(key)
        left = true
        continue
      }
      const refused = { ...item, state: 'refused' as const, attempts: item.attempts + 1, refusal: refusalOf(error) }
      await save(refused)
      refusedSubjects.add(key)
      kind.onRefused?.(refused)
    }
  }
  return left
}

function scheduleRetry(again: boolean) {
  if (retryTimer) clearTimeout(retryTimer)
  retryTimer = undefined
  if (!again) {
    retryDelay = RETRY_MIN_MS
    return
  }
  retryTimer = setTimeout(() => void flushOutbox(), retryDelay)
  retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS)
}

// The network came back, or the person came back to the app: try at once.
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    retryDelay = RETRY_MIN_MS
    void flushOutbox()
  })
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void flushOutbox()
  })
}
