import type { SkilledWorker } from '@townworks/contract'
import { asc, count, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { prepared } from '../../db/prepared'
import { tableNames } from '../../db/tables'
import { cartEntries, workers } from '../../db/schema'

// The shortlist (the seed's cart): which workers people keep, and how many keep each (`cart_entries`).

/** What listSkilledWorkers reads. */
export const SKILLED_WORKERS_READ = tableNames(workers, cartEntries)

/** Active workers with how many shortlists hold each. */
export async function listSkilledWorkers(db: DbOrTx): Promise<SkilledWorker[]> {
  const rows = await prepared(db, 'skilled_workers', (d, name) =>
    d
      .select({ worker_id: workers.id, name: workers.name, cart_count: count(cartEntries.userId) })
      .from(workers)
      .leftJoin(cartEntries, eq(cartEntries.workerId, workers.id))
      .where(eq(workers.active, true))
      .groupBy(workers.id)
      .orderBy(asc(workers.name), asc(workers.id))
      .prepare(name),
  ).execute()
  return rows.map((r) => ({ ...r, cart_count: Number(r.cart_count) }))
}

/**
 * Put a worker in a user's cart once: the (user, worker) key makes a second add a no-op, and
 * concurrent adds by different users never overwrite each other. Returns whether it was added.
 */
export async function addCartEntry(tx: DbOrTx, userId: number, workerId: number): Promise<boolean> {
  const inserted = await tx
    .insert(cartEntries)
    .values({ userId, workerId })
    .onConflictDoNothing()
    .returning({ workerId: cartEntries.workerId })
  return inserted.length > 0
}

/** How many carts hold the worker. */
export async function cartCount(db: DbOrTx, workerId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cartEntries).where(eq(cartEntries.workerId, workerId))
  return Number(row?.n ?? 0)
}
