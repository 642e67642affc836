interface FromState {
  from?: { pathname: string; search?: string; hash?: string }
}

/** Where to go after logging in: the page the visitor came from (never an outside address), else /. */
export function returnPath(state: unknown): string {
  const from = (state as FromState | null)?.from
  if (!from || !from.pathname.startsWith('/') || from.pathname.startsWith('//') || from.pathname === '/login')
    return '/'
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`
}

/** The location state that keeps where the user was going (for the screen after login). */
export function fromState(state: unknown): { from?: FromState['from'] } {
  const from = (state as FromState | null)?.from
  return from ? { from } : {}
}
