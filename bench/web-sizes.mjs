// What each route of the production build makes a browser download before it can be used:
// the entry chunk and its static imports (from <dist>/.vite/manifest.json), then what the build
// lists for the screen in <dist>/route-preloads.json (decision 015; the same list the server puts
// in the page): its lazy chunk and static imports, the query cache for screens that read data, its
// CSS and its English translations.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/** React Flow's class prefix: only code that draws a diagram contains it. */
const REACT_FLOW = /react-flow__/

/** @param {string} dist the built web app (index.html, assets/, .vite/manifest.json, route-preloads.json) */
export function webSizes(dist) {
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

  const preloads = JSON.parse(readFileSync(join(dist, 'route-preloads.json'), 'utf8'))
  const file = (url) => url.replace(/^\//, '')
  const sum = (files) => [...files].reduce((n, f) => n + sizeOf(f).gzip, 0)
  const routes = Object.entries(preloads).map(([path, preload]) => {
    const js = new Set([...entry.js, ...preload.js.map(file), ...(preload.languages.en ?? []).map(file)])
    const css = new Set([...entry.css, ...preload.css.map(file)])
    return {
      path,
      // Only operators and admins open it (the contract's SCREEN_ACCESS, decision 034): the office's budget.
      officeOnly: preload.officeOnly === true,
      // The screen's own chunk comes first in the build's list.
      module: file(preload.js[0] ?? ''),
      jsGzip: sum(js),
      cssGzip: sum(css),
      jsFiles: js.size,
      reactFlow: [...js].some((f) => REACT_FLOW.test(sizeOf(f).content.toString('utf8'))),
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
  const [dist = 'apps/web/dist'] = process.argv.slice(2)
  const r = webSizes(dist)
  console.table(
    r.routes.map((x) => ({ ...x, jsKB: (x.jsGzip / 1000).toFixed(1), cssKB: (x.cssGzip / 1000).toFixed(1) })),
  )
  console.table(r.entry.js)
  console.table(r.chunks.slice(0, 15))
}
