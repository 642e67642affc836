import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

/** Everyone with a login: customers, workers, operators, admins. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['customer', 'worker', 'operator', 'admin'] })
      .notNull()
      .default('customer'),
    phone: text('phone'),
    language: text('language', { enum: ['en', 'te', 'hi'] })
      .notNull()
      .default('en'),
    disabled: boolean('disabled').notNull().default(false),
    /** The person turned off SMS or WhatsApp messages (profile screen); the notification dispatcher respects it. */
    smsOptOut: boolean('sms_opt_out').notNull().default(false),
    whatsappOptOut: boolean('whatsapp_opt_out').notNull().default(false),
    /** The password was generated (a demo login, later an invite): the next login must choose a new one. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** When `phone` was last proved with a one-time code (sign-in by number, change of number); null: never. */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    /** The person's name as they gave it (a customer who signed up with a number gives only this). */
    displayName: text('display_name'),
    /** Staff: ask for a code to the verified number after the password (issue 19). */
    secondStep: boolean('second_step').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Case-insensitive uniqueness: 'Ravi' and 'ravi' are one user.
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    check('users_role_check', sql`${t.role} in ('customer', 'worker', 'operator', 'admin')`),
    check('users_language_check', sql`${t.language} in ('en', 'te', 'hi')`),
  ],
)

/** Refresh tokens, rotated on use; a reused one revokes its whole family. Only a hash is stored. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_family_idx').on(t.familyId)],
)

/**
 * One row per login session (a browser or client that logged in). Its id is the refresh-token
 * family and the `sid` of every access token issued to it; once revoked (logout, password change,
 * account disabled) those tokens stop working at once, in every process (the table is announced).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

/** Failed login attempts, per account and per address, for the lockout; shared by every API process. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_key_at_idx').on(t.key, t.at)],
)

/**
 * Request counters of the HTTP rate limit (decision 010), one row per key and window; shared by
 * every API process on one database, so N processes do not allow N times the limit.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hits_reset_at_idx').on(t.resetAt)],
)

/**
 * One-time code challenges (issue 19): a sign-in by number, a staff code after the password, a
 * change of number, a password reset. Only an HMAC of the code is kept (keyed with the server's
 * secret and bound to the challenge), never the code. A new code for a challenge replaces the old
 * (`code_hash`, `tries` back to 0); `closed_at` ends it for good (used, tries used up).
 */
export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: uuid('id').primaryKey(),
    purpose: text('purpose', { enum: ['sign_in', 'second_step', 'change_phone', 'password_reset'] }).notNull(),
    /** The number the code went to, +91XXXXXXXXXX. */
    phone: text('phone').notNull(),
    channel: text('channel', { enum: ['sms', 'whatsapp'] }).notNull(),
    /** The language of the code's message, and of the account a new number makes. */
    language: text('language', { enum: ['en', 'te', 'hi'] })
      .notNull()
      .default('en'),
    /** The account concerned: staff signing in, the caller changing number, the account to reset; null otherwise. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** null: nothing may be done with it (a reset for a number with no account) — it only looks the same. */
    codeHash: text('code_hash'),
    tries: integer('tries').notNull().default(0),
    codes: integer('codes').notNull().default(1),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
    /** Why it was closed: `used` (the code worked), `tries` (5 wrong codes). */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedReason: text('closed_reason'),
    /** A new number's right code: the HMAC of the token that makes its account with a name (10 minutes). */
    completionHash: text('completion_hash'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'otp_challenges_purpose_check',
      sql`${t.purpose} in ('sign_in', 'second_step', 'change_phone', 'password_reset')`,
    ),
    check('otp_challenges_channel_check', sql`${t.channel} in ('sms', 'whatsapp')`),
    index('otp_challenges_phone_idx').on(t.phone, t.createdAt),
  ],
)

/** Settings the admin changes at run time, one row per key (`staff_second_step`: "true"/"false"). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
