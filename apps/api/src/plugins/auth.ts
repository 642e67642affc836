import cors from '@fastify/cors'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { authenticate } from '../modules/auth/auth.service'
import { ACCESS_COOKIE, REFRESH_COOKIE, type TokenService } from '../modules/auth/tokens'
import { AppError } from '../shared/app-error'
import type { AuthUser } from '../shared/context'

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (!header) return undefined
  const match = /^Bearer\s+(.+)$/i.exec(header)
  return match?.[1]?.trim()
}

/** The origin this server answers on, as the browser sees it. */
function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`
}

/**
 * Who is calling: a bearer token (other clients) or the httpOnly access cookie (browsers).
 * Cookie-authenticated writes from another site are refused (SameSite cookies plus this Origin
 * check); origins listed in CORS_ORIGINS may call with credentials.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { tokens: TokenService; corsOrigins: string[] }) => {
  const allowedOrigins = new Set(opts.corsOrigins)
  // Keyed by account and session: dropped when either table changes in any process (decision 014).
  const accounts = app.readCache<AuthUser | null>({ name: 'accounts', tables: ['users', 'sessions'], max: 5_000 })
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowedOrigins.has(origin)),
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
  })

  app.addHook('onRequest', async (request) => {
    const bearer = bearerToken(request)
    const cookie = request.cookies[ACCESS_COOKIE]
    const usesCookies = cookie !== undefined || request.cookies[REFRESH_COOKIE] !== undefined
    if (!bearer && usesCookies && UNSAFE_METHODS.has(request.method)) {
      const origin = request.headers.origin
      const fetchSite = request.headers['sec-fetch-site']
      const crossSite = origin
        ? origin !== ownOrigin(request) && !allowedOrigins.has(origin)
        : fetchSite === 'cross-site'
      if (crossSite) {
        throw new AppError('CROSS_SITE_REQUEST', 'This request came from another site and was refused')
      }
    }
    const token = bearer ?? cookie
    request.user = token ? await authenticate(app.database.db, opts.tokens, token, accounts) : undefined
  })
})
