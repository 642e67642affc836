import { readFileSync, rmSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { inject } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp, type AppDeps } from '../src/app'
import { loadConfig, type Config } from '../src/config/config'
import { openDatabase, type Database } from '../src/db/client'
import { testDatabasePrefix, withDatabase } from './global-setup'

export interface TestApp {
  app: FastifyInstance
  database: Database
  config: Config
  close(): Promise<void>
}

/** A database of this test's own: PGlite from the snapshot, or a PostgreSQL database cloned from the template. */
export async function createTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL
  if (url) {
    const name = `${testDatabasePrefix()}_test_${randomUUID().replaceAll('-', '')}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`create database ${name} template ${inject('pgTemplate')}`)
    await admin.end()
    const database = await openDatabase({ kind: 'postgres', url: withDatabase(url, name), poolSize: 20 })
    return {
      database,
      drop: async () => {
        await database.close()
        const again = new pg.Client({ connectionString: url })
        await again.connect()
        await again.query(`drop database if exists ${name} with (force)`)
        await again.end()
      },
    }
  }
  const snapshot = new Blob([readFileSync(inject('pgliteSnapshot'))])
  const database = await openDatabase({ kind: 'pglite', snapshot })
  return { database, drop: () => database.close() }
}

/**
 * The handle a second API process would have on `database`: a pool of its own on PostgreSQL; on
 * PGlite (one process by design) the same handle. Close it only when it differs from `database`.
 */
export async function secondProcessHandle(database: Database, poolSize = 2): Promise<Database> {
  return database.pool
    ? openDatabase({ kind: 'postgres', url: database.pool.options.connectionString!, poolSize })
    : database
}

/**
 * The whole app in process on a fresh database, for `app.inject`. Read caching is off unless a test
 * asks for it (`READ_CACHE: '1'`) or the run sets `TEST_READ_CACHE=1` (the `api-cache-on` project,
 * on PGlite): many tests change rows with SQL and read them back at once, and on PostgreSQL the change
 * notice may arrive a moment later (test/read-cache.test.ts covers the cache across processes).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  deps: Pick<AppDeps, 'provider' | 'now'> = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-00',
    READ_CACHE: process.env.TEST_READ_CACHE === '1' ? '1' : '0',
    ...env,
  })
  const { database, drop } = await createTestDatabase()
  const app = await buildApp({ config, database, ...deps })
  await app.ready()
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close()
      await drop()
    },
  }
}

/** A temporary folder removed at the end of the test. */
export function removeLater(dir: string): () => void {
  return () => rmSync(dir, { recursive: true, force: true })
}

/** Two API instances on one fresh database, as two processes would run (tests of limits and caches shared across processes). */
export interface TwoProcesses {
  a: FastifyInstance
  b: FastifyInstance
  database: Database
  close(): Promise<void>
}

/**
 * Two apps built from one configuration on one database: on PostgreSQL the second has a pool of its
 * own, as a second process would; on PGlite (one process by design) they share the handle.
 */
export async function createTwoProcesses(
  env: Record<string, string> = {},
  deps: Pick<AppDeps, 'provider' | 'now'> = {},
): Promise<TwoProcesses> {
  const { database, drop } = await createTestDatabase()
  const second = await secondProcessHandle(database)
  const config = loadConfig({ NODE_ENV: 'test', ...env })
  const a = await buildApp({ config, database, ...deps })
  const b = await buildApp({ config, database: second, ...deps })
  await Promise.all([a.ready(), b.ready()])
  return {
    a,
    b,
    database,
    close: async () => {
      await Promise.all([a.close(), b.close()])
      if (second !== database) await second.close()
      await drop()
    },
  }
}
