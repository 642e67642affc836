import type { QuoteLineKind, QuoteUnit } from '@townworks/contract'
import type { DbOrTx } from '../client'
import { priceGuideItems, priceGuides } from '../schema'

// The demo's price guides (decision 063): what a few common jobs and supplies usually cost in each of
// the initial towns, so a customer trying the demo sees "about ₹X–₹Y" on the catalog's cards and in the
// request form, and the office can fill a quote from a guide. Rupees in whole paise.

interface DemoItem {
  kind: QuoteLineKind
  description: string
  unit: QuoteUnit
  quantity: number
  low: number
  high: number
}

const GUIDES: Readonly<Record<string, { minimum: number; items: readonly DemoItem[] }>> = {
  Plumber: {
    minimum: 30_000,
    items: [
      { kind: 'labour', description: 'Visit and repair', unit: 'hour', quantity: 2, low: 25_000, high: 40_000 },
      { kind: 'material', description: 'Pipes and fittings', unit: 'piece', quantity: 4, low: 6_000, high: 15_000 },
    ],
  },
  Electrician: {
    minimum: 25_000,
    items: [{ kind: 'labour', description: 'Visit and repair', unit: 'hour', quantity: 2, low: 20_000, high: 35_000 }],
  },
  Painter: {
    minimum: 150_000,
    items: [
      { kind: 'labour', description: 'Painting a room', unit: 'day', quantity: 2, low: 80_000, high: 120_000 },
      {
        kind: 'material',
        description: 'Paint, 20-litre bucket',
        unit: 'piece',
        quantity: 2,
        low: 350_000,
        high: 600_000,
      },
    ],
  },
  'Sand Services': {
    minimum: 0,
    items: [
      { kind: 'material', description: 'River sand', unit: 'tractor_load', quantity: 1, low: 420_000, high: 500_000 },
      { kind: 'labour', description: 'Delivery', unit: 'trip', quantity: 1, low: 50_000, high: 90_000 },
    ],
  },
  'Brick Services': {
    minimum: 0,
    items: [{ kind: 'material', description: 'Red bricks', unit: 'piece', quantity: 1_000, low: 750, high: 850 }],
  },
  'Morter Services': {
    minimum: 0,
    items: [{ kind: 'material', description: 'Cement', unit: 'bag', quantity: 10, low: 40_000, high: 44_000 }],
  },
}

/** Write the demo's guides for every initial town that offers their services (ids by English name). */
export async function seedDemoPriceGuides(
  tx: DbOrTx,
  townIds: readonly number[],
  serviceId: ReadonlyMap<string, number>,
  byUserId: number | null,
): Promise<void> {
  for (const [service, guide] of Object.entries(GUIDES)) {
    const id = serviceId.get(service)
    if (id === undefined) continue
    for (const townId of townIds) {
      const [row] = await tx
        .insert(priceGuides)
        .values({ serviceId: id, townId, minimumChargePaise: guide.minimum, updatedBy: byUserId })
        .onConflictDoNothing()
        .returning({ id: priceGuides.id })
      if (!row) continue
      await tx.insert(priceGuideItems).values(
        guide.items.map((item, i) => ({
          guideId: row.id,
          position: i + 1,
          kind: item.kind,
          description: item.description,
          unit: item.unit,
          typicalQuantity: item.quantity,
          lowUnitPricePaise: item.low,
          highUnitPricePaise: item.high,
        })),
      )
    }
  }
}
