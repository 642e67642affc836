import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'

/**
 * The security headers helmet chooses, computed once at start and set on every answer. (The Fastify
 * wrapper built helmet's middleware again on every request — ≈ 3 % of a cached read's time — and our
 * headers never vary per request: no CSP nonces.)
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {}
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value)
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()]
    },
  }
  let failed: unknown
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failed = error
  })
  if (failed) throw failed
  return headers
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: HelmetOptions) => {
  const headers = securityHeaders(options)
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers)
    done()
  })
})
