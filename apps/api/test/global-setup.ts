import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../src/db/client'
import { migrateDatabase } from '../src/db/migrate'
import { seedReferenceData } from '../src/db/seed/reference'

const CACHE = path.resolve(import.meta.dirname, '../../../node_modules/.cache/townworks')

/** Once per run: a migrated database every test file starts from. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL
  if (url) {
    const template = `${testDatabasePrefix()}_template_${process.pid}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`drop database if exists ${template}`)
    await admin.query(`create database ${template}`)
    const templateUrl = withDatabase(url, template)
    const database = await openDatabase({ kind: 'postgres', url: templateUrl, poolSize: 2 })
    await migrateDatabase(database)
    await seedReferenceData(database.db)
    await database.close()
    project.provide('pgTemplate', template)
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`)
      await admin.end()
    }
  }
  const database = await openDatabase({ kind: 'pglite' })
  await migrateDatabase(database)
  await seedReferenceData(database.db)
  const snapshot = await database.pglite!.dumpDataDir('gzip')
  await database.close()
  mkdirSync(CACHE, { recursive: true })
  const file = path.join(CACHE, `pglite-snapshot-${process.pid}.tar.gz`)
  writeFileSync(file, Buffer.from(await snapshot.arrayBuffer()))
  project.provide('pgliteSnapshot', file)
  return async () => {}
}

/**
 * What the names of the run's PostgreSQL databases start with: `tw`, or TEST_DATABASE_PREFIX (for a
 * shared server where each user keeps to names of their own).
 */
export function testDatabasePrefix(): string {
  const prefix = process.env.TEST_DATABASE_PREFIX ?? 'tw'
  if (!/^[a-z][a-z0-9_]{0,20}$/.test(prefix))
    throw new Error('TEST_DATABASE_PREFIX is 1 to 21 lower-case letters, digits or _')
  return prefix
}

/** The same server URL with another database name. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string
    pgliteSnapshot: string
  }
}
