import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { ROUTE_PRELOADS_FILE, type RoutePreload } from './route-preloads'

/**
 * What the service worker downloads on a first visit (decision 065): the app shell and the screens a
 * customer or worker opens, never the office's (a customer on 2G must not fetch Mantine's admin chunks).
 * Everything else under /assets/ is kept when it is first fetched (CacheFirst in src/sw.ts).
 */

/** A precache entry as Workbox's manifestTransforms hand it over (url relative to dist, e.g. `assets/x.js`). */
export interface PrecacheEntry {
  url: string
  revision: string | null
  size: number
}

/** Files outside /assets/ that the shell needs offline: the page, its icons, the manifests. */
const SHELL_FILES = /^(index\.html|favicon\.svg|icons\/[\w.-]+\.png|manifest\.(en|te|hi)\.webmanifest)$/

/**
 * Modules loaded after the first screen that every page needs offline too: the service worker's
 * starter (lib/pwa/pwa-entry.ts) and what it fetches (the "updated" note's words).
 */
const AFTER_LOAD_MODULES = ['src/lib/pwa/pwa-entry.ts']

interface ViteManifestChunk {
  file: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}

/**
 * The files of the app shell and of every screen that is not the office's, from what the build wrote:
 * - the entry with its static imports and stylesheets (dist/.vite/manifest.json);
 * - each such screen's code, stylesheets and translations in all three languages (dist/route-preloads.json;
 *   a language's files are small, and a phone's language can change);
 * - what those screens load on a tap or after they paint (the request form with its Mantine, My jobs'
 *   payouts, the start-code form …: their dynamic imports, followed through: a customer offline needs
 *   them as much as the screen), but never the entry's own dynamic imports (every screen of the app,
 *   the office's among them);
 * - AFTER_LOAD_MODULES and theirs.
 * Paths relative to dist, as Workbox names them.
 */
export function shellFiles(
  viteManifest: Record<string, ViteManifestChunk>,
  routePreloads: Record<string, RoutePreload>,
): Set<string> {
  const files = new Set<string>()
  const keyOf = new Map(Object.entries(viteManifest).map(([key, chunk]) => [chunk.file, key]))
  const entries = Object.keys(viteManifest).filter((key) => viteManifest[key]?.isEntry)
  if (entries.length === 0) throw new Error('pwa-precache: the Vite manifest has no entry')

  const officeFiles = new Set<string>()
  const screenFiles = new Set<string>()
  for (const preload of Object.values(routePreloads)) {
    for (const url of [...preload.js, ...preload.css])
      (preload.officeOnly ? officeFiles : screenFiles).add(url.slice(1))
  }
  const officeOnly = (file: string) => officeFiles.has(file) && !screenFiles.has(file)

  const visit = (key: string, lazy: boolean) => {
    const chunk = viteManifest[key]
    // What a customer's or worker's screen loads later is theirs too, even when an office screen needs it
    // before it paints (the request form's Mantine): without it the form would not open offline.
    if (!chunk || files.has(chunk.file) || (!lazy && officeOnly(chunk.file))) return
    if (lazy && entries.includes(key)) return
    files.add(chunk.file)
    for (const css of chunk.css ?? []) files.add(css)
    for (const imported of chunk.imports ?? []) visit(imported, lazy)
    if (lazy) for (const imported of chunk.dynamicImports ?? []) visit(imported, lazy)
  }
  for (const key of entries) visit(key, false)
  for (const preload of Object.values(routePreloads)) {
    if (preload.officeOnly) continue
    for (const url of [...preload.js, ...preload.css, ...Object.values(preload.languages).flat()]) {
      files.add(url.slice(1))
    }
  }
  for (const file of [...screenFiles].filter((file) => !officeOnly(file))) {
    const key = keyOf.get(file)
    if (key) {
      files.delete(file)
      visit(key, true)
    }
  }
  for (const key of AFTER_LOAD_MODULES) visit(key, true)
  return files
}

/** Whether an entry Workbox found in dist belongs in the precache. */
export function isPrecached(url: string, shell: ReadonlySet<string>): boolean {
  return shell.has(url) || SHELL_FILES.test(url)
}

/**
 * Workbox's manifestTransforms step: keeps the shell's files only, and fails the build when the shell
 * grows past `limitBytes` (what a first visit downloads in the background; decision 065).
 */
export function precacheTransform(distDir: string, limitBytes: number) {
  return async (entries: PrecacheEntry[]) => {
    const read = (file: string) => {
      const full = path.join(distDir, file)
      if (!existsSync(full)) throw new Error(`pwa-precache: ${full} not found (the build writes it first)`)
      return JSON.parse(readFileSync(full, 'utf8')) as unknown
    }
    const shell = shellFiles(
      read('.vite/manifest.json') as Record<string, ViteManifestChunk>,
      read(ROUTE_PRELOADS_FILE) as Record<string, RoutePreload>,
    )
    const manifest = entries.filter((entry) => isPrecached(entry.url, shell))
    const missing = [...shell].filter((file) => !manifest.some((entry) => entry.url === file))
    const warnings = missing.length > 0 ? [`pwa-precache: not found in dist: ${missing.join(', ')}`] : []
    const bytes = manifest.reduce((sum, entry) => sum + entry.size, 0)
    if (bytes > limitBytes) {
      throw new Error(
        `pwa-precache: the service worker's precache is ${(bytes / 1000).toFixed(0)} kB (raw), over its ${(limitBytes / 1000).toFixed(0)} kB limit (decision 065)`,
      )
    }
    console.log(
      `\nService worker precache: ${manifest.length} files, ${(bytes / 1000).toFixed(1)} kB raw (limit ${(limitBytes / 1000).toFixed(0)} kB)`,
    )
    return { manifest, warnings }
  }
}
