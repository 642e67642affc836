/// <reference lib="webworker" />
/**
 * The service worker (decision 065), built by vite-plugin-pwa's injectManifest into dist/sw.js.
 *
 * - The app shell and the customers' and workers' screens are precached on the first visit (the
 *   build's list, build/pwa-precache.ts); other hashed files are kept when first fetched.
 * - A navigation asks the server first (its page names the screen's files and paints its title) and
 *   falls back to the precached index.html when the network fails or is slower than NAVIGATION_TIMEOUT_MS.
 * - Never: /api and the other server paths (they belong to the signed-in user), other origins.
 * - No skipWaiting, no clientsClaim: a new worker waits until every tab of the old one is closed, so a
 *   screen in use never has its files swapped under it; the next visit runs the new version, and the
 *   page shows "TownWorks was updated" (lib/pwa/updated-note.ts asks this worker its VERSION_MESSAGE).
 */
import { ExpirationPlugin } from 'workbox-expiration'
import { addRoute, cleanupOutdatedCaches, matchPrecache, precache, type PrecacheEntry } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst } from 'workbox-strategies'
import { ASSETS_CACHE, isHashedAsset, isNeverCached, NEVER_CACHED_PREFIXES } from './lib/offline/sw-caches'
import { VERSION_MESSAGE, versionOf } from './lib/pwa/version'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] }

/** How long a navigation waits for the server before the precached page is shown instead. */
const NAVIGATION_TIMEOUT_MS = 3000

const manifest = self.__WB_MANIFEST
const version = versionOf(manifest)

precache(manifest)
// "/" is a navigation (the server's page, below), never the precached index.html by another name.
addRoute({ directoryIndex: '', cleanURLs: false })
cleanupOutdatedCaches()

/** The server's page, or the precached one when the network fails, is too slow, or the server is down. */
async function navigation({ request }: { request: Request }): Promise<Response> {
  let timer: ReturnType<typeof setTimeout> | undefined
  try {
    const response = await Promise.race([
      fetch(request),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('navigation timed out')), NAVIGATION_TIMEOUT_MS)
      }),
    ])
    if (response.status < 500) return response
  } catch {
    // Offline, or a signal too weak to answer in time: the shell below.
  } finally {
    clearTimeout(timer)
  }
  return (await matchPrecache('/index.html')) ?? Response.error()
}

const serverPaths = new RegExp(
  `^(${NEVER_CACHED_PREFIXES.map((prefix) => prefix.replace('/', '\\/')).join('|')})(\\/|$)`,
)
registerRoute(new NavigationRoute(navigation, { denylist: [serverPaths] }))

// Hashed files never change: kept on first fetch, the oldest dropped past 300 (a few app versions).
registerRoute(
  ({ url }) => !isNeverCached(url, self.location.origin) && isHashedAsset(url, self.location.origin),
  new CacheFirst({
    cacheName: ASSETS_CACHE,
    // A hashed file is the same whoever asks: a font's request (with Origin) finds the face the page
    // kept (lib/pwa/start.ts's keepScriptFace, without Origin) though the server's answer says Vary.
    matchOptions: { ignoreVary: true },
    plugins: [new ExpirationPlugin({ maxEntries: 300, purgeOnQuotaError: true })],
  }),
)
// Nothing else is routed: /api, /send-whatsapp, /healthz, /readyz and other origins go to the network
// as if there were no service worker, and nothing here stores their answers.

self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown } | null
  if (data?.type === VERSION_MESSAGE) event.ports[0]?.postMessage({ version })
})
