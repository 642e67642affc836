// What each route of the production build makes a browser download before it can be used, from
// <dist>/.vite/manifest.json (the logic of apps/web/scripts/report-sizes.mjs, extended with CSS
// and with each screen's translation namespaces as router.tsx loads them):
// entry + its static imports + the route's lazy chunk + its static imports + its namespaces.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/** React Flow's class prefix: only code that draws a diagram contains it. */
const REACT_FLOW = /react-flow__/

/**
 * @param {string} dist the built web app (index.html, assets/, .vite/manifest.json)
 * @param {string} webRoot apps/web, to read the route table and each screen's namespaces
 */
export function webSizes(dist, webRoot) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'))
  const cache = new Map()
  const sizeOf = (file) => {
    if (!cache.has(file)) {
      const content = readFileSync(join(dist, file))
      cache.set(file, { raw: content.length, gzip: gzipSync(content, { level: 9 }).length, content })
    }
    return cache.get(file)
  }
  const closure = (key, files = { js: new Set(), css: new Set() }) => {
    const chunk = manifest[key]
    if (!chunk || files.js.has(chunk.file)) return files
    files.js.add(chunk.file)
    for (const css of chunk.css ?? []) files.css.add(css)
    for (const imported of chunk.imports ?? []) closure(imported, files)
    return files
  }
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry)
  const entry = closure(entryKey)

  // Route ids → paths (route-titles.ts) and screen files and namespaces (router.tsx).
  const titles = readFileSync(join(webRoot, 'src/app/routes/route-titles.ts'), 'utf8')
  const paths = Object.fromEntries([...titles.matchAll(/^\s+(\w+): '(\/[^']*)',$/gm)].map((m) => [m[1], m[2]]))
  const router = readFileSync(join(webRoot, 'src/app/router.tsx'), 'utf8')
  const screens = [
    ...router.matchAll(
      /^\s+(\w+): \{ load: \(\) => import\('\.\/routes\/([\w-]+)'\)(?:, namespaces: \[([^\]]*)\])? \}/gm,
    ),
  ].map((m) => ({
    id: m[1],
    path: paths[m[1]] ?? `(${m[1]})`,
    key: `src/app/routes/${m[2]}.tsx`,
    namespaces: (m[3] ?? '')
      .split(',')
      .map((s) => s.trim().replace(/'/g, ''))
      .filter(Boolean),
  }))

  const sum = (files) => [...files].reduce((n, f) => n + sizeOf(f).gzip, 0)
  const routes = screens.map((screen) => {
    const files = { js: new Set(entry.js), css: new Set(entry.css) }
    closure(screen.key, files)
    for (const ns of screen.namespaces) closure(`src/locales/en/${ns}.json`, files)
    const js = [...files.js]
    return {
      path: screen.path,
      module: screen.key.replace('src/app/routes/', ''),
      jsGzip: sum(files.js),
      cssGzip: sum(files.css),
      jsFiles: js.length,
      reactFlow: js.some((f) => REACT_FLOW.test(sizeOf(f).content.toString('utf8'))),
    }
  })
  const chunks = [...new Set(Object.values(manifest).flatMap((c) => [c.file, ...(c.css ?? [])]))]
    .filter((f) => /\.(js|css)$/.test(f))
    .map((file) => ({ file, raw: sizeOf(file).raw, gzip: sizeOf(file).gzip }))
    .sort((a, b) => b.gzip - a.gzip)
  const entryFiles = [...entry.js].map((file) => ({ file, gzip: sizeOf(file).gzip }))
  return { routes, chunks, entry: { js: entryFiles, jsGzip: sum(entry.js), cssGzip: sum(entry.css) } }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dist, webRoot = 'apps/web'] = process.argv.slice(2)
  const r = webSizes(dist, webRoot)
  console.table(
    r.routes.map((x) => ({ ...x, jsKB: (x.jsGzip / 1000).toFixed(1), cssKB: (x.cssGzip / 1000).toFixed(1) })),
  )
  console.table(r.entry.js)
  console.table(r.chunks.slice(0, 15))
}
