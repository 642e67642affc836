import { index, integer, json, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './users'

/**
 * The answers given to requests sent with an `Idempotency-Key` to endpoints that have no table of
 * their own to hold the key (decision 064: a worker's status moves and start, queued on a phone while
 * offline and sent again). One row per caller, endpoint and key: the hash of what was asked (params and
 * body), and the status and JSON body of the answer given. Only 2xx answers and final 4xx refusals are
 * kept; rows older than 24 hours are removed as new ones are written.
 */
export const idempotentReplies = pgTable(
  'idempotent_replies',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    // json, not jsonb: the answer's keys stay in the order they were sent, so a replay is the same bytes.
    body: json('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.endpoint, t.key] }),
    index('idempotent_replies_created_at_idx').on(t.createdAt),
  ],
)
