import {
  priceRangePaise,
  priceRangeRupees,
  type MessageResponse,
  type PriceGuide,
  type PriceGuideBody,
  type PriceGuidesResponse,
  type PriceRangesResponse,
} from '@townworks/contract'
import { notFound } from '../../shared/app-error'
import type { Ctx } from '../../shared/context'
import * as repository from './price-guide.repository'

// The price guide (issue 22, decision 063): per service and town, typical items with a low and a
// high unit price and a minimum charge. The admin replaces a guide as a whole; staff read them all
// (quotes are pre-filled from them); everyone reads the "about ₹X–₹Y" ranges, cached until a guide,
// an item, a service or a town changes.

export const RANGES_READ = repository.RANGES_READ

function guideOf(row: repository.GuideRow, items: readonly repository.ItemRow[]): PriceGuide {
  const own = items
    .filter((i) => i.guideId === row.id)
    .map((i) => ({
      position: i.position,
      kind: i.kind,
      description: i.description,
      unit: i.unit,
      typical_quantity: i.typicalQuantity,
      low_unit_price_paise: i.lowUnitPricePaise,
      high_unit_price_paise: i.highUnitPricePaise,
    }))
  const range = priceRangePaise(row.minimumChargePaise, own)
  const rupees = priceRangeRupees(range)
  return {
    service_id: row.serviceId,
    service: row.service,
    town_id: row.townId,
    town: row.town,
    minimum_charge_paise: row.minimumChargePaise,
    items: own,
    low_total_paise: range.low,
    high_total_paise: range.high,
    low_rupees: rupees.low,
    high_rupees: rupees.high,
    updated_by: row.updatedBy,
    updated_at: row.updatedAt.toISOString(),
  }
}

async function guides(ctx: Ctx, where?: { serviceId: number; townId: number }): Promise<PriceGuide[]> {
  const db = ctx.database.db
  const rows = await repository.listGuides(db, where, true)
  const items = await repository.itemsOf(
    db,
    rows.map((r) => r.id),
  )
  return rows.map((row) => guideOf(row, items))
}

export async function listGuides(ctx: Ctx): Promise<PriceGuidesResponse> {
  return { guides: await guides(ctx) }
}

/** Replace a guide in one transaction: an unknown or retired service or town is 404, and nothing changes. */
export async function saveGuide(
  ctx: Ctx,
  serviceId: number,
  townId: number,
  body: PriceGuideBody,
): Promise<PriceGuide> {
  await ctx.database.db.transaction(async (tx) => {
    if (!(await repository.placeActive(tx, 'service', serviceId))) throw notFound('Service')
    if (!(await repository.placeActive(tx, 'town', townId))) throw notFound('Town')
    await repository.replaceGuide(tx, serviceId, townId, body, ctx.user?.id)
  })
  const [guide] = await guides(ctx, { serviceId, townId })
  return guide!
}

export async function deleteGuide(ctx: Ctx, serviceId: number, townId: number): Promise<MessageResponse> {
  if (!(await repository.deleteGuide(ctx.database.db, serviceId, townId))) throw notFound('Price guide')
  return { message: 'Price guide removed' }
}

/** The public ranges: only guides whose service and town are both active. */
export async function listRanges(ctx: Ctx): Promise<PriceRangesResponse> {
  const db = ctx.database.db
  const [all, items] = await Promise.all([repository.listGuides(db, undefined, false), repository.allItems(db)])
  const rows = all.filter((r) => r.serviceActive && r.townActive)
  return {
    ranges: rows.map((row) => {
      const g = guideOf(row, items)
      return {
        service_id: g.service_id,
        service: g.service,
        town_id: g.town_id,
        town: g.town,
        low_rupees: g.low_rupees,
        high_rupees: g.high_rupees,
      }
    }),
  }
}
