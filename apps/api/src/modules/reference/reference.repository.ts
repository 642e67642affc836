import type { OrderUnit, PhotoType, ServiceCategory, ServiceRow, TownRow } from '@townworks/contract'
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { servicePictures, services, towns, townServices } from '../../db/schema'
import { tableNames } from '../../db/tables'

/** The tables GET /api/towns and GET /api/services read (their caches' names, decision 014). */
export const TOWNS_READ = tableNames(towns, townServices, services)
export const SERVICES_READ = tableNames(services, servicePictures)

export interface PlaceFields {
  name: string
  nameTe: string
  nameHi: string
  active: boolean
  sortOrder: number
}

/** Every town, in list order, with the names of the services it offers (in the services' order). */
export async function listTowns(db: DbOrTx): Promise<TownRow[]> {
  const [rows, offers] = await Promise.all([
    db.select().from(towns).orderBy(asc(towns.sortOrder), asc(towns.name), asc(towns.id)),
    db
      .select({ townId: townServices.townId, name: services.name })
      .from(townServices)
      .innerJoin(services, eq(services.id, townServices.serviceId))
      .orderBy(asc(services.sortOrder), asc(services.name), asc(services.id)),
  ])
  return rows.map((t) => ({
    id: t.id,
    name: t.name,
    name_te: t.nameTe,
    name_hi: t.nameHi,
    active: t.active,
    sort_order: t.sortOrder,
    services: offers.filter((o) => o.townId === t.id).map((o) => o.name),
  }))
}

/** Every service, in list order, with whether it has a card picture. */
export async function listServices(db: DbOrTx): Promise<ServiceRow[]> {
  const rows = await db
    .select({
      id: services.id,
      name: services.name,
      name_te: services.nameTe,
      name_hi: services.nameHi,
      active: services.active,
      sort_order: services.sortOrder,
      category: services.category,
      orderUnits: services.orderUnits,
      has_picture: sql<boolean>`${servicePictures.serviceId} is not null`,
      // The address names the picture's version: a replaced picture is a new address (reference.routes.ts).
      picture_url: sql<string | null>`case when ${servicePictures.serviceId} is null then null
        else '/api/services/' || ${services.id} || '/picture/image?v='
          || (extract(epoch from ${servicePictures.updatedAt}) * 1000)::bigint end`,
    })
    .from(services)
    .leftJoin(servicePictures, eq(servicePictures.serviceId, services.id))
    .orderBy(asc(services.sortOrder), asc(services.name), asc(services.id))
  // The column holds only ORDER_UNITS (its CHECK).
  return rows.map(({ orderUnits, ...row }) => ({ ...row, order_units: orderUnits as OrderUnit[] }))
}

/** A town or service by its English name (any case), other than `exceptId`: the duplicate a new name would make. */
export async function sameName(
  db: DbOrTx,
  kind: 'town' | 'service',
  name: string,
  exceptId = 0,
): Promise<{ id: number } | undefined> {
  const table = kind === 'town' ? towns : services
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(sql`lower(${table.name})`, name.toLowerCase()), ne(table.id, exceptId)))
    .limit(1)
  return row
}

/** A town by its English name, exactly as the wire sends it. */
export async function townByName(db: DbOrTx, name: string): Promise<{ id: number; active: boolean } | undefined> {
  const [row] = await db.select({ id: towns.id, active: towns.active }).from(towns).where(eq(towns.name, name))
  return row
}

/** A service by its English name, exactly as the wire sends it, with the units it is ordered in (decision 069). */
export async function serviceByName(
  db: DbOrTx,
  name: string,
): Promise<{ id: number; active: boolean; orderUnits: OrderUnit[] } | undefined> {
  const [row] = await db
    .select({ id: services.id, active: services.active, orderUnits: services.orderUnits })
    .from(services)
    .where(eq(services.name, name))
  return row && { ...row, orderUnits: row.orderUnits as OrderUnit[] }
}

/** A service's English name by its id; undefined when there is none. */
export async function serviceNameById(db: DbOrTx, id: number): Promise<string | undefined> {
  const [row] = await db.select({ name: services.name }).from(services).where(eq(services.id, id))
  return row?.name
}

/** Services by English name: the ones found (id, active, the units each is ordered in), keyed by name. */
export async function servicesByName(
  db: DbOrTx,
  names: readonly string[],
): Promise<Map<string, { id: number; active: boolean; orderUnits: OrderUnit[] }>> {
  if (names.length === 0) return new Map()
  const rows = await db
    .select({ id: services.id, name: services.name, active: services.active, orderUnits: services.orderUnits })
    .from(services)
    .where(inArray(services.name, [...names]))
  return new Map(rows.map((r) => [r.name, { id: r.id, active: r.active, orderUnits: r.orderUnits as OrderUnit[] }]))
}

/** Whether a town offers a service. */
export async function townOffers(db: DbOrTx, townId: number, serviceId: number): Promise<boolean> {
  const [row] = await db
    .select({ townId: townServices.townId })
    .from(townServices)
    .where(and(eq(townServices.townId, townId), eq(townServices.serviceId, serviceId)))
  return row !== undefined
}

/** The town's row, locked for the change (FOR UPDATE), or undefined. */
export async function lockTown(db: DbOrTx, id: number): Promise<{ id: number } | undefined> {
  const [row] = await db.select({ id: towns.id }).from(towns).where(eq(towns.id, id)).for('update')
  return row
}

/** The service's row, locked for the change (FOR UPDATE), or undefined. */
export async function lockService(db: DbOrTx, id: number): Promise<{ id: number } | undefined> {
  const [row] = await db.select({ id: services.id }).from(services).where(eq(services.id, id)).for('update')
  return row
}

export async function insertTown(db: DbOrTx, fields: PlaceFields): Promise<number> {
  const [row] = await db.insert(towns).values(fields).returning({ id: towns.id })
  return row!.id
}

export async function updateTown(db: DbOrTx, id: number, fields: PlaceFields): Promise<void> {
  await db.update(towns).set(fields).where(eq(towns.id, id))
}

/** Make the town offer exactly these services. */
export async function setTownServices(db: DbOrTx, townId: number, serviceIds: readonly number[]): Promise<void> {
  await db.delete(townServices).where(eq(townServices.townId, townId))
  if (serviceIds.length > 0) {
    await db.insert(townServices).values(serviceIds.map((serviceId) => ({ townId, serviceId })))
  }
}

/** A service's own fields: its place fields, its category and, when given, the units it is ordered in (decision 069). */
export type ServiceFields = PlaceFields & { category: ServiceCategory; orderUnits?: OrderUnit[] }

export async function insertService(db: DbOrTx, fields: ServiceFields): Promise<number> {
  const [row] = await db.insert(services).values(fields).returning({ id: services.id })
  return row!.id
}

/** Save a service's fields; `orderUnits` left out keeps the stored units. */
export async function updateService(db: DbOrTx, id: number, fields: ServiceFields): Promise<void> {
  await db.update(services).set(fields).where(eq(services.id, id))
}

/** Set (or replace) a service's card picture. */
export async function setServicePicture(
  db: DbOrTx,
  serviceId: number,
  picture: { type: PhotoType; bytes: Buffer },
): Promise<void> {
  const values = { serviceId, contentType: picture.type, size: picture.bytes.byteLength, bytes: picture.bytes }
  await db
    .insert(servicePictures)
    .values(values)
    .onConflictDoUpdate({
      target: servicePictures.serviceId,
      set: { contentType: values.contentType, size: values.size, bytes: values.bytes, updatedAt: sql`now()` },
    })
}

export async function servicePicture(
  db: DbOrTx,
  serviceId: number,
): Promise<{ type: PhotoType; bytes: Uint8Array } | undefined> {
  const [row] = await db
    .select({ type: servicePictures.contentType, bytes: servicePictures.bytes })
    .from(servicePictures)
    .where(eq(servicePictures.serviceId, serviceId))
  return row
}
