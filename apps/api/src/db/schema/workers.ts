import { ORDER_UNITS } from '@townworks/contract'
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { services, towns } from './reference'
import { users } from './users'

/** Skilled workers; a worker may have a login (user_id). Inactive workers get no new assignments. */
export const workers = pgTable(
  'workers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    townId: integer('town_id')
      .notNull()
      .references(() => towns.id),
    phone: text('phone').notNull(),
    email: text('email'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The profile (issue 21): the languages they speak (WORKER_LANGUAGES codes) and years in the trade. */
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    experienceYears: smallint('experience_years'),
    /** Their photo: its key in the photo storage (`workers/{id}/{uuid}`) and type; null without one. */
    photoKey: text('photo_key'),
    photoType: text('photo_type', { enum: ['image/jpeg', 'image/png', 'image/webp'] }),
  },
  (t) => [
    uniqueIndex('workers_user_id_key').on(t.userId),
    index('workers_town_idx').on(t.townId),
    check('workers_languages_check', sql`${t.languages} <@ array['te', 'hi', 'ur', 'en', 'mr', 'kn']::text[]`),
    check('workers_experience_years_check', sql`${t.experienceYears} between 0 and 60`),
    check('workers_photo_check', sql`(${t.photoKey} is null) = (${t.photoType} is null)`),
  ],
)

/** What a worker offers: one row per service, with its own description and price in paise. */
export const workerServices = pgTable(
  'worker_services',
  {
    id: serial('id').primaryKey(),
    workerId: integer('worker_id')
      .notNull()
      .references(() => workers.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    description: text('description').notNull().default(''),
    pricePaise: integer('price_paise').notNull(),
    /** What the price is per, for a service ordered by quantity (ORDER_UNITS, decision 069); null: per job. */
    unit: text('unit', { enum: ORDER_UNITS }),
  },
  (t) => [
    uniqueIndex('worker_services_worker_service_key').on(t.workerId, t.serviceId),
    index('worker_services_service_idx').on(t.serviceId),
    check('worker_services_price_check', sql`${t.pricePaise} > 0`),
    check('worker_services_unit_check', sql`${t.unit} in (${sql.raw(ORDER_UNITS.map((u) => `'${u}'`).join(', '))})`),
  ],
)

/** Weekly working hours: one row per weekday worked (0 = Sunday … 6 = Saturday). */
export const workerHours = pgTable(
  'worker_hours',
  {
    workerId: integer('worker_id')
      .notNull()
      .references(() => workers.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workerId, t.weekday] }),
    check('worker_hours_weekday_check', sql`${t.weekday} between 0 and 6`),
    check('worker_hours_order_check', sql`${t.startTime} < ${t.endTime}`),
  ],
)

/** Dates a worker is off. */
export const workerDaysOff = pgTable(
  'worker_days_off',
  {
    workerId: integer('worker_id')
      .notNull()
      .references(() => workers.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workerId, t.day] })],
)

/** A logged-in user's shortlist of workers; cart_count of a worker is how many carts hold it. */
export const cartEntries = pgTable(
  'cart_entries',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workerId: integer('worker_id')
      .notNull()
      .references(() => workers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.workerId] }), index('cart_entries_worker_idx').on(t.workerId)],
)
