import { CATALOG_CARDS } from '@townworks/contract'
import { sql } from 'drizzle-orm'
import type { Db } from '../client'
import { catalogCards, services } from '../schema'

/**
 * Make the catalog cards match the contract's list; safe to run at every start. Towns and services
 * are rows an admin edits (decision 048; the initial ones come from migration 0014), so nothing here
 * writes them: a card whose service an admin renamed keeps the service it had.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const serviceRows = await tx.select({ id: services.id, name: services.name }).from(services)
    const serviceId = new Map(serviceRows.map((s) => [s.name, s.id]))
    const cards = CATALOG_CARDS.flatMap((card, position) => {
      const id = serviceId.get(card.service)
      return id === undefined ? [] : [{ slug: card.slug, title: card.title, serviceId: id, position }]
    })
    if (cards.length === 0) return
    await tx
      .insert(catalogCards)
      .values(cards)
      .onConflictDoUpdate({
        target: catalogCards.slug,
        set: { title: sql`excluded.title`, serviceId: sql`excluded.service_id`, position: sql`excluded.position` },
      })
  })
}
