import type { Role } from '@townworks/contract'
import type { Database } from '../db/client'

/** The logged-in caller, as the access token says. */
export interface AuthUser {
  readonly id: number
  readonly username: string
  readonly role: Role
}

/** What a service needs from the outside world: the database and the caller. */
export interface Ctx {
  readonly database: Database
  readonly user: AuthUser | undefined
}
