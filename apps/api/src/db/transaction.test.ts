import { describe, expect, it } from 'vitest'
import type { Db, Tx } from './client'
import { AppError, pgErrorCode } from '../shared/app-error'
import { BUSY_RETRY_AFTER_SECONDS, transactionWithRetry } from './transaction'

/** A database whose transactions fail with the given PostgreSQL codes, in turn, then succeed. */
function failingDb(codes: string[]) {
  let calls = 0
  const db = {
    transaction: async <T>(work: (tx: Tx) => Promise<T>) => {
      const code = codes[calls++]
      if (code) throw Object.assign(new Error(`failed with ${code}`), { code })
      return work({} as Tx)
    },
  }
  return { db: db as unknown as Db, calls: () => calls }
}

describe('transactionWithRetry', () => {
  it('runs the transaction again after a deadlock or a serialization failure', async () => {
    const { db, calls } = failingDb(['40P01', '40001'])
    expect(await transactionWithRetry(db, async () => 'done')).toBe('done')
    expect(calls()).toBe(3)
  })

  it('runs the transaction again after a lock time-out (lock_timeout)', async () => {
    const { db, calls } = failingDb(['55P03'])
    expect(await transactionWithRetry(db, async () => 'done')).toBe('done')
    expect(calls()).toBe(2)
  })

  it('gives up after the attempts allowed as a busy database: 503 with Retry-After, never a 500', async () => {
    const { db, calls } = failingDb(['40P01', '40001', '55P03', '40P01', '40P01'])
    const failure = await transactionWithRetry(db, async () => 'done', 3).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(AppError)
    expect(failure).toMatchObject({ code: 'SERVICE_UNAVAILABLE', statusCode: 503 })
    expect((failure as AppError).extra.headers).toEqual({ 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) })
    // The database's own error stays with it, for the log.
    expect(pgErrorCode((failure as AppError & { cause: unknown }).cause)).toBe('55P03')
    expect(calls()).toBe(3)
  })

  it('does not retry any other failure (a double booking stays a double booking)', async () => {
    const { db, calls } = failingDb(['23P01'])
    await expect(transactionWithRetry(db, async () => 'done')).rejects.toMatchObject({ code: '23P01' })
    expect(calls()).toBe(1)
  })
})
