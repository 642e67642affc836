import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { tasks } from './operations'
import { users } from './users'

/** The notification outbox: written in the same transaction as the change that causes it. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    event: text('event').notNull(),
    channel: text('channel', { enum: ['sms', 'whatsapp'] }).notNull(),
    to: text('to').notNull(),
    body: text('body').notNull(),
    state: text('state', { enum: ['queued', 'sending', 'sent', 'failed', 'held', 'suppressed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    providerId: text('provider_id'),
    messageKey: text('message_key').notNull(),
    /** The person the message is for, when known: their opt-outs apply. */
    recipientUserId: integer('recipient_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** TRAI DLT: the registered template and the sender's entity id an SMS was sent under. */
    dltTemplateId: text('dlt_template_id'),
    dltEntityId: text('dlt_entity_id'),
    /** The task a message is about, when it is about one: the job page lists them. */
    taskId: integer('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('notifications_channel_check', sql`${t.channel} in ('sms', 'whatsapp')`),
    check(
      'notifications_state_check',
      sql`${t.state} in ('queued', 'sending', 'sent', 'failed', 'held', 'suppressed')`,
    ),
    uniqueIndex('notifications_message_key').on(t.messageKey),
    index('notifications_due_idx').on(t.state, t.nextAttemptAt),
    index('notifications_task_idx').on(t.taskId, t.id),
  ],
)
