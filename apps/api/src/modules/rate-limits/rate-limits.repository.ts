import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { rateLimitHits } from '../../db/schema'

/**
 * Count one hit for `key` in its window and answer the count so far and the milliseconds left.
 * One statement: concurrent hits from several API processes are counted exactly (decision 010).
 */
export async function countHit(db: DbOrTx, key: string, windowMs: number): Promise<{ hits: number; ttlMs: number }> {
  const rows = await db
    .insert(rateLimitHits)
    .values({ key, hits: 1, resetAt: sql`now() + make_interval(secs => ${windowMs / 1000})` })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        hits: sql`case when ${rateLimitHits.resetAt} <= now() then 1 else ${rateLimitHits.hits} + 1 end`,
        resetAt: sql`case when ${rateLimitHits.resetAt} <= now() then excluded.reset_at else ${rateLimitHits.resetAt} end`,
      },
    })
    .returning({
      hits: rateLimitHits.hits,
      ttlMs: sql<number>`greatest(0, ceil(extract(epoch from (${rateLimitHits.resetAt} - now())) * 1000))`.mapWith(
        Number,
      ),
    })
  return rows[0]!
}

/** The hits of `key` in its current window, without counting one. */
export async function readHits(db: DbOrTx, key: string): Promise<{ hits: number; ttlMs: number }> {
  const rows = await db
    .select({
      hits: rateLimitHits.hits,
      ttlMs: sql<number>`ceil(extract(epoch from (${rateLimitHits.resetAt} - now())) * 1000)`.mapWith(Number),
    })
    .from(rateLimitHits)
    .where(sql`${rateLimitHits.key} = ${key} and ${rateLimitHits.resetAt} > now()`)
  return rows[0] ?? { hits: 0, ttlMs: 0 }
}

/** Forget windows that ended before `before`. */
export async function pruneHits(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(rateLimitHits).where(sql`${rateLimitHits.resetAt} < ${before.toISOString()}::timestamptz`)
}

/** Take back one hit of `key` (an action counted, then not done after all); never below zero. */
export async function uncountHit(db: DbOrTx, key: string): Promise<void> {
  await db
    .update(rateLimitHits)
    .set({ hits: sql`greatest(0, ${rateLimitHits.hits} - 1)` })
    .where(sql`${rateLimitHits.key} = ${key} and ${rateLimitHits.resetAt} > now()`)
}
