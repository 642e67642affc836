import { forgetCopies } from './device-copy'
import { clearOutbox } from './outbox'
import { clearOfflineCaches } from './sw-caches'

/**
 * A person signed out on this phone: what the device kept for them goes (issue 23): the actions still
 * waiting to be sent (the sign-out screen warns first) and the copies of their screens. Loaded on the
 * sign-out only, so the first load does not pay for IndexedDB.
 */
export async function forgetOnThisPhone(user: string): Promise<void> {
  // clearOfflineCaches: the service worker's caches that could hold a user's answers (none: decision 065).
  await Promise.allSettled([clearOutbox(user), forgetCopies(user), clearOfflineCaches()])
}
