import { randomUUID } from 'node:crypto'
import type { LoginBody, Me, RegisterBody, UpdateLanguageBody } from '@townworks/contract'
import type { Db } from '../../db/client'
import { AppError } from '../../shared/app-error'
import type { AuthUser, Ctx } from '../../shared/context'
import type { ReadCache } from '../../shared/read-cache'
import { hashPassword, verifyPassword } from '../../shared/password'
import * as authRepository from './auth.repository'
import { assertSignupAllowed, type SignupLimit } from './signup-limit'
import { hashToken, newRefreshToken, REFRESH_TOKEN_SECONDS, type TokenService } from './tokens'

/** Failed logins allowed in the window, per account and per address, before answering 429. */
export const LOGIN_LIMITS = { perAccount: 5, perAddress: 20, windowSeconds: 15 * 60 }

// Verifying against this when the user does not exist keeps the answer time the same.
let dummyHash: Promise<string> | undefined
const getDummyHash = () => (dummyHash ??= hashPassword('not-a-real-password-at-all'))

export interface Session {
  user: AuthUser
  accessToken: string
  refreshToken: string
}

async function issueSession(db: Db, tokens: TokenService, user: AuthUser, familyId: string): Promise<Session> {
  const refreshToken = newRefreshToken()
  await authRepository.insertRefreshToken(db, {
    userId: user.id,
    familyId,
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_SECONDS * 1000),
  })
  const accessToken = await tokens.signAccess({ userId: user.id, username: user.username, role: user.role })
  return { user, accessToken, refreshToken }
}

/** Sign up a customer. Names are unique whatever their case; each address has a few sign-ups an hour. */
export async function register(ctx: Ctx, body: RegisterBody, limit: SignupLimit): Promise<void> {
  const db = ctx.database.db
  await assertSignupAllowed(db, limit)
  if (await authRepository.findUserByUsername(db, body.user)) {
    throw new AppError('DUPLICATE_USER', 'User already exist')
  }
  const created = await authRepository.insertUser(db, {
    username: body.user,
    email: body.email,
    passwordHash: await hashPassword(body.pwd),
    role: 'customer',
  })
  // Two sign-ups for one name at once: the unique index lets one through.
  if (!created) throw new AppError('DUPLICATE_USER', 'User already exist')
}

async function assertNotLockedOut(db: Db, keys: string[], now: Date): Promise<void> {
  const since = new Date(now.getTime() - LOGIN_LIMITS.windowSeconds * 1000)
  for (const key of keys) {
    const limit = key.startsWith('account:') ? LOGIN_LIMITS.perAccount : LOGIN_LIMITS.perAddress
    const { n, oldest } = await authRepository.failedLoginsSince(db, key, since)
    if (n >= limit) {
      const waitUntil = (oldest ?? now).getTime() + LOGIN_LIMITS.windowSeconds * 1000
      const retryAfterSeconds = Math.max(1, Math.ceil((waitUntil - now.getTime()) / 1000))
      const minutes = Math.ceil(retryAfterSeconds / 60)
      throw new AppError(
        'TOO_MANY_ATTEMPTS',
        `Too many failed attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
        { details: { retryAfterSeconds }, headers: { 'retry-after': String(retryAfterSeconds) } },
      )
    }
  }
}

/**
 * Log in with a name and password. Wrong name, wrong password and a disabled account all get
 * the same answer, so a caller cannot learn which names exist.
 */
export async function login(ctx: Ctx, tokens: TokenService, body: LoginBody, address: string): Promise<Session> {
  const db = ctx.database.db
  const now = new Date()
  const keys = [`account:${body.user.toLowerCase()}`, `address:${address}`]
  await assertNotLockedOut(db, keys, now)
  const user = await authRepository.findUserByUsername(db, body.user)
  const ok = await verifyPassword(body.pwd, user?.passwordHash ?? (await getDummyHash()))
  if (!user || !ok || user.disabled) {
    await authRepository.recordFailedLogin(db, keys)
    if (Math.random() < 0.05) {
      await authRepository.pruneFailedLogins(db, new Date(now.getTime() - LOGIN_LIMITS.windowSeconds * 1000))
    }
    throw new AppError('UNAUTHENTICATED', 'Wrong user name or password')
  }
  await authRepository.clearFailedLogins(db, keys[0]!)
  return issueSession(db, tokens, { id: user.id, username: user.username, role: user.role }, randomUUID())
}

/**
 * Rotate a refresh token. Each token works once; presenting one that was already used means it
 * was stolen or replayed, so its whole family is revoked and the user must log in again.
 */
export async function refresh(ctx: Ctx, tokens: TokenService, refreshToken: string | undefined): Promise<Session> {
  const db = ctx.database.db
  const expired = new AppError('UNAUTHENTICATED', 'Your session has ended. Please log in again.')
  if (!refreshToken) throw expired
  const row = await authRepository.findRefreshToken(db, hashToken(refreshToken))
  if (!row) throw expired
  if (row.usedAt || row.revokedAt) {
    await authRepository.revokeFamily(db, row.familyId)
    throw expired
  }
  if (row.expiresAt.getTime() <= Date.now()) throw expired
  if (!(await authRepository.markRefreshTokenUsed(db, row.id))) {
    await authRepository.revokeFamily(db, row.familyId)
    throw expired
  }
  const user = await authRepository.findUserById(db, row.userId)
  if (!user || user.disabled) {
    await authRepository.revokeFamily(db, row.familyId)
    throw expired
  }
  return issueSession(db, tokens, { id: user.id, username: user.username, role: user.role }, row.familyId)
}

/** End the session of this refresh token (its whole family). */
export async function logout(ctx: Ctx, refreshToken: string | undefined): Promise<void> {
  if (!refreshToken) return
  const row = await authRepository.findRefreshToken(ctx.database.db, hashToken(refreshToken))
  if (row) await authRepository.revokeFamily(ctx.database.db, row.familyId)
}

/**
 * The caller behind an access token, as the database has the account now, so that a disabled
 * account or a changed role takes effect at once, not when the token expires. `accounts` keeps the
 * rows between requests and drops them whenever the users table changes (decision 014).
 */
export async function authenticate(
  db: Db,
  tokens: TokenService,
  token: string,
  accounts?: ReadCache<AuthUser | null>,
): Promise<AuthUser | undefined> {
  const claims = await tokens.verifyAccess(token)
  if (!claims) return undefined
  const load = () => activeAccount(db, claims.userId)
  return (await (accounts ? accounts.get(String(claims.userId), load) : load())) ?? undefined
}

/** The account behind a token as it is now: null once disabled or deleted. */
async function activeAccount(db: Db, userId: number): Promise<AuthUser | null> {
  const user = await authRepository.findUserById(db, userId)
  if (!user || user.disabled) return null
  return { id: user.id, username: user.username, role: user.role }
}

/** The logged-in user's profile. */
export async function me(ctx: Ctx): Promise<Me> {
  const user = ctx.user && (await authRepository.findUserById(ctx.database.db, ctx.user.id))
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue')
  return toMe(user)
}

/** Save the logged-in user's language: the screens use it after login, notifications use it too. */
export async function updateMyLanguage(ctx: Ctx, body: UpdateLanguageBody): Promise<Me> {
  const user = ctx.user && (await authRepository.updateUserLanguage(ctx.database.db, ctx.user.id, body.language))
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue')
  return toMe(user)
}

function toMe(user: authRepository.UserRow): Me {
  return {
    id: user.id,
    user: user.username,
    email: user.email,
    role: user.role,
    phone: user.phone,
    language: user.language,
  }
}

/** Create the configured admin at start when no admin exists yet. */
export async function ensureAdmin(db: Db, username: string, password: string): Promise<'created' | 'exists'> {
  if ((await authRepository.countAdmins(db)) > 0) return 'exists'
  const created = await authRepository.insertUser(db, {
    username,
    email: null,
    passwordHash: await hashPassword(password),
    role: 'admin',
  })
  if (!created) throw new Error(`ADMIN_USERNAME ${username} is taken by a user who is not an admin`)
  return 'created'
}
