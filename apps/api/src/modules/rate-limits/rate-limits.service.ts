import type { DbOrTx } from '../../db/client'
import { AppError } from '../../shared/app-error'
import * as repository from './rate-limits.repository'

/**
 * Counters of actions per key in fixed windows, kept in the database (table rate_limit_hits,
 * decision 010): every API process on one PostgreSQL counts against the same rows, so a limit
 * holds whichever process an action reaches. Used by the HTTP rate limit of service requests,
 * sign-ups, operators' typed messages and the notification budgets.
 */
export { countHit, pruneHits, readHits } from './rate-limits.repository'

export interface Limit {
  /** What is counted, e.g. `signup|10.0.0.1`; one row per key. */
  key: string
  /** Actions allowed in one window. */
  max: number
  windowMs: number
}

export interface Consumed {
  /** Whether this action is within the limit. */
  allowed: boolean
  /** Actions counted in the window so far, this one included. */
  hits: number
  /** Seconds until the window ends (at least 1). */
  retryAfterSeconds: number
}

/**
 * Count one action against `limit`, in one statement, and say whether it is allowed. Run inside
 * a transaction, the count is undone with it.
 */
export async function consume(db: DbOrTx, limit: Limit): Promise<Consumed> {
  const { hits, ttlMs } = await repository.countHit(db, limit.key, limit.windowMs)
  return { allowed: hits <= limit.max, hits, retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)) }
}

/** Give one counted action back (it was refused for another reason and did not happen). */
export async function giveBack(db: DbOrTx, key: string): Promise<void> {
  await repository.uncountHit(db, key)
}

/** "N minutes" (or seconds) until a window ends, for a human message. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`
  const minutes = Math.ceil(seconds / 60)
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}

/** The 429 of a limit reached: the contract's error body, with Retry-After. */
export function tooManyAttempts(message: string, retryAfterSeconds: number): AppError {
  return new AppError('TOO_MANY_ATTEMPTS', message, {
    details: { retryAfterSeconds },
    headers: { 'retry-after': String(retryAfterSeconds) },
  })
}
