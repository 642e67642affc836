import { render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { i18n } from '../lib/i18n'
import { MemoryRouter } from '../lib/router'
import { SessionProvider, STORED_USER_KEY, type SessionState } from '../lib/session'
import { ScreenGuard } from './screen-guard'

beforeAll(() => i18n.loadNamespaces(['errors', 'common']))
afterEach(() => localStorage.clear())

const renderGuarded = (session: SessionState) =>
  render(
    <SessionProvider value={session}>
      <MemoryRouter path="/my/jobs">
        <ScreenGuard path="/my/jobs">
          <h1>My jobs</h1>
        </ScreenGuard>
      </MemoryRouter>
    </SessionProvider>,
  )

describe('ScreenGuard while the session is being checked', () => {
  it('shows the screen at once to someone who logged in from this browser', () => {
    localStorage.setItem(STORED_USER_KEY, 'ravi')
    renderGuarded({ status: 'loading' })
    expect(screen.getByRole('heading', { name: 'My jobs' })).toBeInTheDocument()
  })

  it('makes a visitor wait for the answer', () => {
    renderGuarded({ status: 'loading' })
    expect(screen.queryByRole('heading', { name: 'My jobs' })).not.toBeInTheDocument()
  })

  it('once the answer is in, refuses a role the screen is not for, whoever logged in here', () => {
    localStorage.setItem(STORED_USER_KEY, 'lakshmi')
    renderGuarded({ status: 'ready', role: 'customer', user: 'lakshmi' })
    expect(screen.queryByRole('heading', { name: 'My jobs' })).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'This page is not for your account' })).toBeInTheDocument()
  })
})
