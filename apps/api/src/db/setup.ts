import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import type { Config } from '../config/config'
import { openDatabase, type Database } from './client'
import { lockDataDir } from './data-dir-lock'
import { migrateDatabase } from './migrate'
import { seedReferenceData } from './seed/reference'

export interface PreparedDatabase {
  database: Database
  /** Whether the embedded database was created just now. */
  isNew: boolean
  /** Release the data-folder lock (embedded database only). */
  release: () => void
}

/** Open the configured database, migrate it, and make the reference data match the contract. */
export async function prepareDatabase(config: Config): Promise<PreparedDatabase> {
  let release = () => {}
  let database: Database
  let isNew = false
  if (config.DATABASE_URL) {
    database = await openDatabase({ kind: 'postgres', url: config.DATABASE_URL })
  } else {
    release = lockDataDir(config.dataDir)
    const pgDir = path.join(config.dataDir, 'pglite')
    isNew = !existsSync(pgDir) || readdirSync(pgDir).length === 0
    try {
      database = await openDatabase({ kind: 'pglite', dataDir: pgDir })
    } catch (error) {
      release()
      throw error
    }
  }
  try {
    await migrateDatabase(database)
    await seedReferenceData(database.db)
    return { database, isNew, release }
  } catch (error) {
    await database.close().catch(() => undefined)
    release()
    throw error
  }
}
