import { createStore, del, entries, get, set, type UseStore } from 'idb-keyval'
import { useSyncExternalStore } from 'react'
import { ApiError } from '../api-client'

/**
 * A copy on the device of what a person last loaded (issue 23, decision 066): My jobs, My payouts,
 * My requests, the services. When the network is gone, the screen shows the copy, with the time it was
 * loaded, rather than an error. Each copy belongs to one person (`owner`; `visitor` for what anybody may
 * read) and goes when that person signs out on this phone. The service worker never keeps API answers.
 *
 * Use it in a query's `queryFn`, with `networkMode: 'always'` (TanStack Query otherwise pauses a query
 * while the browser says it is offline, and the copy would never be read): `offlineQueryOptions`.
 */

export const VISITOR = 'visitor'

interface Copy<T = unknown> {
  owner: string
  data: T
  savedAt: number
}

let store: UseStore | undefined
function copies(): UseStore {
  store ??= createStore('townworks-copies', 'copies')
  return store
}

/** idb-keyval's call through a promise: without IndexedDB it throws at once rather than rejecting. */
function stored<T>(call: () => Promise<T>): Promise<T> {
  return Promise.resolve().then(call)
}

function keyOf(owner: string, queryKey: readonly unknown[]) {
  return `${owner}\u0000${JSON.stringify(queryKey)}`
}

// Which screens show a copy now, and from when (by the copy's key); screens re-render when it changes.
const shownCopies = new Map<string, number>()
const listeners = new Set<() => void>()
let version = 0
function changed() {
  version++
  for (const listener of listeners) listener()
}

/** No answer at all (no network, or the server unreachable): the copy stands in. A refusal does not. */
function noAnswer(error: unknown): boolean {
  return error instanceof ApiError ? error.kind === 'network' || error.status >= 500 : error instanceof TypeError
}

/**
 * Fetch, keep a copy of a good answer, and give the copy instead when there is no answer. Without a
 * copy, the failure stands (the screen says there is no connection).
 */
export async function withDeviceCopy<T>(
  owner: string | undefined,
  queryKey: readonly unknown[],
  fetcher: () => Promise<T>,
): Promise<T> {
  const key = keyOf(owner ?? VISITOR, queryKey)
  try {
    const data = await fetcher()
    const copy: Copy<T> = { owner: owner ?? VISITOR, data, savedAt: Date.now() }
    // A full disk or a private window: the screen works, only without a copy.
    await stored(() => set(key, copy, copies())).catch(() => undefined)
    if (shownCopies.delete(key)) changed()
    return data
  } catch (error) {
    if (!noAnswer(error)) throw error
    const copy = await stored(() => get<Copy<T>>(key, copies())).catch(() => undefined)
    if (!copy) throw error
    shownCopies.set(key, copy.savedAt)
    changed()
    return copy.data
  }
}

/** When the copy a screen shows was loaded (ms), or undefined while it shows a fresh answer. */
export function useCopySavedAt(owner: string | undefined, queryKey: readonly unknown[]): number | undefined {
  useSyncExternalStore(subscribe, () => version)
  return shownCopies.get(keyOf(owner ?? VISITOR, queryKey))
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Sign-out on this phone: the person's copies go. */
export async function forgetCopies(owner: string): Promise<void> {
  const rows = await stored(() => entries<string, Copy>(copies())).catch(() => [] as [string, Copy][])
  await Promise.all(rows.filter(([, copy]) => copy.owner === owner).map(([key]) => stored(() => del(key, copies()))))
  for (const key of [...shownCopies.keys()]) if (key.startsWith(`${owner}\u0000`)) shownCopies.delete(key)
  changed()
}

/**
 * The options that make a query read the device's copy when offline: its queryFn keeps a copy, and it
 * runs while the browser says it is offline (networkMode 'always'), so the copy is read.
 */
export function offlineQueryOptions<T>(
  owner: string | undefined,
  queryKey: readonly unknown[],
  fetcher: (signal: AbortSignal) => Promise<T>,
) {
  return {
    queryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) => withDeviceCopy(owner, queryKey, () => fetcher(signal)),
    networkMode: 'always' as const,
  }
}
