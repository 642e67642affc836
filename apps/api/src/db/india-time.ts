import { sql, type SQL } from 'drizzle-orm'

/**
 * SQL for the business's days (Asia/Kolkata) against timestamptz columns. Bounds are instants, so a
 * filter `created_at >= indiaDayStart(day)` is a range on the column and its index serves it
 * (a `(created_at at time zone …)::date = day` filter would scan).
 */

/** The instant an Asia/Kolkata day (yyyy-MM-dd) starts, `plusDays` later. */
export function indiaDayStart(day: string, plusDays = 0): SQL {
  return sql`((${day}::date + ${plusDays}::int)::timestamp at time zone 'Asia/Kolkata')`
}

/** Now, as the wall-clock time in Asia/Kolkata (a timestamp without zone, comparable to date + time). */
export const INDIA_NOW: SQL = sql`(now() at time zone 'Asia/Kolkata')`

/** Today's date in Asia/Kolkata, by the database's clock. */
export const INDIA_TODAY: SQL = sql`(now() at time zone 'Asia/Kolkata')::date`
