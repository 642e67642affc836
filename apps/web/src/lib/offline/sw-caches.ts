/**
 * What the service worker (src/sw.ts) may keep, and the guard that sign-out runs (decision 065).
 * Zod-free and React-free: the worker imports it too.
 */

/** The runtime cache of hashed files (`/assets/*`, immutable): the same for every user. */
export const ASSETS_CACHE = 'townworks-assets'

/**
 * Paths whose answers belong to the signed-in user or to the moment (the API, the seed's WhatsApp
 * form, health checks): the service worker never answers them and never stores them.
 */
export const NEVER_CACHED_PREFIXES = ['/api', '/send-whatsapp', '/healthz', '/readyz', '/metrics'] as const

/** Whether the service worker must leave a request to the network untouched (and never store its answer). */
export function isNeverCached(url: URL, origin: string): boolean {
  // Another origin's answers (Razorpay's checkout) are never ours to keep.
  if (url.origin !== origin) return true
  return NEVER_CACHED_PREFIXES.some((prefix) => url.pathname === prefix || url.pathname.startsWith(`${prefix}/`))
}

/** A hashed file the build wrote (`/assets/<name>-<hash>.<ext>`): immutable, the same for everyone. */
export function isHashedAsset(url: URL, origin: string): boolean {
  return url.origin === origin && url.pathname.startsWith('/assets/')
}

/**
 * Caches that could hold a user's answers: every cache except Workbox's precache (the app's own files)
 * and the hashed files' cache. None should exist, since /api is never cached; this deletes any that
 * do (an older worker's, a future mistake), so the next person on this phone never reads them.
 * Resolves to the names deleted. A browser without Cache Storage (or a test) has nothing to clear.
 */
export async function clearOfflineCaches(storage: CacheStorage | undefined = globalThis.caches): Promise<string[]> {
  if (!storage) return []
  const names = await storage.keys()
  const userCaches = names.filter((name) => name !== ASSETS_CACHE && !name.startsWith('workbox-precache'))
  await Promise.all(userCaches.map((name) => storage.delete(name)))
  return userCaches
}
