import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app'
import { loadConfig } from '../src/config/config'
import { writeBackup } from '../src/db/backup'
import { openDatabase, type Database } from '../src/db/client'
import { migrateDatabase } from '../src/db/migrate'
import { copyToPostgres } from '../src/db/move'
import { seedDemoData } from '../src/db/seed/demo'
import { seedReferenceData } from '../src/db/seed/reference'
import { enqueueNotification } from '../src/modules/notifications/notifications.service'
import { expectBooksBalance, key, payManually, pendingTask, people } from './payment-flow'
import { loginAs } from './auth-helpers'
import { testDatabasePrefix, withDatabase } from './global-setup'
import { removeLater, type TestApp } from './test-app'

const url = process.env.TEST_DATABASE_URL
const COUNTED = [
  'users',
  'workers',
  'service_requests',
  'tasks',
  'assignments',
  'payments',
  'ledger_entries',
  'notifications',
]

async function counts(database: Database): Promise<Record<string, number>> {
  const out: Record<string, number> = {}
  for (const table of COUNTED) {
    const query = `select count(*)::int as n from ${table}`
    const rows = database.pglite
      ? (await database.pglite.query<{ n: number }>(query)).rows
      : (await database.pool!.query<{ n: number }>(query)).rows
    out[table] = rows[0]!.n
  }
  return out
}

async function appOn(database: Database): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-00',
    READ_CACHE: '0',
  })
  const app = await buildApp({ config, database })
  await app.ready()
  return { app, database, config, close: () => app.close() }
}

describe.runIf(url)('moving from the embedded database to PostgreSQL', () => {
  const cleanup: (() => Promise<void> | void)[] = []
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step()
  })

  it('demo data, tasks, payments and messages survive the move, and the ledger check is still ok', async () => {
    // The embedded database as a server keeps it: migrated, reference data, demo data, then use.
    const source = await openDatabase({ kind: 'pglite' })
    cleanup.push(() => source.close())
    await migrateDatabase(source)
    await seedReferenceData(source.db)
    await seedDemoData(source.db, { oneTimePasswords: false })
    const before = await appOn(source)
    cleanup.push(() => before.close())
    const p = await people(before)
    const taskId = await pendingTask(before, { customerUserId: p.customer.user.id, workerId: p.workerId })
    expect((await payManually(before, p.operator, taskId, 50_000, key())).statusCode).toBe(200)
    await source.db.transaction((tx) =>
      enqueueNotification(tx, before.app.messaging, {
        event: 'operator_message',
        to: '9848012345',
        channel: 'whatsapp',
        params: { text: 'moving day' },
        messageKey: 'move:1',
      }),
    )
    await expectBooksBalance(before, p.admin)
    const expected = await counts(source)
    expect(expected.payments).toBeGreaterThan(0)

    // Export: a backup of the embedded database, opened again, is what moves.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tw-move-'))
    cleanup.push(removeLater(dir))
    const file = path.join(dir, 'backup.tar.gz')
    await writeBackup(source.pglite!, file)
    const exported = await openDatabase({ kind: 'pglite', snapshot: new Blob([readFileSync(file)]) })
    cleanup.push(() => exported.close())

    // Import into an empty PostgreSQL database.
    const name = `${testDatabasePrefix()}_move_${randomUUID().replaceAll('-', '')}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`create database ${name}`)
    cleanup.push(async () => {
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    })
    const target = await openDatabase({ kind: 'postgres', url: withDatabase(url!, name), poolSize: 4 })
    cleanup.push(() => target.close())
    const copied = await copyToPostgres(exported, target)
    expect(copied.payments).toBe(expected.payments)
    expect(await counts(target)).toEqual(expected)
    await expect(copyToPostgres(exported, target)).rejects.toThrow(/already has rows/)

    // The app on PostgreSQL: the same books balance, the same logins work, and new rows get new ids.
    const after = await appOn(target)
    cleanup.push(() => after.close())
    const res = await after.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { user: p.admin.user.username, pwd: p.admin.user.password },
    })
    expect(res.statusCode).toBe(200)
    await expectBooksBalance(after, await loginAs(after, 'admin'))
    const again = await pendingTask(after, { customerUserId: p.customer.user.id, workerId: p.workerId })
    expect(again).toBeGreaterThan(taskId)
    expect((await payManually(after, p.operator, again, 50_000, key())).statusCode).toBe(200)
    await expectBooksBalance(after, p.admin)
  }, 120_000)
})
