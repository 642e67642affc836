import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { KeptBody } from '../shared/content-encoding'

/** One screen's files beyond the entry chunk, as the web build lists them (apps/web/build/route-preloads.ts). */
interface RoutePreload {
  js: string[]
  css: string[]
  languages: Record<string, string[]>
  /** The screen's title and lead per language, for the first-paint shell (issue 24). */
  intro?: Record<string, { title: string; lead: string }>
}

/** The skeleton's title bar in index.html, which a screen's own title and lead replace. */
export const SHELL_TITLE_BAR = '<span class="boot-bar boot-title"></span>'

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/**
 * A screen's title and lead in every language, for the shell to paint before any bundle has run
 * (issue 24: a phone's largest paint is then the shell's). The shell's style shows the one of the
 * saved language (html[data-boot-lang]); the app draws the same words in the same place after.
 */
export function introHtml(intro: NonNullable<RoutePreload['intro']>): string {
  const parts = Object.entries(intro).map(
    ([language, { title, lead }]) =>
      `<div lang="${escapeHtml(language)}"><h1 class="page__title">${escapeHtml(title)}</h1><p class="page__lead">${escapeHtml(lead)}</p></div>`,
  )
  return `<div class="page__intro boot-intro">${parts.join('')}</div>`
}

/** A URL the build wrote: an absolute path of plain characters, safe inside an attribute. */
const SAFE_URL = /^\/[\w./-]+$/

/**
 * The route a path is a screen of: itself, or the pattern it fills (`/jobs/45` is `/jobs/:taskId`).
 * A pattern's segment `:name` stands for one segment of the path.
 */
export function routeMatcher(routes: readonly string[]): (pathname: string) => string | undefined {
  const exact = new Set(routes)
  const escape = (segment: string) => segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const patterns = routes
    .filter((route) => route.split('/').some((segment) => segment.startsWith(':')))
    .map((route) => ({
      route,
      test: new RegExp(
        `^${route
          .split('/')
          .map((segment) => (segment.startsWith(':') ? '[^/]+' : escape(segment)))
          .join('/')}$`,
      ),
    }))
  return (pathname) => (exact.has(pathname) ? pathname : patterns.find((p) => p.test.test(pathname))?.route)
}

/** The user interface's language for a request, from Accept-Language (highest q first), else English. */
export function languageOf(acceptLanguage: string | undefined, languages: readonly string[]): string {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      )
      return { primary: tag.toLowerCase().split('-')[0] ?? '', q: Number.isFinite(q) ? q : 0, index }
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  return ranked.find((entry) => languages.includes(entry.primary))?.primary ?? 'en'
}

/**
 * index.html with a screen's files named in its head, per path and language (decision 015): the
 * browser fetches them alongside the entry chunk instead of after it has run. Undefined when the
 * build wrote no list (an older build, or a path that is no screen): the plain index.html is right then.
 */
export function routePreloadPages(
  root: string,
): (pathname: string, acceptLanguage: string | undefined) => KeptBody | undefined {
  const listFile = path.join(root, 'route-preloads.json')
  const indexFile = path.join(root, 'index.html')
  if (!existsSync(listFile) || !existsSync(indexFile)) return () => undefined
  const index = readFileSync(indexFile, 'utf8')
  const preloads = JSON.parse(readFileSync(listFile, 'utf8')) as Record<string, RoutePreload>
  // Pages are kept per route and language, never per path: /jobs/1, /jobs/2… share one.
  const pages = new Map<string, KeptBody>()
  const routeOf = routeMatcher(Object.keys(preloads))

  return (pathname, acceptLanguage) => {
    const screen = routeOf(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname)
    const preload = screen === undefined ? undefined : preloads[screen]
    if (!preload || !index.includes('</head>')) return undefined
    const language = languageOf(acceptLanguage, Object.keys(preload.languages))
    const key = `${screen}\n${language}`
    let page = pages.get(key)
    if (page === undefined) {
      const modules = [...preload.js, ...(preload.languages[language] ?? [])].filter((url) => SAFE_URL.test(url))
      const links = [
        ...preload.css
          .filter((url) => SAFE_URL.test(url))
          // crossorigin as on the stylesheet Vite's loader adds (and the entry's): a preload in another
          // mode is not used for it, and the file is fetched twice.
          .map((url) => `<link rel="preload" as="style" crossorigin href="${url}">`),
        ...modules.map((url) => `<link rel="modulepreload" crossorigin href="${url}">`),
      ]
      let text = index.replace('</head>', `${links.join('')}</head>`)
      if (preload.intro) text = text.replace(SHELL_TITLE_BAR, introHtml(preload.intro))
      page = { text }
      pages.set(key, page)
    }
    return page
  }
}
