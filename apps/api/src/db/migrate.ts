import { sql } from 'drizzle-orm'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { findUp } from '../shared/paths'
import type { Database } from './client'

// Any fixed number: every API process agrees on it, so only one migrates at a time.
const MIGRATION_LOCK = 72_519_001

/** Apply the committed migrations (apps/api/drizzle); safe to call from several processes at once. */
export async function migrateDatabase(database: Database): Promise<void> {
  const migrationsFolder = findUp('drizzle/meta/_journal.json').replace(/\/meta\/_journal\.json$/, '')
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder })
    return
  }
  const client = await database.pool!.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
    await migrateNodePg(database.db as unknown as NodePgDatabase, { migrationsFolder })
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined)
    client.release()
  }
  await database.db.execute(sql`select 1`)
}
