import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { tasks } from './operations'
import { users } from './users'
import { workers } from './workers'

/** A customer's payment for a task; recorded once per idempotency key. Amounts in integer paise. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id),
    amountPaise: integer('amount_paise').notNull(),
    method: text('method').notNull(),
    providerRef: text('provider_ref'),
    state: text('state', { enum: ['created', 'captured', 'failed', 'refunded'] })
      .notNull()
      .default('created'),
    idempotencyKey: text('idempotency_key').notNull(),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payments_amount_check', sql`${t.amountPaise} > 0`),
    check('payments_state_check', sql`${t.state} in ('created', 'captured', 'failed', 'refunded')`),
    uniqueIndex('payments_idempotency_key').on(t.idempotencyKey),
    index('payments_task_idx').on(t.taskId),
  ],
)

/** Money paid out to a worker, covering one or more tasks. */
export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    workerId: integer('worker_id')
      .notNull()
      .references(() => workers.id),
    amountPaise: integer('amount_paise').notNull(),
    method: text('method').notNull(),
    reference: text('reference'),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('payouts_amount_check', sql`${t.amountPaise} > 0`)],
)

/** Which tasks a payout covers; a task is paid out at most once. */
export const payoutTasks = pgTable(
  'payout_tasks',
  {
    payoutId: integer('payout_id')
      .notNull()
      .references(() => payouts.id, { onDelete: 'cascade' }),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id),
  },
  (t) => [primaryKey({ columns: [t.payoutId, t.taskId] }), uniqueIndex('payout_tasks_task_key').on(t.taskId)],
)
