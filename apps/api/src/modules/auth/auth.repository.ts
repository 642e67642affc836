import type { Language, Role } from '@townworks/contract'
import { and, count, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { prepared } from '../../db/prepared'
import { loginAttempts, refreshTokens, sessions, users } from '../../db/schema'

export interface UserRow {
  id: number
  username: string
  email: string | null
  passwordHash: string
  role: Role
  phone: string | null
  language: Language
  disabled: boolean
  mustChangePassword: boolean
  phoneVerifiedAt: Date | null
  secondStep: boolean
  displayName: string | null
}

export const userColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  passwordHash: users.passwordHash,
  role: users.role,
  phone: users.phone,
  language: users.language,
  disabled: users.disabled,
  mustChangePassword: users.mustChangePassword,
  phoneVerifiedAt: users.phoneVerifiedAt,
  secondStep: users.secondStep,
  displayName: users.displayName,
}

/** A user by name, case-insensitively. */
export async function findUserByUsername(db: DbOrTx, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
  return row
}

/** A user by id: read by every authenticated request whose account is not cached, so prepared once. */
export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await prepared(db, 'user_by_id', (d, name) =>
    d
      .select(userColumns)
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .prepare(name),
  ).execute({ id })
  return row
}

/**
 * The account behind an access token, when its session is still open: read by every authenticated
 * request whose account is not cached, so prepared once.
 */
export async function findSessionAccount(db: DbOrTx, userId: number, sessionId: string): Promise<UserRow | undefined> {
  const [row] = await prepared(db, 'session_account', (d, name) =>
    d
      .select(userColumns)
      .from(users)
      .innerJoin(sessions, eq(sessions.userId, users.id))
      .where(
        and(
          eq(users.id, sql.placeholder('userId')),
          eq(sessions.id, sql.placeholder('sessionId')),
          isNull(sessions.revokedAt),
        ),
      )
      .prepare(name),
  ).execute({ userId, sessionId })
  return row
}

/** Set a user's password hash; a chosen password is no longer a one-time one. */
export async function updatePassword(db: DbOrTx, id: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, mustChangePassword: false }).where(eq(users.id, id))
}

/** Open a login session. */
export async function insertSession(db: DbOrTx, values: { id: string; userId: number }): Promise<void> {
  await db.insert(sessions).values(values)
}

/** Whether a session is open (not revoked). */
export async function sessionIsOpen(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
  return row !== undefined
}

/** End these sessions: their access tokens stop working, and their refresh tokens too. */
export async function revokeSessions(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length === 0) return
  const now = new Date()
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(inArray(sessions.id, ids), isNull(sessions.revokedAt)))
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(inArray(refreshTokens.familyId, ids), isNull(refreshTokens.revokedAt)))
}

/** End every session of a user, but the one kept (the caller's own, after a password change). */
export async function revokeUserSessions(db: DbOrTx, userId: number, keep?: string): Promise<void> {
  const now = new Date()
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined))
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keep ? ne(refreshTokens.familyId, keep) : undefined,
      ),
    )
}

/** Set a user's language; undefined when there is no such user. */
export async function updateUserLanguage(db: DbOrTx, id: number, language: Language): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set({ language }).where(eq(users.id, id)).returning(userColumns)
  return row
}

/** Set the name a user goes by. */
export async function updateUserDisplayName(db: DbOrTx, id: number, displayName: string): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set({ displayName }).where(eq(users.id, id)).returning(userColumns)
  return row
}

/** Insert a user; undefined when the name is taken (any case). */
export async function insertUser(
  db: DbOrTx,
  values: { username: string; email: string | null; passwordHash: string; role: Role; mustChangePassword?: boolean },
): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning(userColumns)
  return row
}

export async function countAdmins(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.role, 'admin'))
  return row?.n ?? 0
}

export async function insertRefreshToken(
  db: DbOrTx,
  values: { userId: number; familyId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(values)
}

export interface RefreshTokenRow {
  id: number
  userId: number
  familyId: string
  expiresAt: Date
  usedAt: Date | null
  revokedAt: Date | null
}

export async function findRefreshToken(db: DbOrTx, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  const [row] = await db
    .select({
      id: refreshTokens.id,
      userId: refreshTokens.userId,
      familyId: refreshTokens.familyId,
      expiresAt: refreshTokens.expiresAt,
      usedAt: refreshTokens.usedAt,
      revokedAt: refreshTokens.revokedAt,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
  return row
}

/** Mark a refresh token used, atomically: false when another request used it first. */
export async function markRefreshTokenUsed(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id })
  return rows.length === 1
}

export async function revokeFamily(db: DbOrTx, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
}

export async function recordFailedLogin(db: DbOrTx, keys: string[]): Promise<void> {
  await db.insert(loginAttempts).values(keys.map((key) => ({ key })))
}

/** Failed attempts for a key since a moment, and the oldest of them (to say when the wait ends). */
export async function failedLoginsSince(
  db: DbOrTx,
  key: string,
  since: Date,
): Promise<{ n: number; oldest: Date | null }> {
  const [row] = await db
    .select({ n: count(), oldest: sql<string | null>`min(${loginAttempts.at})` })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.key, key), gt(loginAttempts.at, since)))
  return { n: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null }
}

export async function clearFailedLogins(db: DbOrTx, key: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, key))
}

/** Forget attempts older than the window, so the table stays small. */
export async function pruneFailedLogins(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(loginAttempts).where(lt(loginAttempts.at, before))
}
