import { noteIfUpdated } from './updated-note'

/**
 * What makes the app installable and able to open offline (decision 065), started once the first
 * screen has loaded: main.tsx imports this module after the window's load event (so no route's first
 * load carries it) and importing it starts it (`pwa-entry.ts`). The manifest link follows the page's language, and in a production build the
 * service worker is registered and the "TownWorks was updated" note shown when a new version serves
 * this visit.
 */

/** The service worker's address: the API serves it from dist with `Cache-Control: no-cache`. */
export const SERVICE_WORKER_URL = '/sw.js'

/** The languages with a manifest of their own (the contract's LANGUAGES; start.test.ts keeps them equal). */
export const MANIFEST_LANGUAGES = ['en', 'te', 'hi'] as const

/** The web app manifest of a language (public/manifest.<lng>.webmanifest); English for anything else. */
export function manifestHref(language: string): string {
  return `/manifest.${(MANIFEST_LANGUAGES as readonly string[]).includes(language) ? language : 'en'}.webmanifest`
}

/**
 * Keep index.html's `<link rel="manifest">` on the page's language (<html lang>, which lib/i18n.ts
 * keeps in step with the language switch; index.html's first script sets it for the saved language).
 */
export function followLanguage(doc: Document = document): () => void {
  const sync = () => {
    const link = doc.querySelector<HTMLLinkElement>('link[rel="manifest"]')
    const href = manifestHref(doc.documentElement.lang)
    if (link && link.getAttribute('href') !== href) link.setAttribute('href', href)
  }
  sync()
  const observer = new MutationObserver(sync)
  observer.observe(doc.documentElement, { attributes: true, attributeFilter: ['lang'] })
  return () => observer.disconnect()
}

export interface RegisterOptions {
  /** import.meta.env.PROD: the Vite dev server never registers a worker (its files change on every save). */
  production?: boolean
  container?: ServiceWorkerContainer | undefined
}

/**
 * Register the service worker, in a production build and where the browser has them; resolves to the
 * registration, or undefined when none was made. A failure (private mode, a refused script) leaves the
 * app working online as before.
 */
export async function registerServiceWorker({
  production = import.meta.env.PROD,
  container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker,
}: RegisterOptions = {}): Promise<ServiceWorkerRegistration | undefined> {
  if (!production || !container) return undefined
  try {
    const registration = await container.register(SERVICE_WORKER_URL, { scope: '/' })
    await noteIfUpdated(container).catch(() => false)
    return registration
  } catch {
    return undefined
  }
}

/**
 * The service worker's cache of hashed files: lib/offline/sw-caches.ts's ASSETS_CACHE, written out (start.test.ts
 * keeps them equal) so this chunk shares no module with the sign-out's, which would cost the entry a file name.
 */
const ASSETS_CACHE = 'townworks-assets'

/** The script face of a Telugu or Hindi page (index.html's boot font rules name its file). */
const SCRIPT_FACES: Record<string, string> = { te: 'noto-sans-telugu-telugu', hi: 'noto-sans-devanagari-devanagari' }

/**
 * Keep the regular face of the page's script in the service worker's cache of hashed files, so the
 * shell draws Telugu or Hindi offline on a phone without the font installed. Only the reader's script:
 * an English reader on 2G does not download 86 kB of faces (decision 065). Resolves to the file kept.
 */
export async function keepScriptFace(
  doc: Document = document,
  storage: CacheStorage | undefined = globalThis.caches,
): Promise<string | undefined> {
  const face = SCRIPT_FACES[doc.documentElement.lang]
  if (!face || !storage) return undefined
  const rules = doc.getElementById('boot-fonts')?.textContent ?? ''
  const file = new RegExp(`url\\((/assets/${face}-400-normal-[\\w-]+\\.woff2)\\)`).exec(rules)?.[1]
  if (!file) return undefined
  const cache = await storage.open(ASSETS_CACHE)
  if (!(await cache.match(file))) await cache.add(file)
  return file
}

/** Everything above, once; the script face again whenever the reader switches to Telugu or Hindi. */
export function startPwa(): void {
  followLanguage()
  void registerServiceWorker().then((registration) => {
    if (!registration) return
    const keep = () => void keepScriptFace().catch(() => undefined)
    keep()
    new MutationObserver(keep).observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] })
  })
}
