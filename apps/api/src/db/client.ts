import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { sql } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import * as schema from './schema'

/** One handle type for both drivers (a union would break `.returning()`). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
/** A transaction handle; repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type DbOrTx = Db | Tx

export type DatabaseKind = 'pglite' | 'postgres'

export interface Database {
  readonly db: Db
  readonly kind: DatabaseKind
  /** Raw PGlite handle (for snapshots), when embedded. */
  readonly pglite?: PGlite
  /** Raw pool, when on PostgreSQL. */
  readonly pool?: pg.Pool
  ping(): Promise<void>
  close(): Promise<void>
}

export type DatabaseOptions =
  { kind: 'postgres'; url: string; poolSize?: number } | { kind: 'pglite'; dataDir?: string; snapshot?: Blob }

const PGLITE_EXTENSIONS = { btree_gist, pg_trgm }

/** Open PostgreSQL (pooled) or an embedded PGlite; both speak the same schema. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 })
    // An idle client's error must not crash the process; the pool replaces it.
    pool.on('error', () => undefined)
    const db = drizzleNodePg(pool, { schema }) as unknown as Db
    await pool.query('select 1')
    let ended = false
    return {
      db,
      kind: 'postgres',
      pool,
      ping: async () => {
        await pool.query('select 1')
      },
      close: async () => {
        if (ended) return
        ended = true
        await pool.end()
      },
    }
  }
  const client = new PGlite({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.snapshot ? { loadDataDir: options.snapshot } : {}),
    extensions: PGLITE_EXTENSIONS,
  })
  await client.waitReady
  const db = drizzlePglite(client, { schema }) as unknown as Db
  let closed = false
  return {
    db,
    kind: 'pglite',
    pglite: client,
    ping: async () => {
      await db.execute(sql`select 1`)
    },
    close: async () => {
      if (closed) return
      closed = true
      await client.close()
    },
  }
}
