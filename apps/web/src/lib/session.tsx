import type { Me as Profile } from '@townworks/contract'
import { ROLES, type Language, type Role } from '@townworks/contract/constants'
import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react'
import { api, isApiError, onSessionExpired } from './api-client'
import { isLanguage, LANGUAGE_STORAGE_KEY } from './language'

/**
 * Who is using the app. Empty means a visitor. Features read it with `useSession()` to show only
 * what the role may do; the server enforces the same rules on every call.
 */
export interface SessionState {
  user?: string | undefined
  /** The name the person goes by (the header shows it); undefined when only the login name is known. */
  displayName?: string | undefined
  role?: Role | undefined
  /** The language saved on the account (GET /api/me); undefined for a visitor or until known. */
  language?: Language | undefined
  /** Logged in with a one-time password: the app shows only the "choose a new password" screen. */
  mustChangePassword?: boolean | undefined
  /** `loading` until the first answer of /api/me: route guards wait for it rather than guess. */
  status?: 'loading' | 'ready'
}

export interface SessionContextValue extends SessionState {
  status: 'loading' | 'ready'
  /** Remember who logged in (the login answer) and refresh everything cached for the previous user. */
  signedIn: (user: string, role: Role, mustChangePassword?: boolean) => void
  /** Forget the user: the cache, the stored name; the server side is the caller's (POST /api/logout). */
  signedOut: () => void
  /** The account's language was saved (PUT /api/me/language): keep the session in step. */
  languageSaved: (language: Language) => void
  /** The password was changed (PUT /api/me/password): a one-time password no longer holds the user back. */
  passwordChanged: () => void
  /** The name was saved (PUT /api/me/name): the header shows it at once. Absent on a fixed session. */
  nameSaved?: (displayName: string) => void
}

// The session's calls (GET /api/me, POST /api/logout, PUT /api/me/language) have their one owner
// here: the shell makes them, in the first load, without the query library.

/** GET /api/me: the whole profile of the logged-in user (401 for a visitor). */
export function fetchProfile(signal?: AbortSignal): Promise<Profile> {
  return api.call('me', { signal })
}

/** POST /api/logout: the server revokes the session and clears the cookies. */
export function logOutOnServer() {
  return api.call('logout')
}

/** PUT /api/me/language: the language saved on the account (notifications use it). */
export function saveLanguageOnAccount(language: Language) {
  return api.call('updateMyLanguage', { body: { language } })
}

/** The key under which the seed kept the logged-in user's name; we keep it there too. */
export const STORED_USER_KEY = 'user'

interface Me {
  user: string
  displayName?: string
  role: Role
  language?: Language
  mustChangePassword?: boolean
}

// Read by hand, keeping only what the session needs: this runs in the first load, which must not
// pay for zod (nor TanStack Query).
const meParser = {
  parse(data: unknown): Me {
    const value = data as (Partial<Me> & { display_name?: unknown }) | null
    if (!value || typeof value.user !== 'string' || !ROLES.includes(value.role as Role)) {
      throw new Error('Unexpected /api/me answer')
    }
    return {
      user: value.user,
      ...(typeof value.display_name === 'string' && value.display_name && { displayName: value.display_name }),
      role: value.role as Role,
      ...(isLanguage(value.language) && { language: value.language }),
      ...(value.mustChangePassword === true && { mustChangePassword: true }),
    }
  },
}

/**
 * Who was signed in when the server last said (GET /api/me), kept so that a worker who opens the app
 * with no signal still sees their own screens from the device's copies (issue 23). It grants nothing:
 * every call still carries the session cookies, and the server still decides.
 */
export const KNOWN_SESSION_KEY = 'townworks.session'

function rememberKnownSession(me: Me | null) {
  try {
    if (me) localStorage.setItem(KNOWN_SESSION_KEY, JSON.stringify(me))
    else localStorage.removeItem(KNOWN_SESSION_KEY)
  } catch {
    // No storage: offline, the app shows a visitor's screens.
  }
}

function knownSession(): Me | null {
  try {
    return meParser.parse(JSON.parse(localStorage.getItem(KNOWN_SESSION_KEY) ?? 'null'))
  } catch {
    return null
  }
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
  languageSaved: () => undefined,
  passwordChanged: () => undefined,
})

/** A change of user that makes everything cached for the previous one stale. */
export type SessionChange = 'signed-in' | 'signed-out'
const changeListeners = new Set<(change: SessionChange) => void>()

/**
 * Be told when someone logs in or out. The query cache (loaded with the first screen that reads
 * data, not with the shell) subscribes here to drop the previous user's answers.
 */
export function onSessionChange(listener: (change: SessionChange) => void): () => void {
  changeListeners.add(listener)
  return () => changeListeners.delete(listener)
}

/** How long an answer of /api/me counts as fresh: older, it is asked again when the tab comes back. */
const SESSION_STALE_MS = 5 * 60_000
/** A failed /api/me is tried once more after this long (no answer, or a server error). */
const SESSION_RETRY_MS = 1000

interface SessionSnapshot {
  /** undefined until the first answer; null for a visitor. */
  me: Me | null | undefined
  status: 'loading' | 'ready'
}

/** The server's word on who is logged in (GET /api/me), shared by the whole app, with no query library. */
const serverSession = (() => {
  let snapshot: SessionSnapshot = { me: undefined, status: 'loading' }
  let started = false
  let fetchedAt = 0
  // Each request and each local change takes a new generation: a late answer never overwrites a newer state.
  let generation = 0
  const listeners = new Set<() => void>()

  function set(next: Partial<SessionSnapshot>) {
    snapshot = { ...snapshot, ...next }
    for (const listener of listeners) listener()
  }

  async function fetchMe(): Promise<Me | null> {
    try {
      return meParser.parse(await fetchProfile())
    } catch (error) {
      // A visitor, or a session that could not be renewed: not an error, just nobody.
      if (isApiError(error, 401)) return null
      throw error
    }
  }

  function load(retries = 1) {
    const mine = ++generation
    fetchedAt = Date.now()
    fetchMe().then(
      (me) => {
        if (mine !== generation) return
        rememberKnownSession(me)
        set({ me, status: 'ready' })
      },
      (error: unknown) => {
        if (mine !== generation) return
        // No signal: the person last known on this phone, until the network returns (issue 23).
        const known = isApiError(error) && error.kind === 'network' ? knownSession() : null
        if (known && (retries === 0 || !navigator.onLine)) {
          set({ me: known, status: 'ready' })
          window.addEventListener('online', () => mine === generation && load(), { once: true })
          return
        }
        if (retries > 0) setTimeout(() => mine === generation && load(retries - 1), SESSION_RETRY_MS)
        // A failed /api/me (server down) leaves a visitor (or the user known so far) rather than a spinner forever.
        else set({ status: 'ready' })
      },
    )
  }

  function refreshIfStale() {
    if (
      document.visibilityState === 'visible' &&
      snapshot.status === 'ready' &&
      Date.now() - fetchedAt > SESSION_STALE_MS
    ) {
      load()
    }
  }

  return {
    subscribe(listener: () => void) {
      listeners.add(listener)
      if (!started) {
        started = true
        load()
        document.addEventListener('visibilitychange', refreshIfStale)
        window.addEventListener('focus', refreshIfStale)
        // When a renewal fails mid-session (the refresh token expired or was revoked), become a visitor.
        onSessionExpired(() => {
          rememberUser(undefined)
          rememberKnownSession(null)
          generation++
          set({ me: null, status: 'ready' })
        })
      }
      return () => listeners.delete(listener)
    },
    getSnapshot: () => snapshot,
    signedIn(user: string, role: Role, mustChangePassword = false) {
      rememberUser(user)
      rememberKnownSession({ user, role })
      generation++
      set({ me: { user, role, ...(mustChangePassword && { mustChangePassword }) }, status: 'ready' })
      // Answers cached for the previous user (or the visitor) are not this user's.
      for (const listener of changeListeners) listener('signed-in')
      // Ask /api/me again for the rest of the profile (the account's language).
      load()
    },
    signedOut() {
      // Logging out clears all local storage, as the seed did.
      rememberUser(undefined, true)
      generation++
      set({ me: null, status: 'ready' })
      for (const listener of changeListeners) listener('signed-out')
    },
    languageSaved(language: Language) {
      if (snapshot.me) set({ me: { ...snapshot.me, language } })
    },
    passwordChanged() {
      generation++
      if (snapshot.me) set({ me: { ...snapshot.me, mustChangePassword: false } })
    },
    nameSaved(displayName: string) {
      generation++
      if (snapshot.me) set({ me: { ...snapshot.me, displayName } })
    },
  }
})()

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
    () => ({
      ...value,
      status: value.status ?? 'ready',
      signedIn: () => undefined,
      signedOut: () => undefined,
      languageSaved: () => undefined,
      passwordChanged: () => undefined,
    }),
    [value],
  )
  return <SessionContext value={context}>{children}</SessionContext>
}

function ServerSession({ children }: { children: ReactNode }) {
  const { me, status } = useSyncExternalStore(serverSession.subscribe, serverSession.getSnapshot)
  const context = useMemo<SessionContextValue>(
    () => ({
      user: me?.user,
      displayName: me?.displayName,
      role: me?.role,
      language: me?.language,
      mustChangePassword: me?.mustChangePassword,
      status,
      signedIn: serverSession.signedIn,
      signedOut: serverSession.signedOut,
      languageSaved: serverSession.languageSaved,
      passwordChanged: serverSession.passwordChanged,
      nameSaved: serverSession.nameSaved,
    }),
    [me, status],
  )
  return <SessionContext value={context}>{children}</SessionContext>
}

/** The current user and role; `role` is undefined for a visitor. */
export function useSession(): SessionContextValue {
  return useContext(SessionContext)
}
