import { createHash, randomBytes } from 'node:crypto'
import type { Role } from '@townworks/contract'
import { errors, jwtVerify, SignJWT } from 'jose'

/** Cookie names: the access token for every path, the refresh token only for /api. */
export const ACCESS_COOKIE = 'tw_access'
export const REFRESH_COOKIE = 'tw_refresh'

export const ACCESS_TOKEN_SECONDS = 15 * 60
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 60 * 60
const ISSUER = 'townworks'

export interface AccessClaims {
  userId: number
  username: string
  role: Role
  /** The login session (a `sessions` row) the token belongs to: ending the session ends the token. */
  sessionId: string
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export interface TokenService {
  signAccess(claims: AccessClaims, now?: Date): Promise<string>
  /** The claims of a valid token; undefined for an expired, forged or malformed one. */
  verifyAccess(token: string): Promise<AccessClaims | undefined>
}

/** Tokens whose signature was checked already, most recent last; bounded, and each still expires. */
const VERIFIED_TOKENS_KEPT = 10_000

/**
 * Short-lived HS256 access tokens signed with a key derived from the session secret. The key is
 * imported once, and a token verified once is not verified again until it expires (a token never
 * changes; what can change — the account — is checked against the user row on every request).
 */
export function createTokenService(secret: string): TokenService {
  const raw = createHash('sha256').update(`townworks-access:${secret}`).digest()
  const keyPromise = crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify'])
  const verified = new Map<string, { claims: AccessClaims; expiresAt: number }>()
  return {
    async signAccess(claims, now = new Date()) {
      const iat = Math.floor(now.getTime() / 1000)
      return new SignJWT({ role: claims.role, name: claims.username, sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setIssuer(ISSUER)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
        .sign(await keyPromise)
    },
    async verifyAccess(token) {
      const known = verified.get(token)
      if (known) {
        if (Date.now() < known.expiresAt) return known.claims
        verified.delete(token)
      }
      try {
        const { payload } = await jwtVerify(token, await keyPromise, { issuer: ISSUER, algorithms: ['HS256'] })
        const userId = Number(payload.sub)
        if (
          !Number.isInteger(userId) ||
          typeof payload.name !== 'string' ||
          typeof payload.role !== 'string' ||
          typeof payload.sid !== 'string' ||
          !UUID.test(payload.sid)
        ) {
          return undefined
        }
        const claims: AccessClaims = {
          userId,
          username: payload.name,
          role: payload.role as Role,
          sessionId: payload.sid,
        }
        if (typeof payload.exp === 'number') {
          if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string)
          verified.set(token, { claims, expiresAt: payload.exp * 1000 })
        }
        return claims
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined
        throw error
      }
    },
  }
}

/** A new opaque refresh token; only its hash is stored. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url')
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}
