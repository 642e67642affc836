import { asc } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { openDatabase, type Database } from '../../db/client'
import { notifications } from '../../db/schema'
import { backoffMs, createDispatcher } from './dispatcher'
import { enqueueNotification } from './notifications.service'
import type { NotificationProvider, OutgoingMessage } from './providers/provider'

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined }
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)

/** A provider that counts what it delivered, by message key, answering after a turn of the event loop. */
function countingProvider() {
  const delivered: OutgoingMessage[] = []
  const provider: NotificationProvider = {
    name: 'log',
    async send(m) {
      await new Promise((r) => setImmediate(r))
      delivered.push(m)
      return { providerId: `fake-${m.id}` }
    },
    async findSent(m) {
      return delivered.filter((d) => d.messageKey === m.messageKey).map((d) => `fake-${d.id}`)
    },
  }
  return { provider, delivered }
}

async function enqueueMany(t: TestApp, n: number): Promise<void> {
  await t.database.db.transaction(async (tx) => {
    for (let i = 0; i < n; i++) {
      await enqueueNotification(tx, t.app.messaging, {
        event: 'operator_message',
        to: `98480${String(10000 + i).padStart(5, '0')}`,
        channel: 'whatsapp',
        params: { text: `message ${i}` },
        messageKey: `bulk:${i}`,
      })
    }
  })
}

describe('the outbox dispatcher under concurrency and failure', () => {
  let t: TestApp
  let second: Database | undefined

  beforeAll(async () => {
    t = await createTestApp()
    // On PostgreSQL the second dispatcher has a connection pool of its own, as another API process
    // would; PGlite has one connection, so there both dispatchers share it and take turns.
    if (onPostgres) {
      const url = (t.database.pool as unknown as { options: { connectionString: string } }).options.connectionString
      second = await openDatabase({ kind: 'postgres', url, poolSize: 5 })
    }
  })
  afterAll(async () => {
    await second?.close()
    await t.close()
  })
  beforeEach(async () => {
    await t.database.db.delete(notifications)
  })

  it(`two dispatchers ${onPostgres ? 'on two connection pools of one PostgreSQL' : 'taking turns on one PGlite'} send each of 500 messages exactly once`, async () => {
    await enqueueMany(t, 500)
    const { provider, delivered } = countingProvider()
    const options = { batchSize: 25, concurrency: 5 }
    const a = createDispatcher({ database: t.database, provider, log: silent, options })
    const b = createDispatcher({ database: second ?? t.database, provider, log: silent, options })
    const [takenA, takenB] = await Promise.all([a.drain(), b.drain()])
    expect(takenA + takenB).toBe(500)
    // Both did part of the work (each takes its first batch before either has finished).
    expect(takenA).toBeGreaterThan(0)
    expect(takenB).toBeGreaterThan(0)
    const counts = new Map<string, number>()
    for (const m of delivered) counts.set(m.messageKey, (counts.get(m.messageKey) ?? 0) + 1)
    expect(counts.size).toBe(500)
    expect([...counts.values()].every((n) => n === 1)).toBe(true)
    const rows = await t.database.db.select().from(notifications)
    expect(rows.every((r) => r.state === 'sent' && r.attempts === 1 && r.providerId === `fake-${r.id}`)).toBe(true)
  })

  it('a dispatcher killed in the middle of a batch: after a restart every message ends sent or failed, none lost or sent twice', async () => {
    await enqueueMany(t, 30)
    const { provider: healthy, delivered } = countingProvider()
    let now = new Date('2031-03-01T10:00:00Z')
    let calls = 0
    // The process dies during its first batch: the first 4 sends complete, the next 3 reach the
    // provider but the answer never comes back, and the rest never leave.
    const dying: NotificationProvider = {
      name: 'log',
      async send(m) {
        calls++
        if (calls <= 4) return healthy.send(m)
        if (calls <= 7) await healthy.send(m)
        return new Promise(() => undefined)
      },
    }
    const first = createDispatcher({
      database: t.database,
      provider: dying,
      log: silent,
      options: { batchSize: 10, concurrency: 10, leaseMs: 60_000, now: () => now },
    })
    void first.runOnce() // never finishes: the process is gone
    await expect.poll(() => calls, { timeout: 10_000 }).toBe(10)
    await expect
      .poll(async () => (await t.database.db.select().from(notifications)).filter((r) => r.state === 'sent').length)
      .toBe(4)
    const stuck = (await t.database.db.select().from(notifications)).filter((r) => r.state === 'sending')
    expect(stuck).toHaveLength(6)

    // Restarted: nothing of the dead one's batch is taken before its lease runs out.
    const restarted = createDispatcher({
      database: t.database,
      provider: healthy,
      log: silent,
      options: { batchSize: 10, now: () => now },
    })
    const beforeLease = await restarted.runOnce()
    expect(beforeLease).toBe(10) // the next 10 queued ones only
    now = new Date(now.getTime() + 60_001)
    await restarted.drain()

    const rows = await t.database.db.select().from(notifications).orderBy(asc(notifications.id))
    expect(rows.every((r) => r.state === 'sent' || r.state === 'failed')).toBe(true)
    expect(rows.filter((r) => r.state === 'sent')).toHaveLength(30)
    const counts = new Map<string, number>()
    for (const m of delivered) counts.set(m.messageKey, (counts.get(m.messageKey) ?? 0) + 1)
    expect(counts.size).toBe(30)
    expect([...counts.values()].every((n) => n === 1)).toBe(true)
    // The three the provider had already: recorded from the provider, on their second attempt.
    const recovered = rows.filter((r) => r.attempts === 2)
    expect(recovered).toHaveLength(6)
  })

  it('back-off doubles from the base and stops at the cap', () => {
    const o = { backoffBaseMs: 30_000, backoffMaxMs: 3_600_000 }
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((a) => backoffMs(a, o))).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000,
    ])
  })
})
