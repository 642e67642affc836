import { getTableName, type Table } from 'drizzle-orm'

/** The SQL names of tables, as migration 0006's change notices name them (decision 014). */
export function tableNames(...tables: Table[]): string[] {
  return tables.map((table) => getTableName(table))
}
