import { OTP_MAX_TRIES, type Channel, type Language, type Role } from '@townworks/contract'
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { appSettings, otpChallenges, users } from '../../db/schema'
import { userColumns, type UserRow } from './auth.repository'

export type OtpPurpose = 'sign_in' | 'second_step' | 'change_phone' | 'password_reset'

export interface ChallengeRow {
  id: string
  purpose: OtpPurpose
  phone: string
  channel: Channel
  language: Language
  userId: number | null
  codeHash: string | null
  tries: number
  codes: number
  expiresAt: Date
  lastSentAt: Date
  closedAt: Date | null
  closedReason: string | null
  completionHash: string | null
  completedAt: Date | null
}

const challengeColumns = {
  id: otpChallenges.id,
  purpose: otpChallenges.purpose,
  phone: otpChallenges.phone,
  channel: otpChallenges.channel,
  language: otpChallenges.language,
  userId: otpChallenges.userId,
  codeHash: otpChallenges.codeHash,
  tries: otpChallenges.tries,
  codes: otpChallenges.codes,
  expiresAt: otpChallenges.expiresAt,
  lastSentAt: otpChallenges.lastSentAt,
  closedAt: otpChallenges.closedAt,
  closedReason: otpChallenges.closedReason,
  completionHash: otpChallenges.completionHash,
  completedAt: otpChallenges.completedAt,
}

export async function insertChallenge(
  db: DbOrTx,
  values: {
    id: string
    purpose: OtpPurpose
    phone: string
    channel: Channel
    language: Language
    userId: number | null
    codeHash: string | null
    expiresAt: Date
    lastSentAt: Date
  },
): Promise<void> {
  await db.insert(otpChallenges).values(values)
}

export async function findChallenge(db: DbOrTx, id: string): Promise<ChallengeRow | undefined> {
  const [row] = await db.select(challengeColumns).from(otpChallenges).where(eq(otpChallenges.id, id))
  return row
}

/** The challenge, locked until the transaction ends (a resend). */
export async function lockChallenge(db: DbOrTx, id: string): Promise<ChallengeRow | undefined> {
  const [row] = await db.select(challengeColumns).from(otpChallenges).where(eq(otpChallenges.id, id)).for('update')
  return row
}

/**
 * Count one try of a challenge's code, in one statement: only while it is open and has tries left,
 * so parallel guesses never get more than OTP_MAX_TRIES between them. The row stays locked until the
 * transaction ends: a second verify of the same code waits, then finds it closed.
 */
export async function takeTry(db: DbOrTx, id: string, purposes: OtpPurpose[]): Promise<ChallengeRow | undefined> {
  const [row] = await db
    .update(otpChallenges)
    .set({ tries: sql`${otpChallenges.tries} + 1` })
    .where(
      and(
        eq(otpChallenges.id, id),
        inArray(otpChallenges.purpose, purposes),
        isNull(otpChallenges.closedAt),
        lt(otpChallenges.tries, OTP_MAX_TRIES),
      ),
    )
    .returning(challengeColumns)
  return row
}

/** Close an open challenge for good; false when it was closed already (another verify used it). */
export async function closeChallenge(
  db: DbOrTx,
  id: string,
  reason: 'used' | 'tries',
  at: Date,
  completionHash: string | null = null,
): Promise<boolean> {
  const rows = await db
    .update(otpChallenges)
    .set({ closedAt: at, closedReason: reason, completionHash })
    .where(and(eq(otpChallenges.id, id), isNull(otpChallenges.closedAt)))
    .returning({ id: otpChallenges.id })
  return rows.length === 1
}

/** A new code for a challenge: the old one stops working, its tries start again. */
export async function replaceCode(
  db: DbOrTx,
  id: string,
  values: { codeHash: string | null; channel: Channel; expiresAt: Date; lastSentAt: Date },
): Promise<void> {
  await db
    .update(otpChallenges)
    .set({
      ...values,
      tries: 0,
      codes: sql`${otpChallenges.codes} + 1`,
      closedAt: null,
      closedReason: null,
    })
    .where(eq(otpChallenges.id, id))
}

/**
 * Take a verified new number's completion, once: the challenge whose right code answered
 * `name_needed` with this token, not completed yet, closed since `since`. Answers its number and language.
 */
export async function takeCompletion(
  db: DbOrTx,
  id: string,
  completionHash: string,
  since: Date,
  at: Date,
): Promise<{ phone: string; language: Language } | undefined> {
  const [row] = await db
    .update(otpChallenges)
    .set({ completedAt: at })
    .where(
      and(
        eq(otpChallenges.id, id),
        eq(otpChallenges.purpose, 'sign_in'),
        eq(otpChallenges.closedReason, 'used'),
        eq(otpChallenges.completionHash, completionHash),
        isNull(otpChallenges.completedAt),
        sql`${otpChallenges.closedAt} > ${since.toISOString()}::timestamptz`,
      ),
    )
    .returning({ phone: otpChallenges.phone, language: otpChallenges.language })
  return row
}

/** Forget challenges created before `before` (now and then, so the table stays small). */
export async function pruneChallenges(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(otpChallenges).where(lt(otpChallenges.createdAt, before))
}

/** The last ten digits of a stored phone number, whatever way it was written. */
const last10 = sql`right(regexp_replace(${users.phone}, '[^0-9]', '', 'g'), 10)`

/**
 * The accounts whose number is this one (any way it was written), verified ones first, then the
 * oldest. An admin's invitation writes a number without a code; a code proves it.
 */
export async function accountsWithPhone(db: DbOrTx, phone: string): Promise<UserRow[]> {
  return db
    .select(userColumns)
    .from(users)
    .where(sql`${last10} = ${phone.slice(-10)}`)
    .orderBy(sql`${users.phoneVerifiedAt} is null`, asc(users.id))
}

/** The account whose verified number this is, if any (a password reset by code). */
export async function verifiedAccountWithPhone(db: DbOrTx, phone: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(and(sql`${last10} = ${phone.slice(-10)}`, sql`${users.phoneVerifiedAt} is not null`))
    .orderBy(desc(users.phoneVerifiedAt))
    .limit(1)
  return row
}

/** Serialise the work on one number (two first sign-ins of a new number make one account). */
export async function lockPhone(db: DbOrTx, phone: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone-account|${phone}`}))`)
}

/** The number was proved with a code: stored as +91…, with the moment. */
export async function setVerifiedPhone(db: DbOrTx, userId: number, phone: string, at: Date): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ phone, phoneVerifiedAt: at })
    .where(eq(users.id, userId))
    .returning(userColumns)
  return row!
}

/** A login made by a verified number: no password of its own yet (an unusable hash). */
export async function insertPhoneAccount(
  db: DbOrTx,
  values: { username: string; role: Role; phone: string; language: Language; displayName: string | null; at: Date },
): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({
      username: values.username,
      email: null,
      passwordHash: NO_PASSWORD,
      role: values.role,
      phone: values.phone,
      phoneVerifiedAt: values.at,
      language: values.language,
      displayName: values.displayName,
    })
    .onConflictDoNothing()
    .returning(userColumns)
  return row
}

/** The password hash of an account that has none: no password ever matches it. */
export const NO_PASSWORD = '!no-password'

export async function setSecondStep(db: DbOrTx, userId: number, enabled: boolean): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set({ secondStep: enabled }).where(eq(users.id, userId)).returning(userColumns)
  return row
}

export const STAFF_SECOND_STEP = 'staff_second_step'

export async function getSetting(db: DbOrTx, key: string): Promise<string | undefined> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key))
  return row?.value
}

export async function setSetting(db: DbOrTx, key: string, value: string, by: number): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key, value, updatedBy: by })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedBy: by, updatedAt: sql`now()` } })
}

/** Active staff without a verified number, by name. */
export async function staffWithoutNumber(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .where(
      and(
        or(eq(users.role, 'operator'), eq(users.role, 'admin')),
        eq(users.disabled, false),
        isNull(users.phoneVerifiedAt),
      ),
    )
    .orderBy(asc(users.username))
  return rows.map((r) => r.username)
}
