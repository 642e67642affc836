import { z } from 'zod'
import { IndianMobileSchema, MessageResponseSchema } from './common'
import { endpoint, STAFF } from './endpoint'

export const CHANNELS = ['sms', 'whatsapp'] as const
export const ChannelSchema = z.enum(CHANNELS)
export type Channel = z.infer<typeof ChannelSchema>

export const NOTIFICATION_STATES = ['queued', 'sending', 'sent', 'failed'] as const
export const NotificationStateSchema = z.enum(NOTIFICATION_STATES)
export type NotificationState = z.infer<typeof NotificationStateSchema>

/** POST /send-whatsapp — the seed's call; queues the typed message. */
export const SendMessageBodySchema = z.object({
  to: IndianMobileSchema,
  message: z.string().trim().min(1, { error: 'Type a message' }).max(1000),
  channel: ChannelSchema.default('whatsapp'),
})
export type SendMessageBody = z.infer<typeof SendMessageBodySchema>
export const SendMessageResponseSchema = MessageResponseSchema.extend({
  id: z.number().int(),
  state: NotificationStateSchema,
})
export type SendMessageResponse = z.infer<typeof SendMessageResponseSchema>

/** The notifications endpoints. */
export const notificationsEndpoints = {
  // Seed call 3
  sendWhatsapp: endpoint({
    method: 'POST',
    path: '/send-whatsapp',
    access: STAFF,
    tag: 'notifications',
    status: 202,
    summary: 'Queue a typed message (seed call 3)',
    body: SendMessageBodySchema,
    response: SendMessageResponseSchema,
  }),
} as const
