import type { SkilledWorker, WorkerServiceRow } from '@townworks/contract'
import { asc, count, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { cartEntries, services, towns, workers, workerServices } from '../../db/schema'
import type { Service, Town } from '@townworks/contract'

/** Every worker's offered services, one row per worker and service. */
export async function listWorkerServiceRows(db: DbOrTx): Promise<WorkerServiceRow[]> {
  const rows = await db
    .select({
      worker_id: workers.id,
      worker_name: workers.name,
      town: towns.name,
      service_name: services.name,
      description: workerServices.description,
      price_paise: workerServices.pricePaise,
      phone_number: workers.phone,
      email: workers.email,
      active: workers.active,
    })
    .from(workerServices)
    .innerJoin(workers, eq(workers.id, workerServices.workerId))
    .innerJoin(towns, eq(towns.id, workers.townId))
    .innerJoin(services, eq(services.id, workerServices.serviceId))
    .orderBy(asc(workers.name), asc(workers.id), asc(services.name))
  return rows.map((r) => ({
    ...r,
    town: r.town as Town,
    service_name: r.service_name as Service,
    price: r.price_paise / 100,
  }))
}

/** Active workers with how many shortlists hold each. */
export async function listSkilledWorkers(db: DbOrTx): Promise<SkilledWorker[]> {
  const rows = await db
    .select({ worker_id: workers.id, name: workers.name, cart_count: count(cartEntries.userId) })
    .from(workers)
    .leftJoin(cartEntries, eq(cartEntries.workerId, workers.id))
    .where(eq(workers.active, true))
    .groupBy(workers.id)
    .orderBy(asc(workers.name), asc(workers.id))
  return rows.map((r) => ({ ...r, cart_count: Number(r.cart_count) }))
}
