import type { PriceGuideBody } from '@townworks/contract'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { priceGuideItems, priceGuides, services, towns, users } from '../../db/schema'
import { tableNames } from '../../db/tables'

/** The tables GET /api/price-ranges reads (its cache's names, decision 014). */
export const RANGES_READ = tableNames(priceGuides, priceGuideItems, services, towns)

export interface GuideRow {
  id: number
  serviceId: number
  service: string
  serviceActive: boolean
  townId: number
  town: string
  townActive: boolean
  minimumChargePaise: number
  updatedBy: string | null
  updatedAt: Date
}

export interface ItemRow {
  guideId: number
  position: number
  kind: 'labour' | 'material'
  description: string
  unit: PriceGuideBody['items'][number]['unit']
  typicalQuantity: number
  lowUnitPricePaise: number
  highUnitPricePaise: number
}

/** Guides with their service's and town's names, in the services' and towns' list order; `withLogin` names the admin. */
export async function listGuides(
  db: DbOrTx,
  where: { serviceId: number; townId: number } | undefined,
  withLogin: boolean,
): Promise<GuideRow[]> {
  const query = db
    .select({
      id: priceGuides.id,
      serviceId: priceGuides.serviceId,
      service: services.name,
      serviceActive: services.active,
      townId: priceGuides.townId,
      town: towns.name,
      townActive: towns.active,
      minimumChargePaise: priceGuides.minimumChargePaise,
      updatedAt: priceGuides.updatedAt,
    })
    .from(priceGuides)
    .innerJoin(services, eq(services.id, priceGuides.serviceId))
    .innerJoin(towns, eq(towns.id, priceGuides.townId))
    .where(where ? and(eq(priceGuides.serviceId, where.serviceId), eq(priceGuides.townId, where.townId)) : undefined)
    .orderBy(asc(services.sortOrder), asc(services.name), asc(towns.sortOrder), asc(towns.name))
  const rows = await query
  if (!withLogin || rows.length === 0) return rows.map((r) => ({ ...r, updatedBy: null }))
  const logins = await db
    .select({ id: priceGuides.id, login: users.username })
    .from(priceGuides)
    .innerJoin(users, eq(users.id, priceGuides.updatedBy))
    .where(
      inArray(
        priceGuides.id,
        rows.map((r) => r.id),
      ),
    )
  const byId = new Map(logins.map((l) => [l.id, l.login]))
  return rows.map((r) => ({ ...r, updatedBy: byId.get(r.id) ?? null }))
}

/** The items of these guides, in order. */
export async function itemsOf(db: DbOrTx, guideIds: readonly number[]): Promise<ItemRow[]> {
  if (guideIds.length === 0) return []
  return db
    .select()
    .from(priceGuideItems)
    .where(inArray(priceGuideItems.guideId, [...guideIds]))
    .orderBy(asc(priceGuideItems.guideId), asc(priceGuideItems.position))
}

/** Every guide's items, in order (the public ranges read them all, guides or none). */
export async function allItems(db: DbOrTx): Promise<ItemRow[]> {
  return db.select().from(priceGuideItems).orderBy(asc(priceGuideItems.guideId), asc(priceGuideItems.position))
}

/** A service or town row, locked against a concurrent change, or undefined. */
export async function placeActive(db: DbOrTx, kind: 'service' | 'town', id: number): Promise<boolean> {
  const table = kind === 'service' ? services : towns
  const [row] = await db.select({ active: table.active }).from(table).where(eq(table.id, id)).for('share')
  return row?.active === true
}

/**
 * Replace the guide of a service in a town: its row (made or updated) and all its items. Runs in
 * the caller's transaction.
 */
export async function replaceGuide(
  tx: DbOrTx,
  serviceId: number,
  townId: number,
  body: PriceGuideBody,
  userId: number | undefined,
): Promise<void> {
  const [guide] = await tx
    .insert(priceGuides)
    .values({ serviceId, townId, minimumChargePaise: body.minimum_charge_paise, updatedBy: userId ?? null })
    .onConflictDoUpdate({
      target: [priceGuides.serviceId, priceGuides.townId],
      set: { minimumChargePaise: body.minimum_charge_paise, updatedBy: userId ?? null, updatedAt: new Date() },
    })
    .returning({ id: priceGuides.id })
  await tx.delete(priceGuideItems).where(eq(priceGuideItems.guideId, guide!.id))
  await tx.insert(priceGuideItems).values(
    body.items.map((item, i) => ({
      guideId: guide!.id,
      position: i + 1,
      kind: item.kind,
      description: item.description,
      unit: item.unit,
      typicalQuantity: item.typical_quantity,
      lowUnitPricePaise: item.low_unit_price_paise,
      highUnitPricePaise: item.high_unit_price_paise,
    })),
  )
}

/** Remove a guide (its items go with it); whether there was one. */
export async function deleteGuide(db: DbOrTx, serviceId: number, townId: number): Promise<boolean> {
  const gone = await db
    .delete(priceGuides)
    .where(and(eq(priceGuides.serviceId, serviceId), eq(priceGuides.townId, townId)))
    .returning({ id: priceGuides.id })
  return gone.length > 0
}
