import { ORDER_UNITS } from '@townworks/contract'
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  customType,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' })

/**
 * Towns served: rows an admin adds, renames and retires (decision 048); never deleted, since requests,
 * tasks and workers point to them. `name` is the English name, the value on the wire (the seed's
 * names for the initial rows, migration 0014); `name_te` and `name_hi` may be empty (English shown).
 */
export const towns = pgTable(
  'towns',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    nameTe: text('name_te').notNull().default(''),
    nameHi: text('name_hi').notNull().default(''),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(100),
  },
  // Two names that differ only in case would be two towns to a person: one name, whatever its case.
  (t) => [uniqueIndex('towns_name_lower_key').on(sql`lower(${t.name})`)],
)

/** The services (trades and supplies) a request books: rows like towns (decision 048). */
export const services = pgTable(
  'services',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    nameTe: text('name_te').notNull().default(''),
    nameHi: text('name_hi').notNull().default(''),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(100),
    category: text('category', { enum: ['labour', 'material'] })
      .notNull()
      .default('labour'),
    /** The units a customer orders it in by quantity (ORDER_UNITS, decision 069), the usual first; empty: booked as a job. */
    orderUnits: text('order_units')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    uniqueIndex('services_name_lower_key').on(sql`lower(${t.name})`),
    check('services_category_check', sql`${t.category} in ('labour', 'material')`),
    check(
      'services_order_units_check',
      sql`${t.orderUnits} <@ array[${sql.raw(ORDER_UNITS.map((u) => `'${u}'`).join(', '))}]::text[]`,
    ),
  ],
)

/** Which services each town offers: a request asks for one of its town's services. */
export const townServices = pgTable(
  'town_services',
  {
    townId: integer('town_id')
      .notNull()
      .references(() => towns.id),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
  },
  (t) => [primaryKey({ columns: [t.townId, t.serviceId] })],
)

/** A service's card picture, stored like a request's photo (decision 027): type checked by its bytes, size bounded. */
export const servicePictures = pgTable(
  'service_pictures',
  {
    serviceId: integer('service_id')
      .primaryKey()
      .references(() => services.id),
    contentType: text('content_type', { enum: ['image/jpeg', 'image/png', 'image/webp'] }).notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('service_pictures_type_check', sql`${t.contentType} in ('image/jpeg', 'image/png', 'image/webp')`),
    check(
      'service_pictures_size_check',
      sql`${t.size} > 0 and ${t.size} <= 409600 and octet_length(${t.bytes}) = ${t.size}`,
    ),
  ],
)

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
