import { useSyncExternalStore } from 'react'

/**
 * Whether a service request may wait in this phone's outbox (issue 23): a localStorage flag, so the
 * screens that show queued requests (home, the catalog) read it in their first paint and fetch the
 * outbox's code (IndexedDB) only when it is set. Set when a request is queued; cleared when none is left.
 */
export const QUEUED_REQUESTS_KEY = 'townworks.queuedRequests'

const listeners = new Set<() => void>()

function read(): boolean {
  try {
    return localStorage.getItem(QUEUED_REQUESTS_KEY) !== null
  } catch {
    return false
  }
}

export function setQueuedRequestsHint(on: boolean): void {
  try {
    if (on) localStorage.setItem(QUEUED_REQUESTS_KEY, '1')
    else localStorage.removeItem(QUEUED_REQUESTS_KEY)
  } catch {
    // No storage: the outbox's code is loaded with the form and My requests only.
  }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Re-renders when a request is queued or the last one leaves. */
export function useQueuedRequestsHint(): boolean {
  return useSyncExternalStore(subscribe, read, () => false)
}

/** The catalog's address parameter that opens the form again with a refused request's values (?again=Plumber). */
export const REOPEN_PARAM = 'again'
