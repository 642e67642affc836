import type { DbOrTx } from './client'

/**
 * A query built once per database handle and kept as a named prepared statement: each request then
 * skips Drizzle's query building, and PostgreSQL parses and plans it once per connection. Used for
 * the reads every request makes (the caller's account, a task's history). Built on the handle it is
 * given, so inside a transaction it runs in that transaction (kept only as long as the handle lives).
 */
export function prepared<Q>(db: DbOrTx, name: string, build: (db: DbOrTx, name: string) => Q): Q {
  let statements = built.get(db)
  if (!statements) built.set(db, (statements = new Map()))
  let statement = statements.get(name) as Q | undefined
  if (!statement) statements.set(name, (statement = build(db, name)))
  return statement
}

const built = new WeakMap<DbOrTx, Map<string, unknown>>()
