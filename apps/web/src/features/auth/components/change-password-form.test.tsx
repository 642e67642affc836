import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
// eslint-disable-next-line import-x/no-restricted-paths -- a test composes the app's providers, as testing/render does
import { Providers } from '../../../app/providers'
import { i18n } from '../../../lib/i18n'
import { createQueryClient } from '../../../lib/query-client'
import { MemoryRouter } from '../../../lib/router'
import { mockApi, refuse } from '../../../testing/api-mock'
import { anError } from '../../../testing/fixtures'
import { renderWithRouter } from '../../../testing/render'
import { ChangePasswordForm } from './change-password-form'
import { ProfilePanel } from './profile-panel'
// Loaded on demand by the code under test (decision 046): imported here, with the test file, so a busy
// machine's first import counts against neither a hook's time-out nor the queries' waits.
import './change-password-schema'
import './person-name-schema'

beforeAll(async () => {
  await i18n.loadNamespaces(['auth', 'errors'])
})

afterEach(async () => {
  await i18n.changeLanguage('en')
})

async function fill(current: string, next: string, again = next) {
  const u = userEvent.setup()
  await u.type(screen.getByLabelText('Current password'), current)
  await u.type(screen.getByLabelText('New password'), next)
  await u.type(screen.getByLabelText('New password again'), again)
  await u.click(screen.getByRole('button', { name: 'Change password' }))
  return u
}

describe('the change-password form', () => {
  it('has a labelled field for the current password and the new one twice', () => {
    renderWithRouter(<ChangePasswordForm username="lakshmi" />)
    expect(screen.getByRole('heading', { name: 'Change your password' })).toBeVisible()
    expect(screen.getByLabelText('Current password')).toHaveAttribute('autocomplete', 'current-password')
    expect(screen.getByLabelText('New password')).toHaveAttribute('autocomplete', 'new-password')
    expect(screen.getByLabelText('New password again')).toHaveAttribute('type', 'password')
  })

  it('checks the server’s rules before sending anything, in words', async () => {
    const { calls } = mockApi({ changeMyPassword: () => ({ message: 'Password changed' }) })
    renderWithRouter(<ChangePasswordForm username="lakshmi" />)
    await fill('old-password', 'short', 'shorter')
    expect(await screen.findByText('Use at least 8 characters', {}, { timeout: 10_000 })).toBeVisible()
    expect(screen.getByText('The two new passwords are not the same')).toBeVisible()
    expect(calls).toEqual([])
  })

  it('refuses the user name as the new password', async () => {
    const { calls } = mockApi({ changeMyPassword: () => ({ message: 'Password changed' }) })
    renderWithRouter(<ChangePasswordForm username="lakshmi.devi" />)
    await fill('old-password', 'LAKSHMI.DEVI')
    expect(await screen.findByText('The password must not be the user name', {}, { timeout: 10_000 })).toBeVisible()
    expect(calls).toEqual([])
  })

  it('sends the current and the new password, then says it is done and clears the fields', async () => {
    const { calls } = mockApi({ changeMyPassword: () => ({ message: 'Password changed' }) })
    const onChanged = vi.fn()
    renderWithRouter(<ChangePasswordForm username="lakshmi" onChanged={onChanged} />)
    await fill('old-password', 'monsoon-2026-new')
    expect(await screen.findByText(/Your password was changed/)).toHaveClass('message--success')
    expect(calls.map((c) => [c.method, c.url.pathname, c.body])).toEqual([
      ['PUT', '/api/me/password', { currentPwd: 'old-password', newPwd: 'monsoon-2026-new' }],
    ])
    expect(screen.getByLabelText('Current password')).toHaveValue('')
    expect(onChanged).toHaveBeenCalledOnce()
  })

  it('a wrong current password: says so at the field and keeps what was typed', async () => {
    mockApi({
      changeMyPassword: () =>
        refuse(400, {
          ...anError('VALIDATION_FAILED', 'The current password is not right'),
          issues: [{ path: 'currentPwd', message: 'The current password is not right' }],
        }),
    })
    renderWithRouter(<ChangePasswordForm username="lakshmi" />)
    await fill('not-my-password', 'monsoon-2026-new')
    expect(await screen.findByText('The current password is not right')).toBeVisible()
    expect(screen.getByRole('status')).toHaveTextContent('The password was not changed')
    expect(screen.getByLabelText('Current password')).toHaveValue('not-my-password')
    expect(screen.getByLabelText('New password')).toHaveValue('monsoon-2026-new')
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true')
  })

  it('too many attempts and no answer are said in words, keeping what was typed', async () => {
    // The first try meets the API's login throttle, with its Retry-After (15 minutes); the second, no answer.
    let tries = 0
    mockApi({
      changeMyPassword: () => {
        tries += 1
        if (tries > 1) throw new TypeError('Failed to fetch')
        return refuse(
          429,
          anError('TOO_MANY_ATTEMPTS', 'Too many failed attempts. Please wait 15 minutes and try again.'),
          { 'retry-after': '900' },
        )
      },
    })
    renderWithRouter(<ChangePasswordForm username="lakshmi" />)
    const u = await fill('old-password', 'monsoon-2026-new')
    expect(await screen.findByText('Too many attempts. Please try again in 15 minutes.')).toBeVisible()
    await u.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText(/No Server Response/)).toBeVisible()
    expect(screen.getByLabelText('New password again')).toHaveValue('monsoon-2026-new')
  })

  it('is translated: Telugu labels and messages', async () => {
    await i18n.changeLanguage('te')
    renderWithRouter(<ChangePasswordForm username="lakshmi" />)
    expect(screen.getByLabelText('ప్రస్తుత పాస్‌వర్డ్')).toBeVisible()
    const u = userEvent.setup()
    await u.type(screen.getByLabelText('కొత్త పాస్‌వర్డ్'), 'monsoon-2026-new')
    await u.click(screen.getByRole('button', { name: 'పాస్‌వర్డ్ మార్చండి' }))
    expect(await screen.findByText('రెండు కొత్త పాస్‌వర్డ్‌లు ఒకటే కావు', {}, { timeout: 10_000 })).toBeVisible()
  })
})

describe('setting a first password (an account made by a mobile number)', () => {
  it('asks for no current password and sends only the new one', async () => {
    const { calls } = mockApi({ changeMyPassword: () => ({ message: 'Password changed' }) })
    renderWithRouter(<ChangePasswordForm username="lakshmi.devi-k3m9" hasPassword={false} />)
    expect(screen.getByRole('heading', { name: 'Set a password' })).toBeVisible()
    expect(screen.queryByLabelText('Current password')).toBeNull()
    const u = userEvent.setup()
    await u.type(screen.getByLabelText('New password'), 'monsoon-2026-new')
    await u.type(screen.getByLabelText('New password again'), 'monsoon-2026-new')
    await u.click(screen.getByRole('button', { name: 'Set password' }))
    expect(await screen.findByText('Your password is set. You can now sign in with it too.')).toBeVisible()
    expect(calls.find((c) => c.name === 'changeMyPassword')?.body).toEqual({ newPwd: 'monsoon-2026-new' })
  })
})

describe('the profile screen with a one-time password', () => {
  it('asks for a new password first, and says why', async () => {
    render(
      <Providers auth={{ status: 'ready', user: 'admin', role: 'admin', mustChangePassword: true }}>
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter path="/profile">
            <ProfilePanel />
          </MemoryRouter>
        </QueryClientProvider>
      </Providers>,
    )
    expect(screen.getByRole('note')).toHaveTextContent('You logged in with a one-time password')
    expect(screen.getByRole('heading', { name: 'Change your password' })).toBeVisible()
    // One logout: the header's, not a second one on the profile.
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull()
    expect(document.querySelector('video')).toBeNull()
  })
})
