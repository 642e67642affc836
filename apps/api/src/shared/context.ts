import type { Role } from '@townworks/contract'
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

/** What a service needs from the outside world: the database and the caller. */
export interface Ctx {
  readonly database: Database
  readonly user: AuthUser | undefined
}
