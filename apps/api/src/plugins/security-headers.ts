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

/**
 * What the pages may use: the camera (photos of the work) and the location ("use my location") for
 * TownWorks itself, payment for TownWorks and the payment provider's checkout; nothing else.
 */
export function permissionsPolicy(paymentOrigins: readonly string[] = []): string {
  const self = (...origins: readonly string[]) => `(${['self', ...origins.map((o) => `"${o}"`)].join(' ')})`
  return [
    'accelerometer=()',
    'autoplay=()',
    'bluetooth=()',
    `camera=${self()}`,
    'display-capture=()',
    `fullscreen=${self()}`,
    `geolocation=${self()}`,
    'gyroscope=()',
    'hid=()',
    'magnetometer=()',
    'microphone=()',
    'midi=()',
    `payment=${self(...paymentOrigins)}`,
    'screen-wake-lock=()',
    'serial=()',
    'usb=()',
    'xr-spatial-tracking=()',
  ].join(', ')
}

/** Strict-Transport-Security for answers that came over https: a year, subdomains included. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains'

export interface SecurityHeadersOptions {
  helmet: HelmetOptions
  /** Origins (besides our own) whose frames may use the Payment Request API. */
  paymentOrigins?: readonly string[]
  /** Send HSTS on answers whose request came over https (request.protocol, which TRUST_PROXY governs). */
  hsts: boolean
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: SecurityHeadersOptions) => {
  const headers = {
    ...securityHeaders(options.helmet),
    'permissions-policy': permissionsPolicy(options.paymentOrigins),
  }
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(headers)
    // Only over https: a browser ignores it over http, and a plain-http deployment must not promise it.
    if (options.hsts && request.protocol === 'https') void reply.header('strict-transport-security', HSTS_VALUE)
    done()
  })
})
