import { describe, expect, it } from 'vitest'
import type { Db, Tx } from './client'
import { transactionWithRetry } from './transaction'

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

  it('gives up after the attempts allowed, with the last error', async () => {
    const { db, calls } = failingDb(['40P01', '40P01', '40P01', '40P01'])
    await expect(transactionWithRetry(db, async () => 'done', 3)).rejects.toMatchObject({ code: '40P01' })
    expect(calls()).toBe(3)
  })

  it('does not retry any other failure (a double booking stays a double booking)', async () => {
    const { db, calls } = failingDb(['23P01'])
    await expect(transactionWithRetry(db, async () => 'done')).rejects.toMatchObject({ code: '23P01' })
    expect(calls()).toBe(1)
  })
})
