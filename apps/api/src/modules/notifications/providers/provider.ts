import type { Channel } from '@townworks/contract'

/** A message as a provider sends it. */
export interface OutgoingMessage {
  id: number
  /** What caused it; `operator_message` is free text, every other event is a registered template. */
  event: string
  channel: Channel
  /** E.164, like +919848012345. */
  to: string
  body: string
  messageKey: string
  dltTemplateId: string | null
  dltEntityId: string | null
  createdAt: Date
  /**
   * A one-time code inside `body` (login_code): providers send it, and never write it to a log —
   * but the log provider in development, where the log is the only way to read it.
   */
  secret?: string
}

/**
 * Why a send failed. `permanent` errors (an invalid number, a refused sender) are not retried;
 * the others (rate limits, server errors, no answer) are, with back-off.
 */
export class ProviderError extends Error {
  override name = 'ProviderError'
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly extra: { status?: number; code?: number; retryAfterMs?: number } = {},
  ) {
    super(message)
  }
}

/** One way of sending SMS and WhatsApp messages. */
export interface NotificationProvider {
  readonly name: 'log' | 'twilio'
  /** Send one message; answers the provider's id for it, or throws (a ProviderError when understood). */
  send(message: OutgoingMessage): Promise<{ providerId: string }>
  /**
   * For a message whose dispatcher died mid-send: ids of messages the provider already holds with
   * the same recipient, sender and text, so one is recorded rather than the message sent twice.
   */
  findSent?(message: OutgoingMessage): Promise<string[]>
}

/** Where providers write what they do. */
export interface ProviderLogger {
  info(obj: object, msg?: string): void
  warn(obj: object, msg?: string): void
  error(obj: object, msg?: string): void
}
