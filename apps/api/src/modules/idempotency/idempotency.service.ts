import { createHash } from 'node:crypto'
import type { ErrorBody, FieldIssue } from '@townworks/contract'
import type { Database } from '../../db/client'
import { databaseBusy, transactionWithRetry } from '../../db/transaction'
import { AppError } from '../../shared/app-error'
import type { Ctx } from '../../shared/context'
import * as repository from './idempotency.repository'

// One answer per Idempotency-Key, for endpoints with no table of their own to hold the key
// (decision 064): a worker's phone queues what was done offline and sends it again until it hears back.

export { REPLY_KEPT_HOURS } from './idempotency.repository'

/**
 * Answers kept for one caller at most (over REPLY_KEPT_HOURS): far above what a phone's queue sends in a
 * day, low enough that a flood of new keys cannot grow the table without bound. Past it, 429.
 */
export const REPLIES_KEPT_PER_USER = 2_000

/** A request sent with an Idempotency-Key: which endpoint, the key, and what it asks (parsed params and body). */
export interface KeyedRequest {
  /** The endpoint, as `METHOD /path/:param`: one key may be used once per endpoint. */
  endpoint: string
  key: string
  params: unknown
  body: unknown
  /** The status a success answers with. */
  successStatus: number
}

/** What answerOnce came to: the work's answer, or one kept from an earlier request with the same key. */
export interface OnceAnswer<T> {
  answer: T
  replayed: boolean
}

/**
 * Refusals that say nothing final about the request and are never kept: who may call (401, 403), a
 * limit for now (429), and a key clash (answered again for each request anyway).
 */
const NOT_KEPT: ReadonlySet<string> = new Set([
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CROSS_SITE_REQUEST',
  'PASSWORD_CHANGE_REQUIRED',
  'TOO_MANY_ATTEMPTS',
  'IDEMPOTENCY_KEY_REUSED',
])

/** A refusal to keep: a 4xx about the request itself (a task already moved, a wrong start code …). */
function isFinalRefusal(error: unknown): error is AppError {
  return error instanceof AppError && error.statusCode >= 400 && error.statusCode < 500 && !NOT_KEPT.has(error.code)
}

/** The request's params and body as one hash: JSON with the keys of every object sorted. */
export function requestHash(params: unknown, body: unknown): string {
  return createHash('sha256')
    .update(canonicalJson({ params: params ?? null, body: body ?? null }))
    .digest('hex')
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/** The refusal's body, as the error handler sends it. */
function bodyOf(error: AppError): ErrorBody {
  const { issues, details } = error.extra
  return { message: error.message, code: error.code, ...(issues ? { issues } : {}), ...(details ? { details } : {}) }
}

/** The header that marks an answer given again for a key already used (as Stripe's `Idempotent-Replayed`). */
export const REPLAYED_HEADER = 'idempotent-replayed'

/** A kept refusal, to throw again: the error handler answers it with the same status and body. */
function refusalOf(body: unknown): AppError {
  const kept = body as ErrorBody & { issues?: FieldIssue[]; details?: Record<string, unknown> }
  return new AppError(kept.code, kept.message, {
    ...(kept.issues ? { issues: kept.issues } : {}),
    ...(kept.details ? { details: kept.details } : {}),
    headers: { [REPLAYED_HEADER]: 'true' },
  })
}

export function keyReused(): AppError {
  return new AppError(
    'IDEMPOTENCY_KEY_REUSED',
    'This Idempotency-Key was already used for another request: send a new key for a new request',
  )
}

type Outcome<T> =
  { kind: 'answer'; answer: T } | { kind: 'refusal'; error: AppError } | { kind: 'kept'; reply: repository.KeptReply }

/**
 * Do `work` once per caller, endpoint and key. In one transaction: claim the key (a parallel request
 * with the same key waits for this one's commit), run the work with a context bound to the
 * transaction (its own transactions become savepoints), and keep its answer — a success, or a final
 * 4xx refusal — with the key; a 5xx or a refusal that is not final rolls everything back and keeps
 * nothing. The same key again with the same request answers what was kept, doing nothing; with
 * another request, 409 IDEMPOTENCY_KEY_REUSED. Keys are the caller's own and last REPLY_KEPT_HOURS.
 * Without a key the work is just done.
 */
export async function answerOnce<T>(
  ctx: Ctx,
  request: KeyedRequest | undefined,
  work: (ctx: Ctx) => Promise<T>,
): Promise<OnceAnswer<T>> {
  const user = ctx.user
  if (!request || !user) return { answer: await work(ctx), replayed: false }
  const key = { userId: user.id, endpoint: request.endpoint, key: request.key }
  const hash = requestHash(request.params, request.body)
  const outcome = await transactionWithRetry(ctx.database.db, async (tx): Promise<Outcome<T>> => {
    await repository.removeExpired(tx, user.id)
    const reply = await repository.findReply(tx, key)
    if (!reply && (await repository.countKept(tx, user.id)) >= REPLIES_KEPT_PER_USER) {
      throw new AppError('TOO_MANY_ATTEMPTS', 'Too many requests with a new Idempotency-Key today: try again later', {
        headers: { 'retry-after': '3600' },
      })
    }
    if (reply || !(await repository.claimKey(tx, key, hash))) {
      const kept = reply ?? (await repository.findReply(tx, key))
      // Removed between the two statements (it expired just then): the client's retry will claim it.
      if (!kept) throw databaseBusy()
      if (kept.requestHash !== hash) throw keyReused()
      return { kind: 'kept', reply: kept }
    }
    // The work's own transactions run as savepoints of this one: its writes and the kept answer commit together.
    const database: Database = Object.create(ctx.database, { db: { value: tx, enumerable: true } })
    try {
      const answer = await work({ ...ctx, database })
      await repository.keepReply(tx, key, { statusCode: request.successStatus, body: answer })
      return { kind: 'answer', answer }
    } catch (error) {
      // What the work kept before refusing (a wrong start code's try) commits with the refusal.
      if (!isFinalRefusal(error)) throw error
      await repository.keepReply(tx, key, { statusCode: error.statusCode, body: bodyOf(error) })
      return { kind: 'refusal', error }
    }
  })
  if (outcome.kind === 'answer') return { answer: outcome.answer, replayed: false }
  if (outcome.kind === 'refusal') throw outcome.error
  if (outcome.reply.statusCode >= 400) throw refusalOf(outcome.reply.body)
  return { answer: outcome.reply.body as T, replayed: true }
}
