import {
  normalizeIndianMobile,
  OTP_MAX_TRIES,
  OTP_RESEND_AFTER_SECONDS,
  OTP_VALID_SECONDS,
  type Channel,
  type Language,
  type MyPhoneResponse,
  type OtpChallenge,
  type OtpCompleteBody,
  type OtpResendBody,
  type OtpSignedIn,
  type OtpStartBody,
  type OtpVerifyBody,
  type OtpVerifyResponse,
  type PasswordResetByCodeResponse,
  type PasswordResetCompleteBody,
  type SecondStepDetails,
  type SecondStepResponse,
  type StaffSecurityResponse,
} from '@townworks/contract'
import type { Database, DbOrTx } from '../../db/client'
import { AppError, invalidInput } from '../../shared/app-error'
import type { Ctx } from '../../shared/context'
import { loginFailures } from '../../shared/metrics'
import { hashPassword } from '../../shared/password'
import * as notificationsService from '../notifications/notifications.service'
import * as rateLimits from '../rate-limits/rate-limits.service'
import * as requestsService from '../requests/requests.service'
import * as workersService from '../workers/workers.service'
import * as authRepository from './auth.repository'
import { openSession, toMe, staffSecondStepRequired, type Session } from './auth.service'
import { newAccountName, newChallengeId, newCode, newCompletionToken, phoneHint, type CodeHasher } from './otp-codes'
import * as otpRepository from './otp.repository'
import type { OtpPurpose } from './otp.repository'
import type { TokenService } from './tokens'

/**
 * Limits of one-time codes (issue 19), counted in the database (rate_limit_hits) so that they hold
 * whichever API process a request reaches. Against SMS pumping (codes per number, per address, and
 * a global hourly budget: the most a flood can cost) and against guessing (5 tries per code, and
 * wrong codes per address over every challenge).
 */
export interface OtpLimits {
  perNumber15Min: number
  perNumberDaily: number
  perAddressHourly: number
  wrongPerAddressHourly: number
  hourlyBudget: number
}

/** What the code flows need from the app: built once in the routes file. */
export interface OtpDeps {
  tokens: TokenService
  hasher: CodeHasher
  provider: notificationsService.NotificationProvider
  log: notificationsService.ProviderLogger
  limits: OtpLimits
  /** The channels codes can go by here, the preferred first. */
  channels: Channel[]
  /** The site's host for the WebOTP line of a code's SMS (from PUBLIC_URL), or null. */
  host: string | null
  /** The clock (tests move it). */
  now: () => Date
}

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS
const STAFF = new Set(['operator', 'admin'])

const isStaff = (user: { role: string }) => STAFF.has(user.role)

/** Count one code for this number from this address against every limit; 429 when one is reached. */
async function countCode(tx: DbOrTx, limits: OtpLimits, phone: string, address: string): Promise<void> {
  const checks = [
    { key: `otp-address|${address}`, max: limits.perAddressHourly, windowMs: HOUR_MS, what: 'from your address' },
    { key: `otp-number|${phone}`, max: limits.perNumber15Min, windowMs: 15 * MINUTE_MS, what: 'for this number' },
    { key: `otp-number-day|${phone}`, max: limits.perNumberDaily, windowMs: DAY_MS, what: 'for this number today' },
    { key: 'otp-budget', max: limits.hourlyBudget, windowMs: HOUR_MS, what: 'at the moment' },
  ]
  for (const check of checks) {
    const counted = await rateLimits.consume(tx, check)
    if (!counted.allowed) {
      throw rateLimits.tooManyAttempts(
        `Too many codes asked for ${check.what}. Please try again in ${rateLimits.waitText(counted.retryAfterSeconds)}.`,
        counted.retryAfterSeconds,
      )
    }
  }
}

/** 429 when this address typed too many wrong codes in the hour, whatever the challenges. */
async function assertMayGuess(db: DbOrTx, limits: OtpLimits, address: string): Promise<void> {
  const { hits, ttlMs } = await rateLimits.readHits(db, `otp-wrong|${address}`)
  if (hits >= limits.wrongPerAddressHourly) {
    const seconds = Math.max(1, Math.ceil(ttlMs / 1000))
    throw rateLimits.tooManyAttempts(
      `Too many wrong codes from your address. Please try again in ${rateLimits.waitText(seconds)}.`,
      seconds,
    )
  }
}

function assertChannel(deps: OtpDeps, channel: Channel): void {
  if (!deps.channels.includes(channel)) {
    throw invalidInput('channel', `Codes cannot go by ${channel === 'whatsapp' ? 'WhatsApp' : 'SMS'} here`)
  }
}

interface NewChallenge {
  purpose: OtpPurpose
  phone: string
  channel: Channel
  language: Language
  userId: number | null
  /** false: a challenge that only looks like the others (a reset for a number with no account): no code is sent. */
  sendsCode: boolean
}

/**
 * Make a challenge and its first code in the caller's transaction (limits counted first), and answer
 * the code's message to send after the commit. Every challenge costs the same statements up to the
 * message, whether a code goes or not.
 */
async function createChallenge(
  tx: DbOrTx,
  deps: OtpDeps,
  ctx: Ctx,
  challenge: NewChallenge,
  address: string,
): Promise<{ id: string; pending: notificationsService.PendingCode | null; now: Date }> {
  await countCode(tx, deps.limits, challenge.phone, address)
  const now = deps.now()
  const id = newChallengeId()
  const code = newCode()
  const codeHash = deps.hasher.hash(id, challenge.purpose, code)
  await otpRepository.insertChallenge(tx, {
    id,
    purpose: challenge.purpose,
    phone: challenge.phone,
    channel: challenge.channel,
    language: challenge.language,
    userId: challenge.userId,
    codeHash: challenge.sendsCode ? codeHash : null,
    expiresAt: new Date(now.getTime() + OTP_VALID_SECONDS * 1000),
    lastSentAt: now,
  })
  if (Math.random() < 0.02) await otpRepository.pruneChallenges(tx, new Date(now.getTime() - 2 * DAY_MS))
  const pending = challenge.sendsCode
    ? await notificationsService.recordCodeMessage(tx, ctx.messaging, {
        to: challenge.phone,
        channel: challenge.channel,
        language: challenge.language,
        code,
        host: deps.host,
        recipientUserId: challenge.userId,
        messageKey: `login_code:${id}:1`,
        now,
      })
    : null
  return { id, pending, now }
}

/** Send a code's message now, after its transaction committed; the answer does not wait for the provider. */
function sendAfterCommit(database: Database, deps: OtpDeps, pending: notificationsService.PendingCode | null): void {
  if (pending) void notificationsService.sendCodeMessage(database, deps.provider, deps.log, pending)
}

function challengeAnswer(id: string, phone: string, channel: Channel): OtpChallenge {
  return {
    message: 'If this number can get a code, it is on its way',
    challenge_id: id,
    channel,
    phone,
    expires_in_seconds: OTP_VALID_SECONDS,
    resend_after_seconds: OTP_RESEND_AFTER_SECONDS,
  }
}

const phoneOf = (typed: string): string => {
  const phone = normalizeIndianMobile(typed)
  if (!phone) throw invalidInput('phone', 'Enter a 10-digit Indian mobile number')
  return phone
}

/**
 * POST /api/auth/otp/start and /api/auth/password-reset/start. The same answer, the same limits
 * and the same statements for every number: nobody learns from it whether a number has an account.
 * A sign-in code goes to any number (a new one makes a customer account); a reset code only to an
 * account's verified number.
 */
export async function startCode(
  ctx: Ctx,
  deps: OtpDeps,
  purpose: 'sign_in' | 'password_reset',
  body: OtpStartBody & { language?: Language },
  address: string,
): Promise<OtpChallenge> {
  assertChannel(deps, body.channel)
  const phone = phoneOf(body.phone)
  const { id, pending } = await ctx.database.db.transaction(async (tx) => {
    const account = await otpRepository.verifiedAccountWithPhone(tx, phone)
    const forReset = purpose === 'password_reset' && account !== undefined && !account.disabled
    return createChallenge(
      tx,
      deps,
      ctx,
      {
        purpose,
        phone,
        channel: body.channel,
        language: body.language ?? account?.language ?? 'en',
        userId: forReset ? account.id : null,
        sendsCode: purpose === 'sign_in' || forReset,
      },
      address,
    )
  })
  sendAfterCommit(ctx.database, deps, pending)
  return challengeAnswer(id, phone, body.channel)
}

/** POST /api/me/phone/start: a code to the caller's new number. */
export async function startPhoneChange(
  ctx: Ctx,
  deps: OtpDeps,
  body: OtpStartBody,
  address: string,
): Promise<OtpChallenge> {
  const caller = ctx.user
  if (!caller) throw new AppError('UNAUTHENTICATED', 'Please log in to continue')
  assertChannel(deps, body.channel)
  const phone = phoneOf(body.phone)
  const user = await authRepository.findUserById(ctx.database.db, caller.id)
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue')
  if (user.phone === phone && user.phoneVerifiedAt) throw invalidInput('phone', 'This is your number already')
  const { id, pending } = await ctx.database.db.transaction((tx) =>
    createChallenge(
      tx,
      deps,
      ctx,
      {
        purpose: 'change_phone',
        phone,
        channel: body.channel,
        language: user.language,
        userId: user.id,
        sendsCode: true,
      },
      address,
    ),
  )
  sendAfterCommit(ctx.database, deps, pending)
  return challengeAnswer(id, phone, body.channel)
}

/**
 * The code after a staff password (called by the password login before it opens a session): when
 * the account asked for it, or the admin requires it, and the account has a verified number, a
 * code goes to it and the login answers 403 SECOND_STEP_REQUIRED with the challenge. Staff without
 * a verified number sign in with the password alone (the admin's screen lists them).
 */
export async function requireSecondStep(
  ctx: Ctx,
  deps: OtpDeps,
  user: authRepository.UserRow,
  address: string,
): Promise<void> {
  if (!isStaff(user) || !user.phoneVerifiedAt || !user.phone) return
  if (!user.secondStep && !(await staffSecondStepRequired(ctx.database.db))) return
  const channel = deps.channels[0] ?? 'sms'
  const phone = user.phone
  const { id, pending } = await ctx.database.db.transaction((tx) =>
    createChallenge(
      tx,
      deps,
      ctx,
      { purpose: 'second_step', phone, channel, language: user.language, userId: user.id, sendsCode: true },
      address,
    ),
  )
  sendAfterCommit(ctx.database, deps, pending)
  const details: SecondStepDetails = {
    challenge_id: id,
    channel,
    phone_hint: phoneHint(phone),
    expires_in_seconds: OTP_VALID_SECONDS,
    resend_after_seconds: OTP_RESEND_AFTER_SECONDS,
  }
  throw new AppError('SECOND_STEP_REQUIRED', 'Type the code we sent to your phone to finish signing in', {
    details: { ...details },
  })
}

/** POST /api/auth/otp/resend: a new code (the old one stops working), at most every 30 seconds, within the limits. */
export async function resendCode(ctx: Ctx, deps: OtpDeps, body: OtpResendBody, address: string): Promise<OtpChallenge> {
  if (body.channel) assertChannel(deps, body.channel)
  const { phone, channel, pending } = await ctx.database.db.transaction(async (tx) => {
    const c = await otpRepository.lockChallenge(tx, body.challenge_id)
    if (!c || (c.closedAt && c.closedReason !== 'tries')) throw codeExpired()
    const now = deps.now()
    const wait = c.lastSentAt.getTime() + OTP_RESEND_AFTER_SECONDS * 1000 - now.getTime()
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000)
      throw rateLimits.tooManyAttempts(`Please wait ${rateLimits.waitText(seconds)} before asking again.`, seconds)
    }
    await countCode(tx, deps.limits, c.phone, address)
    const channel = body.channel ?? c.channel
    const code = newCode()
    await otpRepository.replaceCode(tx, c.id, {
      codeHash: c.codeHash === null ? null : deps.hasher.hash(c.id, c.purpose, code),
      channel,
      expiresAt: new Date(now.getTime() + OTP_VALID_SECONDS * 1000),
      lastSentAt: now,
    })
    const pending =
      c.codeHash === null
        ? null
        : await notificationsService.recordCodeMessage(tx, ctx.messaging, {
            to: c.phone,
            channel,
            language: c.language,
            code,
            host: deps.host,
            recipientUserId: c.userId,
            messageKey: `login_code:${c.id}:${c.codes + 1}`,
            now,
          })
    return { phone: c.phone, channel, pending }
  })
  sendAfterCommit(ctx.database, deps, pending)
  return challengeAnswer(body.challenge_id, phone, channel)
}

const codeExpired = () => new AppError('CODE_EXPIRED', 'This code no longer works. Ask for a new code.')

type CodeOutcome = { ok: true; challenge: otpRepository.ChallengeRow } | { ok: false; error: AppError }

/**
 * Try a code, in the caller's transaction. One try is counted in one statement (never more than 5
 * for one code, parallel guesses included); the right code closes the challenge in the same
 * statement's lock, so two verifies of one code at once make one sign-in. A wrong code is answered
 * as an outcome rather than thrown, so that its try (and the address's wrong count) is committed.
 */
async function useCode(
  tx: DbOrTx,
  deps: OtpDeps,
  purposes: OtpPurpose[],
  challengeId: string,
  code: string,
  address: string,
  completionHash: string | null = null,
): Promise<CodeOutcome> {
  const now = deps.now()
  const c = await otpRepository.takeTry(tx, challengeId, purposes)
  if (!c) {
    const closed = await otpRepository.findChallenge(tx, challengeId)
    if (closed?.closedReason === 'tries' && purposes.includes(closed.purpose)) {
      return { ok: false, error: new AppError('CODE_TRIES_USED', 'Too many wrong codes. Ask for a new code.') }
    }
    return { ok: false, error: codeExpired() }
  }
  // Checked for every code, so an expired challenge costs what any other does.
  const right = deps.hasher.matches(c.id, c.purpose, code, c.codeHash)
  if (c.expiresAt.getTime() <= now.getTime()) return { ok: false, error: codeExpired() }
  if (!right) {
    loginFailures.inc({ kind: 'code' })
    await rateLimits.consume(tx, {
      key: `otp-wrong|${address}`,
      max: deps.limits.wrongPerAddressHourly,
      windowMs: HOUR_MS,
    })
    if (c.tries >= OTP_MAX_TRIES) {
      await otpRepository.closeChallenge(tx, c.id, 'tries', now)
      return { ok: false, error: new AppError('CODE_TRIES_USED', 'Too many wrong codes. Ask for a new code.') }
    }
    const triesLeft = OTP_MAX_TRIES - c.tries
    return {
      ok: false,
      error: new AppError(
        'CODE_WRONG',
        `That code is not right. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`,
        {
          details: { tries_left: triesLeft },
        },
      ),
    }
  }
  if (!(await otpRepository.closeChallenge(tx, c.id, 'used', now, completionHash)))
    return { ok: false, error: codeExpired() }
  return { ok: true, challenge: c }
}

/** The answer of a sign-in by code: a session, as a password login's. */
function signedIn(session: Session, created: boolean): { session: Session; answer: OtpSignedIn } {
  return {
    session,
    answer: {
      status: 'signed_in',
      message: 'Logged in',
      user: session.user.username,
      role: session.user.role,
      accesstoken: session.accessToken,
      must_change_password: session.user.mustChangePassword === true,
      created,
    },
  }
}

/** What a verify answers: the session to set as cookies (when signed in) and the body. */
export interface VerifyOutcome {
  session: Session | null
  answer: OtpVerifyResponse
}

/**
 * Sign in by an account found for a verified number: its number is marked verified, a customer's
 * anonymous requests with it become theirs, and a session opens. Staff need their password.
 */
async function signInAccount(
  tx: DbOrTx,
  deps: OtpDeps,
  user: authRepository.UserRow,
  phone: string,
  created: boolean,
): Promise<{ session: Session; answer: OtpSignedIn }> {
  if (user.disabled)
    throw new AppError('UNAUTHENTICATED', 'This account is turned off. Please call the TownWorks office.')
  if (isStaff(user)) {
    throw new AppError('STAFF_PASSWORD_REQUIRED', 'Office accounts sign in with the user name and password')
  }
  const now = deps.now()
  const verified =
    user.phone === phone && user.phoneVerifiedAt ? user : await otpRepository.setVerifiedPhone(tx, user.id, phone, now)
  if (verified.role === 'customer') await requestsService.attachRequestsOfNumber(tx, phone, verified.id)
  return signedIn(await openSession(tx, deps.tokens, verified), created)
}

/**
 * The account a verified number signs in as: the login of the roster's worker with that number;
 * else, for a worker on the roster without a login, a worker login made now and linked to the
 * roster entry (as the admin's link does); else the account with that number; else none yet (a
 * new customer, who gives a name first). One number at a time (two first sign-ins make one account).
 */
async function accountForNumber(
  tx: DbOrTx,
  deps: OtpDeps,
  phone: string,
  language: Language,
): Promise<{ user: authRepository.UserRow; created: boolean } | undefined> {
  await otpRepository.lockPhone(tx, phone)
  const worker = await workersService.workerWithPhone(tx, phone)
  if (worker?.userId) {
    const linked = await authRepository.findUserById(tx, worker.userId)
    if (linked) return { user: linked, created: false }
  }
  if (worker) {
    const user = await insertWithFreshName(tx, 'worker', { phone, language, displayName: worker.name, at: deps.now() })
    await workersService.linkLogin(tx, user.id, worker.id)
    return { user, created: true }
  }
  const [account] = await otpRepository.accountsWithPhone(tx, phone)
  return account ? { user: account, created: false } : undefined
}

/** A new login with a random name (tried again on the rare clash). */
async function insertWithFreshName(
  tx: DbOrTx,
  role: 'customer' | 'worker',
  values: { phone: string; language: Language; displayName: string | null; at: Date },
): Promise<authRepository.UserRow> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const username = newAccountName(role, values.displayName)
    const user = await otpRepository.insertPhoneAccount(tx, { ...values, role, username })
    if (user) return user
  }
  throw new Error('could not choose a free login name in 5 tries')
}

/**
 * POST /api/auth/otp/verify: a sign-in code (signed in, or `name_needed` for a new number) or the
 * code after a staff password (signed in). Wrong, expired, used and locked codes each say so.
 */
export async function verifyCode(
  ctx: Ctx,
  deps: OtpDeps,
  body: OtpVerifyBody,
  address: string,
): Promise<VerifyOutcome> {
  const db = ctx.database.db
  await assertMayGuess(db, deps.limits, address)
  const token = newCompletionToken()
  const outcome = await db.transaction(async (tx): Promise<VerifyOutcome | AppError> => {
    const used = await useCode(
      tx,
      deps,
      ['sign_in', 'second_step'],
      body.challenge_id,
      body.code,
      address,
      deps.hasher.hash(body.challenge_id, 'complete', token),
    )
    if (!used.ok) return used.error
    const c = used.challenge
    if (c.purpose === 'second_step') {
      const user = c.userId === null ? undefined : await authRepository.findUserById(tx, c.userId)
      if (!user || user.disabled) throw new AppError('UNAUTHENTICATED', 'Please sign in again')
      return { ...signedIn(await openSession(tx, deps.tokens, user), false) }
    }
    const found = await accountForNumber(tx, deps, c.phone, c.language)
    if (found) return signInAccount(tx, deps, found.user, c.phone, found.created)
    return {
      session: null,
      answer: { status: 'name_needed', message: 'Tell us your name to finish', completion_token: token },
    }
  })
  if (outcome instanceof AppError) throw outcome
  return outcome
}

/**
 * POST /api/auth/otp/complete: a verified new number's account, with the person's name. Only the
 * token that the right code answered (10 minutes, once) makes it: nobody makes an account for a
 * number they did not prove. If an account appeared for the number meanwhile, that one signs in.
 */
export async function completeSignIn(ctx: Ctx, deps: OtpDeps, body: OtpCompleteBody): Promise<VerifyOutcome> {
  return ctx.database.db.transaction(async (tx) => {
    const now = deps.now()
    const taken = await otpRepository.takeCompletion(
      tx,
      body.challenge_id,
      deps.hasher.hash(body.challenge_id, 'complete', body.completion_token),
      new Date(now.getTime() - OTP_VALID_SECONDS * 1000),
      now,
    )
    if (!taken) throw codeExpired()
    const found = await accountForNumber(tx, deps, taken.phone, taken.language)
    if (found) return signInAccount(tx, deps, found.user, taken.phone, found.created)
    const user = await insertWithFreshName(tx, 'customer', {
      phone: taken.phone,
      language: taken.language,
      displayName: body.name,
      at: now,
    })
    return signInAccount(tx, deps, user, taken.phone, true)
  })
}

/**
 * POST /api/auth/password-reset/complete: the code to the account's verified number sets a new
 * password and ends every session of the account; a customer or worker is signed in at once,
 * staff sign in with the new password (and their code, when they ask for one).
 */
export async function completePasswordReset(
  ctx: Ctx,
  deps: OtpDeps,
  body: PasswordResetCompleteBody,
  address: string,
): Promise<{ session: Session | null; answer: PasswordResetByCodeResponse }> {
  const db = ctx.database.db
  await assertMayGuess(db, deps.limits, address)
  const open = await otpRepository.findChallenge(db, body.challenge_id)
  if (!open || open.purpose !== 'password_reset' || (open.closedAt && open.closedReason !== 'tries'))
    throw codeExpired()
  // Hashed before the code is tried (a slow hash inside the transaction would hold the challenge's lock).
  const passwordHash = await hashPassword(body.new_password)
  const outcome = await db.transaction(async (tx) => {
    const used = await useCode(tx, deps, ['password_reset'], body.challenge_id, body.code, address)
    if (!used.ok) return used.error
    const user =
      used.challenge.userId === null ? undefined : await authRepository.findUserById(tx, used.challenge.userId)
    if (!user || user.disabled) return codeExpired()
    if (body.new_password.toLowerCase() === user.username.toLowerCase()) {
      throw invalidInput('new_password', 'The password must not be the user name')
    }
    await authRepository.updatePassword(tx, user.id, passwordHash)
    await authRepository.revokeUserSessions(tx, user.id)
    if (isStaff(user)) {
      return {
        session: null,
        answer: {
          status: 'password_changed' as const,
          message: 'Password changed: sign in with it',
          user: user.username,
        },
      }
    }
    return signedIn(await openSession(tx, deps.tokens, { ...user, mustChangePassword: false }), false)
  })
  if (outcome instanceof AppError) throw outcome
  return outcome
}

/**
 * POST /api/me/phone/verify: the code to the new number makes it the caller's verified number. A
 * number that is another account's (or another worker's on the roster) is refused, after its code.
 */
export async function verifyPhoneChange(
  ctx: Ctx,
  deps: OtpDeps,
  body: OtpVerifyBody,
  address: string,
): Promise<MyPhoneResponse> {
  const caller = ctx.user
  if (!caller) throw new AppError('UNAUTHENTICATED', 'Please log in to continue')
  const db = ctx.database.db
  await assertMayGuess(db, deps.limits, address)
  const outcome = await db.transaction(async (tx) => {
    const mine = await otpRepository.findChallenge(tx, body.challenge_id)
    if (!mine || mine.userId !== caller.id) return codeExpired()
    const used = await useCode(tx, deps, ['change_phone'], body.challenge_id, body.code, address)
    if (!used.ok) return used.error
    const phone = used.challenge.phone
    await otpRepository.lockPhone(tx, phone)
    const others = (await otpRepository.accountsWithPhone(tx, phone)).filter((u) => u.id !== caller.id)
    const worker = await workersService.workerWithPhone(tx, phone)
    if (others.length > 0 || (worker && worker.userId !== caller.id)) {
      throw new AppError('PHONE_IN_USE', 'This number belongs to another account')
    }
    const user = await otpRepository.setVerifiedPhone(tx, caller.id, phone, deps.now())
    if (user.role === 'customer') await requestsService.attachRequestsOfNumber(tx, phone, user.id)
    return { message: 'Your number is changed', phone, phone_verified: true }
  })
  if (outcome instanceof AppError) throw outcome
  return outcome
}

/** PUT /api/me/second-step: staff ask (or stop asking) for a code after the password; needs a verified number. */
export async function setMySecondStep(ctx: Ctx, enabled: boolean): Promise<SecondStepResponse> {
  const caller = ctx.user
  const user = caller && (await authRepository.findUserById(ctx.database.db, caller.id))
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue')
  if (enabled && !user.phoneVerifiedAt) {
    throw new AppError('CONFLICT', 'Add your mobile number with a code first: the code after the password goes to it')
  }
  const updated = await otpRepository.setSecondStep(ctx.database.db, user.id, enabled)
  const me = await toMe(ctx.database.db, updated!)
  return {
    message: enabled ? 'A code will be asked after your password' : 'Your password alone signs you in',
    second_step: me.second_step,
    second_step_required: me.second_step_required,
  }
}

/** GET /api/admin/security */
export async function getStaffSecurity(ctx: Ctx): Promise<StaffSecurityResponse> {
  const db = ctx.database.db
  return {
    message: 'Staff sign-in',
    staff_second_step_required: await staffSecondStepRequired(db),
    staff_without_number: await otpRepository.staffWithoutNumber(db),
  }
}

/**
 * PUT /api/admin/security: require a code after the password for every staff sign-in. The admin
 * turning it on needs a verified number of their own, or the next sign-in would shut them out.
 */
export async function setStaffSecurity(ctx: Ctx, required: boolean): Promise<StaffSecurityResponse> {
  const caller = ctx.user
  const user = caller && (await authRepository.findUserById(ctx.database.db, caller.id))
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue')
  if (required && !user.phoneVerifiedAt) {
    throw new AppError('CONFLICT', 'Add your own mobile number with a code first (on your profile)')
  }
  await otpRepository.setSetting(ctx.database.db, otpRepository.STAFF_SECOND_STEP, String(required), user.id)
  return {
    ...(await getStaffSecurity(ctx)),
    message: required ? 'Staff now need a code after the password' : 'Staff sign in with the password alone',
  }
}
