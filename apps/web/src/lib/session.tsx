import { ROLES, type Language, type Role } from '@townworks/contract/constants'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react'
import { api, isApiError, onSessionExpired } from './api-client'
import { isLanguage, LANGUAGE_STORAGE_KEY } from './language'

/**
 * Who is using the app. Empty means a visitor. Features read it with `useSession()` to show only
 * what the role may do; the server enforces the same rules on every call.
 */
export interface SessionState {
  user?: string | undefined
  role?: Role | undefined
  /** The language saved on the account (GET /api/me); undefined for a visitor or until known. */
  language?: Language | undefined
  /** `loading` until the first answer of /api/me: route guards wait for it rather than guess. */
  status?: 'loading' | 'ready'
}

export interface SessionContextValue extends SessionState {
  status: 'loading' | 'ready'
  /** Remember who logged in (the login answer) and refresh everything cached for the previous user. */
  signedIn: (user: string, role: Role) => void
  /** Forget the user: the cache, the stored name; the server side is the caller's (POST /api/logout). */
  signedOut: () => void
}

/** The key under which the seed kept the logged-in user's name; we keep it there too. */
export const STORED_USER_KEY = 'user'
export const SESSION_QUERY_KEY = ['session', 'me'] as const

interface Me {
  user: string
  role: Role
  language?: Language
}

// Parsed by hand: this runs in the first load, which must not pay for zod.
const meParser = {
  parse(data: unknown): Me {
    const value = data as Partial<Me> | null
    if (!value || typeof value.user !== 'string' || !ROLES.includes(value.role as Role)) {
      throw new Error('Unexpected /api/me answer')
    }
    return {
      user: value.user,
      role: value.role as Role,
      ...(isLanguage(value.language) && { language: value.language }),
    }
  },
}

function rememberUser(user: string | undefined, clearAll = false) {
  try {
    if (user) localStorage.setItem(STORED_USER_KEY, user)
    else if (clearAll) {
      // All of it, as the seed did, except the language: the next visitor on this phone reads it too.
      const language = localStorage.getItem(LANGUAGE_STORAGE_KEY)
      localStorage.clear()
      if (language) localStorage.setItem(LANGUAGE_STORAGE_KEY, language)
    } else localStorage.removeItem(STORED_USER_KEY)
  } catch {
    // Storage can be unavailable (private mode): the session lives in cookies anyway.
  }
}

const SessionContext = createContext<SessionContextValue>({
  status: 'ready',
  signedIn: () => undefined,
  signedOut: () => undefined,
})

export interface SessionProviderProps {
  /** Tests give a fixed session; the app asks the server (GET /api/me). */
  value?: SessionState | undefined
  children: ReactNode
}

/** The current user, from the session cookies (the server's word), shared with every screen. */
export function SessionProvider({ value, children }: SessionProviderProps) {
  if (value) return <FixedSession value={value}>{children}</FixedSession>
  return <ServerSession>{children}</ServerSession>
}

function FixedSession({ value, children }: { value: SessionState; children: ReactNode }) {
  const context = useMemo<SessionContextValue>(
    () => ({ ...value, status: value.status ?? 'ready', signedIn: () => undefined, signedOut: () => undefined }),
    [value],
  )
  return <SessionContext value={context}>{children}</SessionContext>
}

function ServerSession({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient()
  const me = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: async ({ signal }) => {
      try {
        return await api.get('/api/me', meParser, { signal })
      } catch (error) {
        // A visitor, or a session that could not be renewed: not an error, just nobody.
        if (isApiError(error, 401)) return null
        throw error
      }
    },
    staleTime: 5 * 60_000,
    retry: 1,
  })

  // Logging out clears all local storage, as the seed did.
  const signedOut = useCallback(() => {
    rememberUser(undefined, true)
    queryClient.clear()
    queryClient.setQueryData(SESSION_QUERY_KEY, null)
  }, [queryClient])

  const signedIn = useCallback(
    (user: string, role: Role) => {
      rememberUser(user)
      // Answers cached for the previous user (or the visitor) are not this user's.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] })
      queryClient.setQueryData(SESSION_QUERY_KEY, { user, role })
      // Ask /api/me again for the rest of the profile (the account's language).
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY })
    },
    [queryClient],
  )

  // When a renewal fails mid-session (the refresh token expired or was revoked), become a visitor.
  useEffect(
    () =>
      onSessionExpired(() => {
        rememberUser(undefined)
        queryClient.setQueryData(SESSION_QUERY_KEY, null)
      }),
    [queryClient],
  )

  const data = me.data
  const context = useMemo<SessionContextValue>(
    () => ({
      user: data?.user,
      role: data?.role,
      language: data?.language,
      // A failed /api/me (server down) leaves a visitor rather than a spinner forever.
      status: me.isPending ? 'loading' : 'ready',
      signedIn,
      signedOut,
    }),
    [data, me.isPending, signedIn, signedOut],
  )
  return <SessionContext value={context}>{children}</SessionContext>
}

/** The current user and role; `role` is undefined for a visitor. */
export function useSession(): SessionContextValue {
  return useContext(SessionContext)
}
