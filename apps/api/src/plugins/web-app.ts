import { existsSync } from 'node:fs'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../shared/app-error'

const API_PREFIXES = ['/api/', '/api', '/send-whatsapp', '/healthz', '/readyz']

/**
 * Serves the built web app and answers every other GET that wants HTML with index.html, so
 * client routes (/ts, /my/jobs …) work on reload. API paths that match nothing get a JSON 404.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, opts: { root: string | undefined }) => {
  const root = opts.root && existsSync(opts.root) ? opts.root : undefined
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
    const isApi = API_PREFIXES.some((p) => url === p || url.startsWith(p.endsWith('/') ? p : `${p}/`))
    // A browser asks for text/html; curl and others ask for anything: both get the app. Only a
    // client asking for something else (JSON) gets the JSON 404.
    const accept = request.headers.accept ?? '*/*'
    const wantsHtml = accept.includes('text/html') || accept.includes('*/*')
    if (root && !isApi && (request.method === 'GET' || request.method === 'HEAD') && wantsHtml) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html')
    }
    throw new AppError('NOT_FOUND', `No such route: ${request.method} ${url}`)
  })
})
