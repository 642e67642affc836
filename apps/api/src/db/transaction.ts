import { setTimeout as sleep } from 'node:timers/promises'
import { AppError, pgErrorCode } from '../shared/app-error'
import type { Db, Tx } from './client'

/**
 * PostgreSQL gave up on the transaction, not on its data: deadlock detected, serialization failure,
 * lock wait longer than the database's `lock_timeout`. Running it again may well succeed.
 */
export const TRY_AGAIN_CODES: ReadonlySet<string> = new Set(['40P01', '40001', '55P03'])

/** Seconds a client is asked to wait before sending again when the database stays busy. */
export const BUSY_RETRY_AFTER_SECONDS = 1

/** Whether an error is the database being busy (a deadlock, a serialization failure, a lock time-out). */
export function isDatabaseBusy(error: unknown): boolean {
  return TRY_AGAIN_CODES.has(pgErrorCode(error) ?? '')
}

/** The answer when the database stays busy after every attempt: 503 with `Retry-After`, never a 500. */
export function databaseBusy(cause?: unknown): AppError {
  const error = new AppError('SERVICE_UNAVAILABLE', 'The service is busy right now. Please try again in a moment.', {
    headers: { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) },
  })
  if (cause !== undefined) Object.defineProperty(error, 'cause', { value: cause, enumerable: false })
  return error
}

/**
 * A transaction that is run again (up to `attempts` times, after a short random pause) when
 * PostgreSQL aborts it for a deadlock, a serialization failure or a lock time-out; when every
 * attempt failed so, the caller gets `databaseBusy()` (503 with Retry-After), not a 500.
 *
 * Clashing writers should not deadlock in the first place: bookings take the worker's lock first
 * (workers.service `lockWorkersForBooking`), status changes lock the task before its assignments,
 * payouts lock their tasks in id order. The retry is for what remains (and for a database told to
 * time out long lock waits with `lock_timeout`).
 */
export async function transactionWithRetry<T>(db: Db, work: (tx: Tx) => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work)
    } catch (error) {
      if (!isDatabaseBusy(error)) throw error
      if (attempt >= attempts) throw databaseBusy(error)
      await sleep(5 + Math.random() * 20 * attempt)
    }
  }
}
