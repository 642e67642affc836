import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

// The session is one per page (a module-level store): each test imports a fresh copy.
async function freshSession() {
  vi.resetModules()
  return import('./session')
}

function Who({
  useSession,
}: {
  useSession: () => { user?: string | undefined; role?: string | undefined; status: string }
}) {
  const session = useSession()
  return <p>{session.status === 'ready' ? `${session.user ?? 'visitor'} ${session.role ?? ''}`.trim() : 'loading'}</p>
}

afterEach(() => localStorage.clear())

/** A fresh session on a phone that knows `known`, shown by <Who>. */
async function renderSession(known: unknown) {
  const { SessionProvider, useSession, KNOWN_SESSION_KEY } = await freshSession()
  localStorage.setItem(KNOWN_SESSION_KEY, JSON.stringify(known))
  render(
    <SessionProvider>
      <Who useSession={useSession} />
    </SessionProvider>,
  )
  return KNOWN_SESSION_KEY
}

describe('the session with no network (issue 23)', () => {
  it('is the person last named by the server on this phone, so their screens open', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    )
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    await renderSession({ user: 'ravi', role: 'worker' })
    expect(await screen.findByText('ravi worker')).toBeInTheDocument()
  })

  it('is a visitor when the server says nobody is signed in, and forgets the person it knew', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'Log in first', code: 'UNAUTHENTICATED' }, { status: 401 })),
    )
    const KNOWN_SESSION_KEY = await renderSession({ user: 'ravi', role: 'worker' })
    expect(await screen.findByText('visitor')).toBeInTheDocument()
    expect(localStorage.getItem(KNOWN_SESSION_KEY)).toBeNull()
  })

  it('never makes up a person from a stored value the server did not write', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    )
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    await renderSession({ user: 'ravi', role: 'superuser' })
    expect(await screen.findByText('visitor', {}, { timeout: 5000 })).toBeInTheDocument()
  })
})
