import { z } from 'zod'
import { CsvFileSchema, IdParamSchema, IndianMobileSchema, MessageResponseSchema, text } from './common'
import { endpoint, STAFF } from './endpoint'
import { NOTIFICATION_STATES, MESSAGE_MAX_LENGTH } from './constants'
export { NOTIFICATION_STATES, MESSAGE_MAX_LENGTH, RESENDABLE_NOTIFICATION_STATES } from './constants'

export const CHANNELS = ['sms', 'whatsapp'] as const
export const ChannelSchema = z.enum(CHANNELS)
export type Channel = z.infer<typeof ChannelSchema>

export const NotificationStateSchema = z.enum(NOTIFICATION_STATES)
export type NotificationState = z.infer<typeof NotificationStateSchema>

/**
 * What caused a message. Each has a template per language (English, Telugu, Hindi); an operator's
 * typed message (/tsms) is `operator_message`. `payment_received` and `payout_made` are sent when a
 * task reaches those statuses (and are ready for the payments module).
 */
export const NOTIFICATION_EVENTS = [
  'request_received',
  'task_assigned',
  'job_assigned',
  'work_started',
  'work_paused',
  'work_completed',
  'rework_requested',
  'payment_due',
  'payment_received',
  'payout_made',
  'task_completed',
  'task_cancelled',
  'job_cancelled',
  'status_changed',
  'task_moved',
  'job_moved',
  'job_removed',
  'account_invite',
  // Issue 21: the office is told when a job's start-code tries are used up.
  'start_code_tries_used',
  // Issue 22 (decision 061): a quote (a new version) waits for the customer, with a link to My requests.
  'quote_sent',
  // A one-time code (issue 19): sent at once, never again; the outbox keeps it with the code masked.
  'login_code',
  'operator_message',
] as const
export const NotificationEventSchema = z.enum(NOTIFICATION_EVENTS)
export type NotificationEvent = z.infer<typeof NotificationEventSchema>

/** POST /send-whatsapp — the seed's call; queues the typed message (WhatsApp unless `sms` is chosen). */
export const SendMessageBodySchema = z.strictObject({
  to: IndianMobileSchema,
  message: text({ multiline: true })
    .trim()
    .min(1, { error: 'Type a message' })
    .max(MESSAGE_MAX_LENGTH, { error: `Keep the message to ${MESSAGE_MAX_LENGTH} characters` }),
  channel: ChannelSchema.default('whatsapp'),
})
export type SendMessageBody = z.infer<typeof SendMessageBodySchema>
export type SendMessageInput = z.input<typeof SendMessageBodySchema>
export const SendMessageResponseSchema = MessageResponseSchema.extend({
  id: z.number().int(),
  state: NotificationStateSchema,
})
export type SendMessageResponse = z.infer<typeof SendMessageResponseSchema>

/** One message of the outbox, as operators see it. Nothing of it can be edited. */
export const NotificationSchema = z.object({
  id: z.number().int(),
  event: z.string(),
  channel: ChannelSchema,
  to: z.string(),
  body: z.string(),
  state: NotificationStateSchema,
  attempts: z.number().int(),
  next_attempt_at: z.string(),
  last_error: z.string().nullable(),
  provider_id: z.string().nullable(),
  dlt_template_id: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  /** The task the message is about (its job page), when it is about one. */
  task_id: z.number().int().nullable(),
})
export type Notification = z.infer<typeof NotificationSchema>

export const NotificationResponseSchema = z.object({ notification: NotificationSchema })
export type NotificationResponse = z.infer<typeof NotificationResponseSchema>

export const NotificationsQuerySchema = z.object({
  state: NotificationStateSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
})
export type NotificationsQuery = z.infer<typeof NotificationsQuerySchema>

export const NotificationsResponseSchema = z.object({
  notifications: z.array(NotificationSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
})
export type NotificationsResponse = z.infer<typeof NotificationsResponseSchema>

/** What the Send SMS screen needs to know about the configuration. */
export const NotificationSettingsSchema = z.object({
  /** `log` writes messages to the server log only; `twilio` really sends them. */
  provider: z.enum(['log', 'twilio']),
  /** Channels an operator's typed message may go by (SMS only where free text is allowed). */
  freeTextChannels: z.array(ChannelSchema),
})
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>

/** A person's choice of messages: `true` means they want that channel. */
export const NotificationPreferencesSchema = z.strictObject({
  sms: z.boolean(),
  whatsapp: z.boolean(),
})
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>
export const NotificationPreferencesResponseSchema = MessageResponseSchema.extend({
  preferences: NotificationPreferencesSchema,
})
export type NotificationPreferencesResponse = z.infer<typeof NotificationPreferencesResponseSchema>

/** The notifications endpoints. */
export const notificationsEndpoints = {
  // Seed call 3
  sendWhatsapp: endpoint({
    method: 'POST',
    path: '/send-whatsapp',
    access: STAFF,
    tag: 'notifications',
    idempotencyKey: 'optional',
    status: 202,
    summary: 'Queue a typed message (seed call 3); an Idempotency-Key header makes a repeat harmless',
    body: SendMessageBodySchema,
    response: SendMessageResponseSchema,
  }),
  notifications: endpoint({
    method: 'GET',
    path: '/api/notifications',
    access: STAFF,
    tag: 'notifications',
    summary: 'The outbox: every message, newest first, filtered by state and paged',
    query: NotificationsQuerySchema,
    response: NotificationsResponseSchema,
  }),
  exportNotifications: endpoint({
    method: 'GET',
    path: '/api/notifications/export.csv',
    access: STAFF,
    tag: 'notifications',
    summary: 'The outbox as CSV: every message of the chosen state, newest first (decision 045)',
    query: NotificationsQuerySchema,
    response: CsvFileSchema,
  }),
  notificationSettings: endpoint({
    method: 'GET',
    path: '/api/notifications/settings',
    access: STAFF,
    tag: 'notifications',
    summary: 'How messages are sent: the provider and the channels free text may use',
    response: NotificationSettingsSchema,
  }),
  notification: endpoint({
    method: 'GET',
    path: '/api/notifications/:id',
    access: STAFF,
    tag: 'notifications',
    summary: 'One message and its delivery state',
    params: z.object({ id: IdParamSchema }),
    response: NotificationResponseSchema,
  }),
  retryNotification: endpoint({
    method: 'POST',
    path: '/api/notifications/:id/retry',
    access: STAFF,
    tag: 'notifications',
    summary:
      'Queue a failed, held or suppressed message again (its attempts are kept; the automatic limits do not apply to it)',
    params: z.object({ id: IdParamSchema }),
    response: NotificationResponseSchema,
  }),
  myNotifications: endpoint({
    method: 'GET',
    path: '/api/me/notifications',
    access: 'authenticated',
    tag: 'notifications',
    summary: 'Which messages I receive: SMS, WhatsApp',
    response: NotificationPreferencesResponseSchema,
  }),
  updateMyNotifications: endpoint({
    method: 'PUT',
    path: '/api/me/notifications',
    access: 'authenticated',
    tag: 'notifications',
    summary: 'Turn SMS or WhatsApp messages on or off for me',
    body: NotificationPreferencesSchema,
    response: NotificationPreferencesResponseSchema,
  }),
} as const
