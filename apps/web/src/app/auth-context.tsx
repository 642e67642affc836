import type { Role } from '@townworks/contract'
import { createContext, useContext, type ReactNode } from 'react'

/** Who is using the app. Empty means a visitor; the login issue fills it from the session. */
export interface AuthState {
  user?: string | undefined
  role?: Role | undefined
}

const VISITOR: AuthState = {}

const AuthContext = createContext<AuthState>(VISITOR)

export interface AuthProviderProps {
  value?: AuthState | undefined
  children: ReactNode
}

/** Provide the current user; without a value everyone is a visitor. */
export function AuthProvider({ value = VISITOR, children }: AuthProviderProps) {
  return <AuthContext value={value}>{children}</AuthContext>
}

/** The current user and role; `role` is undefined for a visitor. */
export function useAuth(): AuthState {
  return useContext(AuthContext)
}
