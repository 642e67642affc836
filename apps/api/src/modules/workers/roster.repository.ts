import type {
  OrderUnit,
  Service,
  Town,
  WorkerDetail,
  WorkerLanguage,
  WorkerProof,
  WorkerServiceRow,
  WorkerStanding,
  WorkerServicesQuery,
} from '@townworks/contract'
import { and, asc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { EXPORT_BATCH } from '../../db/export'
import { likeContaining } from '../../db/like'
import { tableNames } from '../../db/tables'
import { assignments, payouts, services, towns, workers, workerServices } from '../../db/schema'
import { workerPhotoUrl } from './profile.repository'
import { NO_PROOF, NO_STANDING, PROOF_READ, proofOf, STANDING_READ, standingOf } from './standing.repository'

// The roster: workers, the services and prices they offer, their logins (`workers`, `worker_services`).

/** What listWorkerServiceRows reads: a cached answer is dropped when one of these changes. */
export const WORKER_SERVICE_ROWS_READ = [
  ...tableNames(workerServices, workers, towns, services),
  ...STANDING_READ,
  ...PROOF_READ,
]

/** Every worker's offered services, one row per worker and service, optionally filtered. */
export async function listWorkerServiceRows(db: DbOrTx, filter: WorkerServicesQuery = {}): Promise<WorkerServiceRow[]> {
  return withStanding(db, await workerServiceRows(db, filter))
}

/** The rows with each worker's standing and proof (issue 21), for the office to sort and judge by. */
async function withStanding(db: DbOrTx, rows: (RosterRow & { serviceId: number })[]): Promise<WorkerServiceRow[]> {
  const ids = rows.map((r) => r.worker_id)
  const [standing, proof] = await Promise.all([standingOf(db, ids), proofOf(db, ids)])
  return rows.map(({ serviceId: _s, ...row }) => ({
    ...row,
    ...(standing.get(row.worker_id) ?? NO_STANDING),
    ...(proof.get(row.worker_id) ?? NO_PROOF),
  }))
}

/** A roster row as read, before its worker's standing is added. */
type RosterRow = Omit<WorkerServiceRow, keyof WorkerStanding | keyof WorkerProof>

/**
 * The roster's rows as /wss filters them, in batches read by (worker id, service id) (keyset), for
 * the CSV export (decision 045): a roster of any size streams in constant memory.
 */
export async function* exportWorkerServiceBatches(
  db: DbOrTx,
  filter: WorkerServicesQuery,
  batchSize = EXPORT_BATCH,
): AsyncGenerator<WorkerServiceRow[]> {
  let after: [number, number] | undefined
  for (;;) {
    const rows = await workerServiceRows(db, filter, { after, limit: batchSize })
    if (rows.length === 0) return
    yield await withStanding(db, rows)
    if (rows.length < batchSize) return
    const last = rows.at(-1)!
    after = [last.worker_id, last.serviceId]
  }
}

/** Offers matching the filter: by worker name, or (`page`) in (worker, service) id order after a key, `limit` rows. */
async function workerServiceRows(
  db: DbOrTx,
  filter: WorkerServicesQuery,
  page?: { after: [number, number] | undefined; limit: number },
): Promise<(RosterRow & { serviceId: number })[]> {
  const conditions: SQL[] = []
  if (page?.after)
    conditions.push(
      sql`(${workerServices.workerId}, ${workerServices.serviceId}) > (${page.after[0]}, ${page.after[1]})`,
    )
  if (filter.town) conditions.push(eq(towns.name, filter.town))
  if (filter.service) conditions.push(eq(services.name, filter.service))
  if (filter.q) {
    const digits = filter.q.replace(/\D/g, '')
    const byName = ilike(workers.name, likeContaining(filter.q))
    conditions.push(digits.length >= 3 ? or(byName, sql`${workers.phone} like ${likeContaining(digits)}`)! : byName)
  }
  const query = db
    .select({
      worker_id: workers.id,
      worker_name: workers.name,
      town: towns.name,
      service_name: services.name,
      serviceId: workerServices.serviceId,
      description: workerServices.description,
      price_paise: workerServices.pricePaise,
      unit: workerServices.unit,
      phone_number: workers.phone,
      email: workers.email,
      active: workers.active,
    })
    .from(workerServices)
    .innerJoin(workers, eq(workers.id, workerServices.workerId))
    .innerJoin(towns, eq(towns.id, workers.townId))
    .innerJoin(services, eq(services.id, workerServices.serviceId))
    .where(and(...conditions))
  const rows = page
    ? await query.orderBy(asc(workerServices.workerId), asc(workerServices.serviceId)).limit(page.limit)
    : await query.orderBy(asc(workers.name), asc(workers.id), asc(services.name))
  return rows.map((r) => ({
    ...r,
    town: r.town as Town,
    service_name: r.service_name as Service,
    price: r.price_paise / 100,
  }))
}

/** One worker with every service they offer; undefined when there is no such worker. */
export async function getWorkerDetail(db: DbOrTx, workerId: number): Promise<WorkerDetail | undefined> {
  const [worker] = await db
    .select({
      worker_id: workers.id,
      worker_name: workers.name,
      town: towns.name,
      phone_number: workers.phone,
      email: workers.email,
      active: workers.active,
      userId: workers.userId,
      languages: workers.languages,
      experience_years: workers.experienceYears,
      photoKey: workers.photoKey,
    })
    .from(workers)
    .innerJoin(towns, eq(towns.id, workers.townId))
    .where(eq(workers.id, workerId))
  if (!worker) return undefined
  const offers = await db
    .select({
      service_name: services.name,
      description: workerServices.description,
      price_paise: workerServices.pricePaise,
      unit: workerServices.unit,
    })
    .from(workerServices)
    .innerJoin(services, eq(services.id, workerServices.serviceId))
    .where(eq(workerServices.workerId, workerId))
    .orderBy(asc(services.name))
  const { userId, photoKey, ...rest } = worker
  return {
    ...rest,
    languages: rest.languages as WorkerLanguage[],
    photo_url: workerPhotoUrl(workerId, photoKey),
    town: rest.town as Town,
    has_login: userId !== null,
    services: offers.map((o) => ({ ...o, service_name: o.service_name as Service, price: o.price_paise / 100 })),
  }
}

/** The town and services a worker has now: an edit may keep them even when retired since (decision 048). */
export async function workerPlaces(
  db: DbOrTx,
  workerId: number,
): Promise<{ townId?: number; serviceIds: ReadonlySet<number> }> {
  const [[worker], offers] = await Promise.all([
    db.select({ townId: workers.townId }).from(workers).where(eq(workers.id, workerId)),
    db
      .select({ serviceId: workerServices.serviceId })
      .from(workerServices)
      .where(eq(workerServices.workerId, workerId)),
  ])
  return { townId: worker?.townId, serviceIds: new Set(offers.map((o) => o.serviceId)) }
}

/** Another worker (not `exceptId`) with this phone number, if any. */
export async function findWorkerByPhone(
  db: DbOrTx,
  phone: string,
  exceptId = 0,
): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db
    .select({ id: workers.id, name: workers.name })
    .from(workers)
    .where(and(eq(workers.phone, phone), ne(workers.id, exceptId)))
    .limit(1)
  return row
}

/** The worker with this number (as stored, +91…) and their login, the oldest first. */
export async function findWorkerWithLogin(
  db: DbOrTx,
  phone: string,
): Promise<{ id: number; name: string; userId: number | null } | undefined> {
  const [row] = await db
    .select({ id: workers.id, name: workers.name, userId: workers.userId })
    .from(workers)
    .where(eq(workers.phone, phone))
    .orderBy(workers.id)
    .limit(1)
  return row
}

export interface WorkerFields {
  name: string
  townId: number
  phone: string
  email: string | null
  active?: boolean | undefined
  /** The profile (issue 21); undefined keeps what the worker has. */
  languages?: WorkerLanguage[] | undefined
  experienceYears?: number | null | undefined
}

/** Insert a worker; returns its id. */
export async function insertWorker(tx: DbOrTx, fields: WorkerFields): Promise<number> {
  const [row] = await tx
    .insert(workers)
    .values({
      ...fields,
      active: fields.active ?? true,
      languages: fields.languages ?? [],
      experienceYears: fields.experienceYears ?? null,
    })
    .returning({ id: workers.id })
  return row!.id
}

/** Lock a worker row for the rest of the transaction; undefined when missing. */
export async function lockWorker(
  tx: DbOrTx,
  workerId: number,
): Promise<{ id: number; name: string; active: boolean; userId: number | null } | undefined> {
  const [row] = await tx
    .select({ id: workers.id, name: workers.name, active: workers.active, userId: workers.userId })
    .from(workers)
    .where(eq(workers.id, workerId))
    .for('update')
  return row
}

/** Update a worker's own fields. */
export async function updateWorker(tx: DbOrTx, workerId: number, fields: WorkerFields): Promise<void> {
  await tx
    .update(workers)
    .set({
      name: fields.name,
      townId: fields.townId,
      phone: fields.phone,
      email: fields.email,
      ...(fields.active !== undefined ? { active: fields.active } : {}),
      ...(fields.languages !== undefined ? { languages: fields.languages } : {}),
      ...(fields.experienceYears !== undefined ? { experienceYears: fields.experienceYears } : {}),
    })
    .where(eq(workers.id, workerId))
}

/** Replace the services a worker offers. */
export async function replaceOffers(
  tx: DbOrTx,
  workerId: number,
  offers: { serviceId: number; description: string; pricePaise: number; unit: OrderUnit | null }[],
): Promise<void> {
  await tx.delete(workerServices).where(eq(workerServices.workerId, workerId))
  if (offers.length > 0) await tx.insert(workerServices).values(offers.map((o) => ({ ...o, workerId })))
}

/** Whether anything on record points at the worker: assignments (any status) or payouts. */
export async function hasHistory(tx: DbOrTx, workerId: number): Promise<boolean> {
  const [assignment] = await tx
    .select({ id: assignments.id })
    .from(assignments)
    .where(eq(assignments.workerId, workerId))
    .limit(1)
  if (assignment) return true
  const [payout] = await tx.select({ id: payouts.id }).from(payouts).where(eq(payouts.workerId, workerId)).limit(1)
  return payout !== undefined
}

/** Erase a worker; their services, hours, days off and cart entries go with them. */
export async function deleteWorker(tx: DbOrTx, workerId: number): Promise<void> {
  await tx.delete(workers).where(eq(workers.id, workerId))
}

/** Mark a worker inactive: no new assignments, history kept. */
export async function deactivateWorker(tx: DbOrTx, workerId: number): Promise<void> {
  await tx.update(workers).set({ active: false }).where(eq(workers.id, workerId))
}

/** The worker profile linked to a login, if any. */
export async function workerOfUser(db: DbOrTx, userId: number): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db.select({ id: workers.id, name: workers.name }).from(workers).where(eq(workers.userId, userId))
  return row
}

/** Whether a worker exists and takes work. */
export async function workerState(
  db: DbOrTx,
  workerId: number,
): Promise<{ name: string; active: boolean } | undefined> {
  const [row] = await db
    .select({ name: workers.name, active: workers.active })
    .from(workers)
    .where(eq(workers.id, workerId))
  return row
}

/**
 * What a worker charges for a service (or for their only service when none is named), in paise, and
 * what that price is per (decision 069: a unit of a material; null: the job); undefined when they do
 * not offer it.
 */
export async function offerPrice(
  db: DbOrTx,
  workerId: number,
  serviceId: number | null,
): Promise<{ pricePaise: number; unit: OrderUnit | null } | undefined> {
  const rows = await db
    .select({ serviceId: workerServices.serviceId, pricePaise: workerServices.pricePaise, unit: workerServices.unit })
    .from(workerServices)
    .where(eq(workerServices.workerId, workerId))
  const row =
    serviceId === null ? (rows.length === 1 ? rows[0] : undefined) : rows.find((r) => r.serviceId === serviceId)
  return row && { pricePaise: row.pricePaise, unit: row.unit }
}

/** Point a worker profile at a login (or none); a login has at most one worker profile. */
export async function linkLogin(tx: DbOrTx, userId: number, workerId: number | null): Promise<void> {
  await tx.update(workers).set({ userId: null }).where(eq(workers.userId, userId))
  if (workerId !== null) await tx.update(workers).set({ userId }).where(eq(workers.id, workerId))
}
