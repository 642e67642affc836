import { setTimeout as sleep } from 'node:timers/promises'
import { pgErrorCode } from '../shared/app-error'
import type { Db, Tx } from './client'

/** PostgreSQL gave up on the transaction, not on its data: deadlock detected, serialization failure. */
const TRY_AGAIN = new Set(['40P01', '40001'])

/**
 * A transaction that is run again (up to `attempts` times, after a short random pause) when
 * PostgreSQL aborts it for a deadlock or a serialization failure. Concurrent inserts that clash on an
 * exclusion constraint can deadlock each other: one wins, and the retry of the other then meets the
 * winner's committed row and fails for the real reason (a double booking, 409), not with a 500.
 */
export async function transactionWithRetry<T>(db: Db, work: (tx: Tx) => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work)
    } catch (error) {
      if (attempt >= attempts || !TRY_AGAIN.has(pgErrorCode(error) ?? '')) throw error
      await sleep(5 + Math.random() * 20 * attempt)
    }
  }
}
