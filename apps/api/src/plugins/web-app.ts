import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { allowedMethods } from '../http/allowed-methods'
import { AppError } from '../shared/app-error'
import { encodeKeptBody } from '../shared/content-encoding'
import { SCREEN_ACCESS } from '@townworks/contract/constants'
import { routeMatcher, routePreloadPages } from './route-preloads'

/** A CSP hash source as the web build writes it (apps/web/build/first-paint.ts). */
const SCRIPT_HASH = /^'sha256-[A-Za-z0-9+/]{43}='$/

/**
 * The hashes of index.html's inline scripts (its first-paint shell, decision 033), as the web build
 * computed them, for the Content-Security-Policy's script-src; none without a build.
 */
export function inlineScriptSources(root: string | undefined): string[] {
  const file = root ? path.join(root, 'inline-script-hashes.json') : undefined
  if (!file || !existsSync(file)) return []
  const hashes: unknown = JSON.parse(readFileSync(file, 'utf8'))
  if (!Array.isArray(hashes) || !hashes.every((hash) => typeof hash === 'string' && SCRIPT_HASH.test(hash))) {
    throw new Error(`${file} is not a list of sha256 script hashes`)
  }
  return hashes as string[]
}

const API_PREFIXES = ['/api/', '/api', '/send-whatsapp', '/healthz', '/readyz', '/metrics']

/**
 * Serves the built web app and answers every other GET that wants HTML with index.html, so
 * client routes (/ts, /my/jobs …) work on reload; a screen's own files are named in that page's
 * head (route-preloads.ts). A path that is no screen gets the same page (it shows "this page does
 * not exist") with status 404; API paths that match nothing get a JSON 404.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, opts: { root: string | undefined }) => {
  const root = opts.root && existsSync(opts.root) ? opts.root : undefined
  const pageFor = root ? routePreloadPages(root) : () => undefined
  // The app's screens (the contract's list, which the web's router follows): any other path gets the
  // app's "page does not exist" screen with HTTP 404, so search engines and links checkers see it too.
  const screenOf = routeMatcher(Object.keys(SCREEN_ACCESS))
  const isScreen = (url: string) => screenOf(url.length > 1 ? url.replace(/\/+$/, '') : url) !== undefined
  if (root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (apps/web/scripts/compress.mjs).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Hashed assets never change; index.html must always be fresh.
        res.header('cache-control', filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache')
      },
    })
  } else {
    app.log.warn('The web app is not built (apps/web/dist): only the API is served. Run `npm run build`.')
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? ''
    // A path the API serves, called with another method: 405 and the methods it does answer.
    const allowed = allowedMethods(url)
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      throw new AppError(
        'METHOD_NOT_ALLOWED',
        `${request.method} is not allowed on ${url}: use ${allowed.join(', ')}`,
        {
          headers: { allow: allowed.join(', ') },
        },
      )
    }
    const isApi = API_PREFIXES.some((p) => url === p || url.startsWith(p.endsWith('/') ? p : `${p}/`))
    // A browser asks for text/html; curl and others ask for anything: both get the app. Only a
    // client asking for something else (JSON) gets the JSON 404.
    const accept = request.headers.accept ?? '*/*'
    const wantsHtml = accept.includes('text/html') || accept.includes('*/*')
    if (root && !isApi && (request.method === 'GET' || request.method === 'HEAD') && wantsHtml) {
      reply.header('cache-control', 'no-cache')
      if (!isScreen(url)) return reply.code(404).sendFile('index.html')
      const page = pageFor(url, request.headers['accept-language'])
      if (page === undefined) return reply.sendFile('index.html')
      // The page names the screen's translations in the browser's language. Not-found handlers get
      // no compression hook, and the page is kept: its compressed forms are kept with it.
      const { encoding, payload } = encodeKeptBody(page, request.headers['accept-encoding'])
      if (encoding) void reply.header('content-encoding', encoding)
      return reply.header('vary', 'accept-encoding, accept-language').type('text/html; charset=utf-8').send(payload)
    }
    throw new AppError('NOT_FOUND', `No such route: ${request.method} ${url}`)
  })
})
