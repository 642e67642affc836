import type { Database } from './client'
import { migrateDatabase } from './migrate'

// Moving the embedded database to PostgreSQL (decision 038): the target gets the schema from our own
// migrations, then every row of every table, copied as text (each value parsed again by the
// column's own type), in an order where each row's references exist before it.

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`

/**
 * Tables our migrations fill with initial rows (0014: the towns and services as rows, decision 048):
 * a new PostgreSQL database has them, and still counts as empty.
 */
const FILLED_BY_MIGRATIONS = new Set(['towns', 'services', 'town_services'])

interface Table {
  name: string
  columns: string[]
  /** Primary-key columns: rows go in this order (a table that refers to itself refers backwards). */
  key: string[]
}

async function sourceRows(source: Database, query: string): Promise<Record<string, unknown>[]> {
  return (await source.pglite!.query<Record<string, unknown>>(query)).rows
}

/** The public tables, parents before children (foreign keys), with their stored columns. */
async function tablesInOrder(source: Database): Promise<Table[]> {
  const names = (
    await sourceRows(
      source,
      `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  ).map((r) => String(r.name))
  const columns = await sourceRows(
    source,
    `select table_name as t, column_name as c from information_schema.columns
      where table_schema = 'public' and is_generated = 'NEVER' order by table_name, ordinal_position`,
  )
  const keys = await sourceRows(
    source,
    `select tc.table_name as t, kcu.column_name as c from information_schema.table_constraints tc
      join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
      where tc.table_schema = 'public' and tc.constraint_type = 'PRIMARY KEY' order by kcu.ordinal_position`,
  )
  const references = await sourceRows(
    source,
    `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent from pg_constraint c
      join pg_namespace n on n.oid = c.connamespace where c.contype = 'f' and n.nspname = 'public'`,
  )
  const parents = new Map(names.map((n) => [n, new Set<string>()]))
  for (const r of references) {
    const child = String(r.child).replaceAll('"', '')
    const parent = String(r.parent).replaceAll('"', '')
    if (child !== parent) parents.get(child)?.add(parent)
  }
  const ordered: string[] = []
  const visit = (name: string, path: Set<string>) => {
    if (ordered.includes(name) || path.has(name)) return
    path.add(name)
    for (const parent of parents.get(name) ?? []) visit(parent, path)
    ordered.push(name)
  }
  for (const name of names) visit(name, new Set())
  return ordered.map((name) => ({
    name,
    columns: columns.filter((c) => c.t === name).map((c) => String(c.c)),
    key: keys.filter((k) => k.t === name).map((k) => String(k.c)),
  }))
}

/**
 * Copy every row of the embedded database `source` into the PostgreSQL `target`, which must hold no
 * TownWorks data yet (its tables are created here by the migrations; their initial towns and
 * services are replaced by the source's). One transaction: all or nothing.
 * Answers the number of rows copied per table.
 */
export async function copyToPostgres(source: Database, target: Database): Promise<Record<string, number>> {
  if (!source.pglite || !target.pool) throw new Error('copyToPostgres copies an embedded database into PostgreSQL')
  await migrateDatabase(target)
  const tables = await tablesInOrder(source)
  const client = await target.pool.connect()
  const copied: Record<string, number> = {}
  try {
    await client.query('begin')
    for (const table of tables) {
      if (FILLED_BY_MIGRATIONS.has(table.name)) continue
      const { rows } = await client.query(`select exists (select 1 from ${quote(table.name)}) as taken`)
      if ((rows[0] as { taken: boolean }).taken) {
        throw new Error(`The PostgreSQL database already has rows in ${table.name}: move into an empty database`)
      }
    }
    // Nothing refers to the migrations' initial towns and services yet: the source's rows (those
    // same ones, as an admin has edited them since, and any added) take their place, ids and all.
    for (const table of [...tables].reverse()) {
      if (FILLED_BY_MIGRATIONS.has(table.name)) await client.query(`delete from ${quote(table.name)}`)
    }
    for (const table of tables) {
      const list = table.columns.map(quote).join(', ')
      const asText = table.columns.map((c) => `${quote(c)}::text as ${quote(c)}`).join(', ')
      const order = table.key.length > 0 ? ` order by ${table.key.map(quote).join(', ')}` : ''
      const rows = await sourceRows(source, `select ${asText} from ${quote(table.name)}${order}`)
      for (let start = 0; start < rows.length; start += 500) {
        const batch = rows.slice(start, start + 500)
        const values: unknown[] = []
        const tuples = batch.map((row) => {
          const marks = table.columns.map((c) => `$${values.push(row[c] ?? null)}`)
          return `(${marks.join(', ')})`
        })
        await client.query(
          `insert into ${quote(table.name)} (${list}) overriding system value values ${tuples.join(', ')}`,
          values,
        )
      }
      copied[table.name] = rows.length
      // Serial and identity columns continue after the highest id copied.
      for (const column of table.columns) {
        const { rows: seq } = await client.query('select pg_get_serial_sequence($1, $2) as seq', [
          quote(table.name),
          column,
        ])
        const sequence = (seq[0] as { seq: string | null }).seq
        if (!sequence) continue
        await client.query(
          `select setval($1, coalesce((select max(${quote(column)}) from ${quote(table.name)}), 0) + 1, false)`,
          [sequence],
        )
      }
    }
    await client.query('commit')
  } catch (error) {
    await client.query('rollback').catch(() => undefined)
    throw error
  } finally {
    client.release()
  }
  return copied
}
