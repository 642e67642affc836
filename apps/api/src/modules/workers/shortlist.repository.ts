import type { Service, SkilledWorker, Town, WorkerStanding } from '@townworks/contract'
import { asc, count, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { prepared } from '../../db/prepared'
import { tableNames } from '../../db/tables'
import { cartEntries, services, towns, workers, workerServices } from '../../db/schema'

// The shortlist (the seed's cart): which workers people keep, and how many keep each (`cart_entries`).

/** What listSkilledWorkers reads. */
export const SKILLED_WORKERS_READ = tableNames(workers, cartEntries, towns, workerServices, services)

/**
 * Active workers with how many shortlists hold each, their town, and the trades they offer with
 * prices (in the services' list order, so a worker's first trade is the same everywhere).
 */
export async function listSkilledWorkers(db: DbOrTx): Promise<Omit<SkilledWorker, keyof WorkerStanding>[]> {
  const [rows, offers] = await Promise.all([
    prepared(db, 'skilled_workers', (d, name) =>
      d
        .select({ worker_id: workers.id, name: workers.name, town: towns.name, cart_count: count(cartEntries.userId) })
        .from(workers)
        .innerJoin(towns, eq(towns.id, workers.townId))
        .leftJoin(cartEntries, eq(cartEntries.workerId, workers.id))
        .where(eq(workers.active, true))
        .groupBy(workers.id, towns.name)
        .orderBy(asc(workers.name), asc(workers.id))
        .prepare(name),
    ).execute(),
    prepared(db, 'skilled_worker_offers', (d, name) =>
      d
        .select({
          worker_id: workerServices.workerId,
          service_name: services.name,
          price_paise: workerServices.pricePaise,
          unit: workerServices.unit,
        })
        .from(workerServices)
        .innerJoin(workers, eq(workers.id, workerServices.workerId))
        .innerJoin(services, eq(services.id, workerServices.serviceId))
        .where(eq(workers.active, true))
        .orderBy(asc(services.sortOrder), asc(services.name), asc(services.id))
        .prepare(name),
    ).execute(),
  ])
  const offered = new Map<number, SkilledWorker['services']>()
  for (const o of offers) {
    const list = offered.get(o.worker_id) ?? []
    list.push({ service_name: o.service_name as Service, price_paise: o.price_paise, unit: o.unit })
    offered.set(o.worker_id, list)
  }
  return rows.map((r) => ({
    worker_id: r.worker_id,
    name: r.name,
    cart_count: Number(r.cart_count),
    town: r.town as Town,
    services: offered.get(r.worker_id) ?? [],
  }))
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
