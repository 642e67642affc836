import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'
// Relative, not the package name: Vite's config loader bundles relative imports but hands packages to Node, which cannot read .ts.
import { SCREEN_ACCESS } from '../../../packages/contract/src/constants'
import { ROUTE_IDS, ROUTE_PATHS, type RouteId } from '../src/app/routes/route-titles'
import {
  SCREEN_LEADS,
  SCREEN_NAMESPACES,
  SCREENS_WITHOUT_DATA,
  screenModuleName,
  isOfficeScreen,
} from '../src/app/routes/screens'
import { CORE_NAMESPACES } from '../src/lib/namespaces'

/**
 * What the browser needs for one screen beyond the entry chunk (which index.html already links):
 * the screen's chunk and its imports, the query cache when the screen reads data, its stylesheets,
 * and per language the translation files fetched before it can paint. Paths are absolute URLs.
 */
export interface RoutePreload {
  js: string[]
  css: string[]
  languages: Record<string, string[]>
  /** Only operators and admins open it (the contract's SCREEN_ACCESS): the office's route limit applies. */
  officeOnly: boolean
  /** The screen's title and lead per language, for the first-paint shell (SCREEN_LEADS; issue 24). */
  intro?: Record<string, { title: string; lead: string }>
}

/** A translation's text by its dotted key, read from src/locales at build time; undefined when missing. */
function localeText(localesDir: string, language: string, namespace: string, key: string): string | undefined {
  const file = path.join(localesDir, language, `${namespace}.json`)
  if (!existsSync(file)) return undefined
  let value: unknown = JSON.parse(readFileSync(file, 'utf8'))
  for (const part of key.split('.')) value = (value as Record<string, unknown> | undefined)?.[part]
  return typeof value === 'string' ? value : undefined
}

/** The shell's title and lead of a screen in each language that has both, or undefined. */
function introOf(localesDir: string, id: RouteId, languages: Iterable<string>): RoutePreload['intro'] {
  const lead = SCREEN_LEADS[id]
  if (!lead) return undefined
  const intro: NonNullable<RoutePreload['intro']> = {}
  for (const language of languages) {
    const title = localeText(localesDir, language, 'routes', `${id}.title`)
    const text = localeText(localesDir, language, lead[0], lead[1])
    if (title && text) intro[language] = { title, lead: text }
  }
  if (!intro.en) throw new Error(`route-preloads: no English title or lead for ${id} (${lead.join(':')})`)
  return intro
}

/** A screen only staff open: its access names roles, and each is an operator or an admin. */

/** The file the server reads (apps/api/src/plugins/web-app.ts): path → RoutePreload. */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json'

interface Chunk {
  type: 'chunk'
  fileName: string
  isEntry: boolean
  facadeModuleId: string | null
  imports: string[]
  viteMetadata?: { importedCss: Set<string> }
}

/**
 * Writes dist/route-preloads.json (decision 015): for each screen's path, the files its lazy
 * chunk would otherwise ask for only after the entry chunk has downloaded and run. The server
 * names them in the HTML it sends for that path, so a phone fetches them in the same round trip
 * as the entry. Fails the build when a screen's chunk is not where screens.ts says it is.
 */
export function routePreloads(localesDir: string): Plugin {
  return {
    name: 'townworks-route-preloads',
    apply: 'build',
    // After every other plugin's generateBundle: Vite drops CSS-only chunks there, so only the
    // written bundle has the final file names.
    writeBundle(options, bundle) {
      const chunks = Object.values(bundle).filter((output): output is Chunk & typeof output => output.type === 'chunk')
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk as unknown as Chunk]))
      const byModule = (suffix: string) =>
        chunks.find((chunk) => chunk.facadeModuleId?.endsWith(suffix)) as Chunk | undefined

      const closure = (fileName: string, into = new Set<string>()) => {
        if (into.has(fileName)) return into
        into.add(fileName)
        for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, into)
        return into
      }
      const entry = chunks.find((chunk) => chunk.isEntry)
      if (!entry) throw new Error('route-preloads: the bundle has no entry chunk')
      const loadedFirst = closure(entry.fileName)
      const cssOf = (files: Iterable<string>) =>
        [...files].flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])])
      const url = (file: string) => `/${file}`

      // The languages are the folders of src/locales that made chunks (English's core files are in the entry).
      const languages = new Set(['en'])
      for (const chunk of chunks) {
        const folder = /\/src\/locales\/([a-z]{2})\/[^/]+\.json$/.exec(chunk.facadeModuleId ?? '')?.[1]
        if (folder) languages.add(folder)
      }

      /** The chunk a module is in: its own, or a group's (vite.config.ts) it shares with others. */
      const chunkHolding = (module: string): Chunk => {
        const chunk =
          byModule(module) ?? (chunks.find((c) => c.moduleIds.some((id) => id.endsWith(module))) as Chunk | undefined)
        if (!chunk) throw new Error(`route-preloads: no chunk for ${module.slice(1)}`)
        return chunk
      }
      const preloads: Record<string, RoutePreload> = {}
      for (const id of ROUTE_IDS) {
        const screen = byModule(`/src/app/routes/${screenModuleName(id)}.tsx`)
        if (!screen)
          throw new Error(`route-preloads: no chunk for screen ${id} (src/app/routes/${screenModuleName(id)}.tsx)`)
        const files = closure(screen.fileName)
        if (!SCREENS_WITHOUT_DATA.has(id)) {
          // Its own chunk, or the 'data' group's (vite.config.ts), which it shares with the query cache.
          closure(chunkHolding('/src/lib/query-scope.tsx').fileName, files)
        }
        const officeOnly = isOfficeScreen(SCREEN_ACCESS[ROUTE_PATHS[id]])
        // The office's own calls (lib/api-route-table-office.ts) come with its screens (app/router.tsx).
        if (officeOnly) closure(chunkHolding('/src/lib/api-route-table-office.ts').fileName, files)
        const own = [...files].filter((file) => !loadedFirst.has(file))
        const translationsBy: Record<string, string[]> = {}
        for (const language of languages) {
          const translations = new Set<string>()
          for (const namespace of [...CORE_NAMESPACES, ...SCREEN_NAMESPACES[id]]) {
            // English core files are in the entry; other missing files fall back to English at run time.
            const file = byModule(`/src/locales/${language}/${namespace}.json`)
            if (file) closure(file.fileName, translations)
          }
          translationsBy[language] = [...translations].filter((file) => !loadedFirst.has(file)).map(url)
        }
        preloads[ROUTE_PATHS[id]] = {
          js: own.map(url),
          css: [...new Set(cssOf(own))].map(url),
          languages: translationsBy,
          officeOnly,
          ...(SCREEN_LEADS[id] ? { intro: introOf(localesDir, id, languages) } : {}),
        }
      }
      if (!options.dir) throw new Error('route-preloads: the build has no output folder')
      writeFileSync(path.join(options.dir, ROUTE_PRELOADS_FILE), `${JSON.stringify(preloads, null, 2)}\n`)
    },
  }
}
