// Reports what the production build makes a browser download, from dist/.vite/manifest.json:
// every chunk's gzip size, the JavaScript the home page loads before its first paint, and the
// same for every lazily loaded route. Fails (exit 1) when the home page exceeds its budget or a
// route exceeds its limit: 130 kB for every screen a customer, worker or visitor opens, 200 kB for
// the office's screens (decision 046; a route not yet within its limit has its own ceiling, below).
// Usage: node scripts/report-sizes.mjs [dist dir, default apps/web/dist]
//
// Before the first paint of a route the browser runs the entry chunk and its static imports,
// and the route's lazy chunk, its imports and its translations, which the build lists in
// dist/route-preloads.json (the server names them in the page, decision 015).
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

/**
 * Budget for the home page's JavaScript before first paint, gzip, in kB (1 kB = 1000 bytes, as Vite
 * prints): issue #10's 110 kB, met since wouter replaced React Router (≈ 108 kB, decision 013); 110.5 kB
 * since the shell paints before any bundle (decision 034).
 */
const HOME_BUDGET_KB = 110.5
/** What we aim for (issue #10's budget); exceeding it warns but does not fail. */
const HOME_TARGET_KB = 110
/**
 * index.html itself, gzip, in kB: the first-paint shell, its inline words and scripts and the inline
 * entry stylesheet (decision 033). It is not counted in the home budget, which is the JavaScript
 * that must arrive and run before the app paints; the shell paints before any of it, so it has a
 * limit of its own, and every byte of it delays that paint.
 */
const HTML_LIMIT_KB = 8
/**
 * No route a customer, worker or visitor opens may load more than this before its first paint (issue
 * 24: phones on slow lines); exceeding it fails (decision 046; 200 kB before, issue #10).
 */
const ROUTE_LIMIT_KB = 130
/** The office's screens (operators and admins, at desks on broadband) may load up to this (decision 046; 205 kB in decision 034). */
const OFFICE_ROUTE_LIMIT_KB = 200
/**
 * Routes not yet within their limit, each with the ceiling it may not grow past (what it loaded when
 * the limit was set, rounded up), and why it is over (decision 046). The build fails over a ceiling,
 * and when a listed route is within its limit again: take it off this list. The list may only shrink.
 * Empty since decision 055: /swl paints without Mantine and loads its shortlist after its cards, and
 * no form's first load carries zod. A route that grows over its limit now fails the build.
 */
/** @type {Record<string, {ceilingKB: number, why: string}>} */
const NOT_YET_WITHIN = {}
/** Text that only appears in code that must stay out of the first load. */
const FORBIDDEN_IN_HOME = [
  { name: 'zod', pattern: /\$ZodType|ZodError/ },
  // Mantine's code names its components '@mantine/core/…' (displayName); chunk file names never do.
  { name: 'Mantine', pattern: /@mantine\/core\// },
  // TanStack Query comes with the screens that read data (lib/query-scope.tsx), not with the shell.
  { name: 'TanStack Query', pattern: /No QueryClient set|Missing queryFn/ },
  // React Flow (≈ 59 kB gzip) belongs to /wfs's diagram, /ff and /un only.
  { name: 'React Flow', pattern: /react-flow__/ },
]

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const dist = process.argv[2] ? resolve(process.argv[2]) : join(root, 'dist')
const manifestPath = join(dist, '.vite', 'manifest.json')
if (!existsSync(manifestPath)) {
  console.error(`report-sizes: ${manifestPath} not found; run vite build (with build.manifest: true) first.`)
  process.exit(1)
}
/** @type {Record<string, {file: string, src?: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[], css?: string[]}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))

const sizeCache = new Map()
/** Raw and gzip size of an emitted file. */
function sizeOf(file) {
  if (!sizeCache.has(file)) {
    const content = readFileSync(join(dist, file))
    sizeCache.set(file, { raw: content.length, gzip: gzipSync(content).length, content })
  }
  return sizeCache.get(file)
}

/** Files a manifest entry loads before it runs: itself and its static imports, recursively. */
function staticClosure(key, seen = new Set()) {
  const chunk = manifest[key]
  if (!chunk || seen.has(chunk.file)) return seen
  seen.add(chunk.file)
  for (const imported of chunk.imports ?? []) staticClosure(imported, seen)
  return seen
}

const kb = (bytes) => `${(bytes / 1000).toFixed(2)} kB`
const total = (files) => [...files].reduce((sum, file) => sum + sizeOf(file).gzip, 0)
const pad = (text, width) => String(text).padEnd(width)
const padStart = (text, width) => String(text).padStart(width)

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry)
if (!entryKey) {
  console.error('report-sizes: the manifest has no entry chunk.')
  process.exit(1)
}
const entryFiles = staticClosure(entryKey)

/**
 * What each screen loads on top of the entry, as the build lists it for the server (dist/route-preloads.json,
 * decision 015): its lazy chunk and static imports, the query cache for screens that read data, and
 * its English translations.
 */
const preloadsPath = join(dist, 'route-preloads.json')
if (!existsSync(preloadsPath)) {
  console.error(`report-sizes: ${preloadsPath} not found; the route-preloads plugin did not run.`)
  process.exit(1)
}
/** @type {Record<string, {js: string[], css: string[], languages: Record<string, string[]>}>} */
const preloads = JSON.parse(readFileSync(preloadsPath, 'utf8'))
const routePaths = Object.keys(preloads)

/** JavaScript a route needs before its first paint, on top of nothing (a cold load). */
function initialFilesOf(path) {
  const files = new Set(entryFiles)
  for (const url of [...preloads[path].js, ...(preloads[path].languages.en ?? [])]) files.add(url.replace(/^\//, ''))
  return files
}

// 1. Every emitted chunk.
const jsFiles = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((f) => f.endsWith('.js'))
const cssFiles = [...new Set(Object.values(manifest).flatMap((chunk) => chunk.css ?? []))]
console.log('\nChunks (gzip):')
for (const file of [...jsFiles, ...cssFiles].sort((a, b) => sizeOf(b).gzip - sizeOf(a).gzip)) {
  const { raw, gzip } = sizeOf(file)
  console.log(`  ${pad(file, 52)} ${padStart(kb(raw), 11)} raw  ${padStart(kb(gzip), 10)} gzip`)
}

// 2. Initial JavaScript of every lazy route.
console.log('\nJavaScript before first paint, per route (entry + static imports + what route-preloads.json lists):')
const overLimit = []
const backWithin = []
for (const path of routePaths) {
  const routeTotal = total(initialFilesOf(path))
  const limit = preloads[path].officeOnly ? OFFICE_ROUTE_LIMIT_KB : ROUTE_LIMIT_KB
  const pending = NOT_YET_WITHIN[path]
  if (pending && routeTotal <= limit * 1000) backWithin.push(path)
  const ceiling = pending ? pending.ceilingKB : limit
  if (routeTotal > ceiling * 1000)
    overLimit.push(`${path} (${pending ? `ceiling ${ceiling} kB, limit ${limit}` : `limit ${limit}`} kB)`)
  const note = pending ? `  over the ${limit} kB limit (ceiling ${ceiling} kB): ${pending.why}` : `  limit ${limit} kB`
  console.log(
    `  ${pad(path, 22)} ${padStart(kb(routeTotal), 10)}${preloads[path].officeOnly ? '  office' : '        '}${note}`,
  )
}
for (const path of Object.keys(NOT_YET_WITHIN)) {
  if (!preloads[path]) {
    console.error(`\nreport-sizes: NOT_YET_WITHIN names ${path}, which is no route.`)
    process.exit(1)
  }
}

// 3. The home page and its budget.
if (!preloads['/']) {
  console.error('\nreport-sizes: route-preloads.json has no home page (/).')
  process.exit(1)
}
const homeFiles = initialFilesOf('/')
const homeTotal = total(homeFiles)
console.log(`\nHome page (/) before first paint: ${[...homeFiles].join(', ')}`)
console.log(`  total ${kb(homeTotal)} gzip JavaScript; budget ${HOME_BUDGET_KB} kB, target ${HOME_TARGET_KB} kB`)

const htmlGzip = sizeOf('index.html').gzip
console.log(
  `\nindex.html (the first-paint shell, inline words, scripts and entry styles): ${kb(htmlGzip)} gzip; limit ${HTML_LIMIT_KB} kB`,
)

let failed = false
if (htmlGzip > HTML_LIMIT_KB * 1000) {
  console.error(
    `\nFAIL: index.html is ${kb(htmlGzip)} gzip, over its ${HTML_LIMIT_KB} kB limit: it delays the first paint.`,
  )
  failed = true
}
if (overLimit.length > 0) {
  console.error(`\nFAIL: over the route limit: ${overLimit.join(', ')}`)
  failed = true
}
if (backWithin.length > 0) {
  console.error(`\nFAIL: within the limit again, take off NOT_YET_WITHIN in report-sizes.mjs: ${backWithin.join(', ')}`)
  failed = true
}
for (const { name, pattern } of FORBIDDEN_IN_HOME) {
  const culprit = [...homeFiles].find((file) => pattern.test(sizeOf(file).content.toString('utf8')))
  if (culprit) {
    console.error(`\nFAIL: ${name} is in the home page's first load (${culprit}); load it only in lazy screens.`)
    failed = true
  }
}
if (homeTotal > HOME_BUDGET_KB * 1000) {
  console.error(
    `\nFAIL: the home page loads ${kb(homeTotal)} of gzip JavaScript before first paint, over the ${HOME_BUDGET_KB} kB budget.`,
  )
  failed = true
} else if (homeTotal > HOME_TARGET_KB * 1000) {
  console.log(`  within budget, ${kb(homeTotal - HOME_TARGET_KB * 1000)} over the ${HOME_TARGET_KB} kB target.`)
} else {
  console.log('  within budget and target.')
}
process.exit(failed ? 1 : 0)
