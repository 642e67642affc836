import { and, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { idempotentReplies } from '../../db/schema'

// The answers kept for an Idempotency-Key: rows of `idempotent_replies` (decision 064).

/** Hours a kept answer is replayed; older rows count as absent and are removed as new ones are written. */
export const REPLY_KEPT_HOURS = 24

export interface ReplyKey {
  userId: number
  endpoint: string
  key: string
}

export interface KeptReply {
  requestHash: string
  statusCode: number
  body: unknown
}

/** A status no answer has: the row of a request still being answered, inside its own transaction. */
const ANSWERING = 0

/**
 * Claim a key for this request, in the caller's transaction: true when the row is new. A parallel
 * request with the same key waits on the primary key until this transaction ends, then finds the row
 * (committed with the answer) or claims it itself (this one rolled back).
 */
export async function claimKey(tx: DbOrTx, key: ReplyKey, requestHash: string): Promise<boolean> {
  const rows = await tx
    .insert(idempotentReplies)
    .values({ ...key, requestHash, statusCode: ANSWERING, body: {} })
    .onConflictDoNothing()
    .returning({ userId: idempotentReplies.userId })
  return rows.length === 1
}

/** The kept answer for a key (the caller removed expired rows first). */
export async function findReply(tx: DbOrTx, key: ReplyKey): Promise<KeptReply | undefined> {
  const [row] = await tx
    .select({
      requestHash: idempotentReplies.requestHash,
      statusCode: idempotentReplies.statusCode,
      body: idempotentReplies.body,
    })
    .from(idempotentReplies)
    .where(whereKey(key))
  return row
}

/** How many answers are kept for this caller (the primary key's first column: an index scan). */
export async function countKept(tx: DbOrTx, userId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(idempotentReplies)
    .where(eq(idempotentReplies.userId, userId))
  return row?.n ?? 0
}

/** Keep the answer given to the claimed key. */
export async function keepReply(
  tx: DbOrTx,
  key: ReplyKey,
  reply: { statusCode: number; body: unknown },
): Promise<void> {
  await tx.update(idempotentReplies).set({ statusCode: reply.statusCode, body: reply.body }).where(whereKey(key))
}

/**
 * Remove expired answers: this caller's (so an expired key of theirs is free again), then up to 100
 * of anyone's, skipping rows another transaction holds, so the table keeps about a day's worth.
 */
export async function removeExpired(tx: DbOrTx, userId: number): Promise<void> {
  const expired = sql`now() - make_interval(hours => ${REPLY_KEPT_HOURS})`
  await tx.execute(sql`delete from ${idempotentReplies} where user_id = ${userId} and created_at < ${expired}`)
  await tx.execute(sql`
    delete from ${idempotentReplies}
    where (user_id, endpoint, key) in (
      select user_id, endpoint, key from ${idempotentReplies}
      where created_at < ${expired}
      limit 100
      for update skip locked
    )`)
}

function whereKey(key: ReplyKey) {
  return and(
    eq(idempotentReplies.userId, key.userId),
    eq(idempotentReplies.endpoint, key.endpoint),
    eq(idempotentReplies.key, key.key),
  )
}
