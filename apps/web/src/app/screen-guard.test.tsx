import { render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { i18n } from '../lib/i18n'
import { MemoryRouter, Route, Switch } from '../lib/router'
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

describe('ScreenGuard for a user who logged in with a one-time password', () => {
  it('sends them to the choose-a-new-password screen (/profile) before any other screen', () => {
    render(
      <SessionProvider value={{ status: 'ready', role: 'worker', user: 'ravi', mustChangePassword: true }}>
        <MemoryRouter path="/my/jobs">
          <Switch>
            <Route path="/profile">
              <h1>Choose a new password</h1>
            </Route>
            <Route path="/my/jobs">
              <ScreenGuard path="/my/jobs">
                <h1>My jobs</h1>
              </ScreenGuard>
            </Route>
          </Switch>
        </MemoryRouter>
      </SessionProvider>,
    )
    expect(screen.queryByRole('heading', { name: 'My jobs' })).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument()
  })
})
