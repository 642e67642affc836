import { QUOTE_LINE_KINDS, QUOTE_UNITS } from '@townworks/contract'
import { sql } from 'drizzle-orm'
import {
  check,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { services, towns } from './reference'
import { users } from './users'

const sqlList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '))

/**
 * The price guide (issue 22, decision 063): one per service and town, with its minimum charge. Its
 * items are replaced as a whole on each save. Removing a service or town is not possible (rows are
 * retired, decision 048); a retired one's guide stays but is neither listed to customers nor editable.
 */
export const priceGuides = pgTable(
  'price_guides',
  {
    id: serial('id').primaryKey(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    townId: integer('town_id')
      .notNull()
      .references(() => towns.id),
    minimumChargePaise: integer('minimum_charge_paise').notNull().default(0),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('price_guides_service_town_key').on(t.serviceId, t.townId),
    check('price_guides_minimum_check', sql`${t.minimumChargePaise} >= 0`),
  ],
)

/** A guide's typical items: a quote line's kind and unit, a typical quantity, a low and a high unit price. */
export const priceGuideItems = pgTable(
  'price_guide_items',
  {
    guideId: integer('guide_id')
      .notNull()
      .references(() => priceGuides.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    kind: text('kind', { enum: QUOTE_LINE_KINDS }).notNull(),
    description: text('description').notNull(),
    unit: text('unit', { enum: QUOTE_UNITS }).notNull(),
    typicalQuantity: numeric('typical_quantity', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    lowUnitPricePaise: integer('low_unit_price_paise').notNull(),
    highUnitPricePaise: integer('high_unit_price_paise').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.guideId, t.position] }),
    check('price_guide_items_kind_check', sql`${t.kind} in (${sqlList(QUOTE_LINE_KINDS)})`),
    check('price_guide_items_unit_check', sql`${t.unit} in (${sqlList(QUOTE_UNITS)})`),
    check(
      'price_guide_items_amounts_check',
      sql`${t.typicalQuantity} > 0 and ${t.lowUnitPricePaise} > 0 and ${t.highUnitPricePaise} >= ${t.lowUnitPricePaise} and ${t.position} > 0`,
    ),
  ],
)
