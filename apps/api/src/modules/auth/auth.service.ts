import { randomUUID } from 'node:crypto'
import type {
  ChangePasswordBody,
  LoginBody,
  Me,
  RegisterBody,
  UpdateLanguageBody,
  UpdateMyNameBody,
} from '@townworks/contract'
import type { Db, DbOrTx } from '../../db/client'
import { AppError, invalidInput } from '../../shared/app-error'
import type { AuthUser, Ctx } from '../../shared/context'
import { loginFailures } from '../../shared/metrics'
import type { ReadCache } from '../../shared/read-cache'
import { hashPassword, verifyPassword } from '../../shared/password'
import * as authRepository from './auth.repository'
import * as otpRepository from './otp.repository'
import { assertSignupAllowed, type SignupLimit } from './signup-limit'
import { hashToken, newRefreshToken, REFRESH_TOKEN_SECONDS, type TokenService } from './tokens'

/**
 * Login throttling (OWASP ASVS V2.2): nobody elsewhere can lock an account's owner out.
 * - `perAccountAndAddress` failures for one account from one address refuse that address for that
 *   account (429) until the window has passed; the owner elsewhere is not concerned.
 * - `perAddress` failures from one address, whatever the accounts, refuse that address (429).
 * - Failures for one account from everywhere only slow its logins down: after `slowAfter` failures
 *   in the window each attempt waits, doubling from `slowdownBaseMs` up to `slowdownMaxMs`, right
 *   password or not — a distributed guesser is slowed, the owner still gets in.
 * Counts live in the database (`login_attempts`), so they hold across API processes.
 */
export const LOGIN_LIMITS = {
  perAccountAndAddress: 5,
  perAddress: 20,
  windowSeconds: 15 * 60,
  slowAfter: 10,
  slowdownBaseMs: 250,
  slowdownMaxMs: 5_000,
}

/** How long a login for an account waits, given its failures in the window from every address. */
export function accountSlowdownMs(failures: number): number {
  if (failures < LOGIN_LIMITS.slowAfter) return 0
  const doublings = Math.min(failures - LOGIN_LIMITS.slowAfter, 20)
  return Math.min(LOGIN_LIMITS.slowdownBaseMs * 2 ** doublings, LOGIN_LIMITS.slowdownMaxMs)
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** The keys one login attempt is counted under: the account, the account from this address, the address. */
function attemptKeys(username: string, address: string) {
  const account = username.trim().toLowerCase()
  return { account: `account:${account}`, pair: `account-address:${account}|${address}`, address: `address:${address}` }
}

// Verifying against this when the user does not exist keeps the answer time the same.
let dummyHash: Promise<string> | undefined
const getDummyHash = () => (dummyHash ??= hashPassword('not-a-real-password-at-all'))

export interface Session {
  user: AuthUser & { sessionId: string }
  accessToken: string
  refreshToken: string
}

/** The fields of a session's caller, from the account row. */
function callerOf(user: authRepository.UserRow, sessionId: string): AuthUser & { sessionId: string } {
  return {
    id: user.id,
    username: user.username,
    role: user.role,
    sessionId,
    mustChangePassword: user.mustChangePassword,
  }
}

/** Issue tokens for a session: a new refresh token of its family and an access token carrying its id. */
async function issueSession(
  db: DbOrTx,
  tokens: TokenService,
  user: AuthUser & { sessionId: string },
): Promise<Session> {
  const familyId = user.sessionId
  const refreshToken = newRefreshToken()
  await authRepository.insertRefreshToken(db, {
    userId: user.id,
    familyId,
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_SECONDS * 1000),
  })
  const accessToken = await tokens.signAccess({
    userId: user.id,
    username: user.username,
    role: user.role,
    sessionId: user.sessionId,
  })
  return { user, accessToken, refreshToken }
}

/**
 * Open a login session for an account and issue its tokens: what a password login does once the
 * password was right, and what a right one-time code does (the same session, lifetimes and role).
 * Joins the caller's transaction.
 */
export async function openSession(db: DbOrTx, tokens: TokenService, user: authRepository.UserRow): Promise<Session> {
  const sessionId = randomUUID()
  await authRepository.insertSession(db, { id: sessionId, userId: user.id })
  return issueSession(db, tokens, callerOf(user, sessionId))
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

/** 429 when one of these keys had its limit of failures within the window. */
async function assertNotThrottled(db: Db, limits: [key: string, limit: number][], now: Date): Promise<void> {
  const since = new Date(now.getTime() - LOGIN_LIMITS.windowSeconds * 1000)
  for (const [key, limit] of limits) {
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

/** Count a failed password check, and now and then forget attempts older than the window. */
async function recordFailure(db: Db, keys: string[], now: Date): Promise<void> {
  await authRepository.recordFailedLogin(db, keys)
  if (Math.random() < 0.05) {
    await authRepository.pruneFailedLogins(db, new Date(now.getTime() - LOGIN_LIMITS.windowSeconds * 1000))
  }
}

/**
 * Log in with a name and password. Wrong name, wrong password and a disabled account all get
 * the same answer, so a caller cannot learn which names exist.
 */
export async function login(
  ctx: Ctx,
  tokens: TokenService,
  body: LoginBody,
  address: string,
  beforeSession?: (user: authRepository.UserRow) => Promise<void>,
): Promise<Session> {
  const db = ctx.database.db
  const now = new Date()
  const keys = attemptKeys(body.user, address)
  await assertNotThrottled(
    db,
    [
      [keys.pair, LOGIN_LIMITS.perAccountAndAddress],
      [keys.address, LOGIN_LIMITS.perAddress],
    ],
    now,
  )
  const since = new Date(now.getTime() - LOGIN_LIMITS.windowSeconds * 1000)
  const slowdown = accountSlowdownMs((await authRepository.failedLoginsSince(db, keys.account, since)).n)
  if (slowdown > 0) await sleep(slowdown)
  const user = await authRepository.findUserByUsername(db, body.user)
  // An account made by a number has no password (an unusable hash): checked against the dummy
  // hash, so its answer takes as long as any other's.
  const stored = user?.passwordHash.startsWith('scrypt$') ? user.passwordHash : await getDummyHash()
  const ok = (await verifyPassword(body.pwd, stored)) && stored === user?.passwordHash
  if (!user || !ok || user.disabled) {
    loginFailures.inc({ kind: 'password' })
    await recordFailure(db, [keys.account, keys.pair, keys.address], now)
    throw new AppError('UNAUTHENTICATED', 'Wrong user name or password')
  }
  // The owner got in from here: this address is trusted again for this account. The account's
  // count stays, so that a guesser elsewhere is not sped up by the owner's success.
  await authRepository.clearFailedLogins(db, keys.pair)
  // Staff who asked for a code after the password (or whose admin requires it): no session yet.
  if (beforeSession) await beforeSession(user)
  return openSession(db, tokens, user)
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
  if (!user || user.disabled || !(await authRepository.sessionIsOpen(db, row.familyId))) {
    await authRepository.revokeFamily(db, row.familyId)
    throw expired
  }
  return issueSession(db, tokens, callerOf(user, row.familyId))
}

/**
 * End the caller's session: the one of the refresh cookie and the one of the access token (cookie
 * or bearer). Every token of it stops working at once, in every process.
 */
export async function logout(ctx: Ctx, refreshToken: string | undefined): Promise<void> {
  const ended = new Set<string>()
  if (ctx.user?.sessionId) ended.add(ctx.user.sessionId)
  if (refreshToken) {
    const row = await authRepository.findRefreshToken(ctx.database.db, hashToken(refreshToken))
    if (row) ended.add(row.familyId)
  }
  await authRepository.revokeSessions(ctx.database.db, [...ended])
}

/** End every session of an account (disabled by an admin); joins the caller's transaction. */
export async function endAllSessions(db: DbOrTx, userId: number): Promise<void> {
  await authRepository.revokeUserSessions(db, userId)
}

/**
 * Change the caller's password: the current one must be right (failures count towards the login
 * throttle of this account from this address), the new one is checked as sign-up checks it. Every
 * other session of the account ends; this one goes on, and is no longer held to a password change.
 */
export async function changePassword(ctx: Ctx, body: ChangePasswordBody, address: string): Promise<void> {
  const db = ctx.database.db
  const caller = ctx.user
  const user = caller && (await authRepository.findUserById(db, caller.id))
  if (!caller?.sessionId || !user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue')
  const now = new Date()
  const keys = attemptKeys(user.username, address)
  await assertNotThrottled(db, [[keys.pair, LOGIN_LIMITS.perAccountAndAddress]], now)
  if (body.newPwd.toLowerCase() === user.username.toLowerCase()) {
    throw invalidInput('newPwd', 'The password must not be the user name')
  }
  // Only an account that never had a password (made by a verified number) sets its first without
  // the current one: the stored hash says so, not the client, so a stolen session cannot change a
  // password someone knows.
  if (hasPassword(user)) {
    if (body.currentPwd === undefined) throw invalidInput('currentPwd', 'Enter your current password')
    if (!(await verifyPassword(body.currentPwd, user.passwordHash))) {
      await recordFailure(db, [keys.account, keys.pair], now)
      throw invalidInput('currentPwd', 'The current password is not right')
    }
  }
  const passwordHash = await hashPassword(body.newPwd)
  await db.transaction(async (tx) => {
    await authRepository.updatePassword(tx, user.id, passwordHash)
    await authRepository.revokeUserSessions(tx, user.id, caller.sessionId)
  })
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
  const load = () => activeAccount(db, claims.userId, claims.sessionId)
  const key = `${claims.userId}:${claims.sessionId}`
  return (await (accounts ? accounts.get(key, load) : load())) ?? undefined
}

/** The account behind a token as it is now: null once disabled or deleted, or its session ended. */
async function activeAccount(db: Db, userId: number, sessionId: string): Promise<AuthUser | null> {
  const user = await authRepository.findSessionAccount(db, userId, sessionId)
  if (!user || user.disabled) return null
  return callerOf(user, sessionId)
}

/** The logged-in user's profile. */
export async function me(ctx: Ctx): Promise<Me> {
  const user = ctx.user && (await authRepository.findUserById(ctx.database.db, ctx.user.id))
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue')
  return toMe(ctx.database.db, user)
}

/** Save the name the logged-in user goes by. */
export async function updateMyName(ctx: Ctx, body: UpdateMyNameBody): Promise<Me> {
  const user = ctx.user && (await authRepository.updateUserDisplayName(ctx.database.db, ctx.user.id, body.display_name))
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue')
  return toMe(ctx.database.db, user)
}

/**
 * Whether the account has a password: only the marker a verified number's new account is made with
 * (never a hash) says it has none, so anything else, even a hash this server cannot read, counts as
 * a password someone may know.
 */
export function hasPassword(user: Pick<authRepository.UserRow, 'passwordHash'>): boolean {
  return user.passwordHash !== otpRepository.NO_PASSWORD
}

/** Save the logged-in user's language: the screens use it after login, notifications use it too. */
export async function updateMyLanguage(ctx: Ctx, body: UpdateLanguageBody): Promise<Me> {
  const user = ctx.user && (await authRepository.updateUserLanguage(ctx.database.db, ctx.user.id, body.language))
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue')
  return toMe(ctx.database.db, user)
}

/** Whether the admin requires a code after the password for every staff sign-in. */
export async function staffSecondStepRequired(db: DbOrTx): Promise<boolean> {
  return (await otpRepository.getSetting(db, otpRepository.STAFF_SECOND_STEP)) === 'true'
}

/** The account as /api/me answers it. */
export async function toMe(db: DbOrTx, user: authRepository.UserRow): Promise<Me> {
  const staff = user.role === 'operator' || user.role === 'admin'
  const required = staff && (await staffSecondStepRequired(db))
  return {
    id: user.id,
    user: user.username,
    email: user.email,
    role: user.role,
    phone: user.phone,
    language: user.language,
    mustChangePassword: user.mustChangePassword,
    phone_verified: user.phoneVerifiedAt !== null,
    second_step: staff && (user.secondStep || required),
    second_step_required: required,
    display_name: user.displayName,
    has_password: hasPassword(user),
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
