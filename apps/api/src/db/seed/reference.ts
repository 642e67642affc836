import { CATALOG_CARDS, SERVICES, TOWNS } from '@townworks/contract'
import { sql } from 'drizzle-orm'
import type { Db } from '../client'
import { catalogCards, services, towns } from '../schema'

/** Make the reference tables match the contract's option lists; safe to run at every start. */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(towns)
      .values(TOWNS.map((name) => ({ name })))
      .onConflictDoNothing()
    await tx
      .insert(services)
      .values(SERVICES.map((name) => ({ name })))
      .onConflictDoNothing()
    const serviceRows = await tx.select().from(services)
    const serviceId = new Map(serviceRows.map((s) => [s.name, s.id]))
    await tx
      .insert(catalogCards)
      .values(
        CATALOG_CARDS.map((card, position) => ({
          slug: card.slug,
          title: card.title,
          serviceId: serviceId.get(card.service)!,
          position,
        })),
      )
      .onConflictDoUpdate({
        target: catalogCards.slug,
        set: { title: sql`excluded.title`, serviceId: sql`excluded.service_id`, position: sql`excluded.position` },
      })
  })
}
