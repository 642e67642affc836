import { isAllowed, SCREEN_ACCESS, type Role } from '@townworks/contract/constants'

interface FromState {
  from?: { pathname: string; search?: string; hash?: string }
}

/**
 * Where each person starts after signing in (decision 022): the office on its dashboard (decision 042),
 * a worker on My jobs, a customer on My requests.
 */
export const START_PATHS = {
  admin: '/dashboard',
  operator: '/dashboard',
  worker: '/my/jobs',
  customer: '/my/requests',
} as const satisfies Record<Role, string>

/** The start screen of `role`; the home page for an unknown one. */
export function startPathFor(role: Role | undefined): string {
  return role ? START_PATHS[role] : '/'
}

/**
 * Where to go after logging in: the page the visitor came from (never an outside address), else
 * `fallback` (the person's start screen).
 */
export function returnPath(state: unknown, fallback = '/'): string {
  const from = (state as FromState | null)?.from
  if (!from || !from.pathname.startsWith('/') || from.pathname.startsWith('//') || from.pathname === '/login')
    return fallback
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`
}

/** The location state that keeps where the user was going (for the screen after login). */
export function fromState(state: unknown): { from?: FromState['from'] } {
  const from = (state as FromState | null)?.from
  return from ? { from } : {}
}

/**
 * Where a person goes after signing in: back to the screen that sent them to login when their role
 * may open it, else to their start screen (someone else's screen left in this tab after a logout,
 * or a screen of another role, would only say "not for your account").
 */
export function landingPath(state: unknown, role: Role): string {
  const start = startPathFor(role)
  const back = returnPath(state, start)
  const pathname = back.split(/[?#]/)[0] ?? back
  const access = (SCREEN_ACCESS as Record<string, (typeof SCREEN_ACCESS)[keyof typeof SCREEN_ACCESS]>)[pathname]
  return access === undefined || isAllowed(access, role) ? back : start
}
