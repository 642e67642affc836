import { integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'

/** Towns served; names are the contract's TOWNS. */
export const towns = pgTable('towns', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
})

/** The 11 services of the option list. */
export const services = pgTable('services', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
})

/** The 24 catalog cards of /imdDisplay, each tied to a service. */
export const catalogCards = pgTable(
  'catalog_cards',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('catalog_cards_slug_key').on(t.slug), uniqueIndex('catalog_cards_title_key').on(t.title)],
)
