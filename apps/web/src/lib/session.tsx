import type { Role } from '@townworks/contract/constants'
import { createContext, useContext, type ReactNode } from 'react'

/**
 * Who is using the app. Empty means a visitor. Features read it with `useSession()` to show only
 * what the role may do; the server enforces the same rules on every call.
 */
export interface SessionState {
  user?: string | undefined
  role?: Role | undefined
}

const VISITOR: SessionState = {}

const SessionContext = createContext<SessionState>(VISITOR)

export interface SessionProviderProps {
  value?: SessionState | undefined
  children: ReactNode
}

/** Provide the current user; without a value everyone is a visitor. */
export function SessionProvider({ value = VISITOR, children }: SessionProviderProps) {
  return <SessionContext value={value}>{children}</SessionContext>
}

/** The current user and role; `role` is undefined for a visitor. */
export function useSession(): SessionState {
  return useContext(SessionContext)
}
