import type { Channel, Role } from '@townworks/contract'
import type { Database } from '../db/client'

/** The logged-in caller: the account as the database has it now, and the session the token belongs to. */
export interface AuthUser {
  readonly id: number
  readonly username: string
  readonly role: Role
  /** The login session (`sessions.id`) of the token; logout and a password change end it. */
  readonly sessionId?: string
  /** Logged in with a one-time password: only a few calls are allowed until a new one is chosen. */
  readonly mustChangePassword?: boolean
}

/**
 * How this app writes outgoing messages, from its configuration (notifications.service
 * `messagingSettingsFrom`): passed in with the context, never a module-level setting.
 */
export interface MessagingSettings {
  readonly provider: 'log' | 'twilio'
  /** The channel a message goes by unless it names one (NOTIFICATION_CHANNEL). */
  readonly channel: Channel
  readonly dltEntityId: string | null
  readonly dltTemplateIds: Readonly<Record<string, string>>
  readonly smsFreeTextAllowed: boolean
  /** Typed messages one operator may queue in an hour (NOTIFY_OPERATOR_HOURLY). */
  readonly operatorHourly: number
  /** PUBLIC_URL without its last slash, for links in messages; null when not set. */
  readonly publicUrl: string | null
  /** OFFICE_ALERT_PHONE: where alerts for the office go; null when not set. */
  readonly officeAlertPhone: string | null
}

/** What a service needs from the outside world: the database, the caller and the app's settings. */
export interface Ctx {
  readonly database: Database
  readonly user: AuthUser | undefined
  readonly messaging: MessagingSettings
}
