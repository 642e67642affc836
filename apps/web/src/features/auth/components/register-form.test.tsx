import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { mockApi, refuse } from '../../../testing/api-mock'
import { anError } from '../../../testing/fixtures'
import { renderWithRouter } from '../../../testing/render'
import { RegisterForm } from './register-form'
// Loaded on demand by the code under test (decision 046): imported here, with the test file, so a busy
// machine's first import counts against neither a hook's time-out nor the queries' waits.
import './register-schema'

beforeAll(async () => {
  await i18n.loadNamespaces('auth')
})

async function fill(user: string, email: string, pwd: string) {
  const u = userEvent.setup()
  await u.type(screen.getByLabelText('Username'), user)
  await u.type(screen.getByLabelText('Email'), email)
  await u.type(screen.getByLabelText('Password'), pwd)
  await u.click(screen.getByRole('button', { name: 'Register' }))
}

describe('the register form', () => {
  it('checks the server’s rules before sending anything', async () => {
    const { calls } = mockApi({ register: () => ({ message: 'User created' }) })
    renderWithRouter(<RegisterForm />)
    await fill('ab', 'not-an-email', 'short')
    expect(
      await screen.findByText('Use 3–32 letters, digits, dot, dash or underscore', {}, { timeout: 10_000 }),
    ).toBeVisible()
    expect(screen.getByText('Enter a valid email address')).toBeVisible()
    expect(screen.getByText('Use at least 8 characters')).toBeVisible()
    expect(calls).toEqual([])
  })

  it('shows User created in green, signs the person in at once and offers the way on', async () => {
    const { calls } = mockApi({
      register: () => ({ message: 'User created' }),
      login: ({ body }) => ({
        message: 'Logged in',
        user: body.user,
        role: 'customer',
        accesstoken: 'token',
        mustChangePassword: false,
      }),
    })
    renderWithRouter(<RegisterForm />)
    await fill('sravani', 'sravani@example.com', 'monsoon-2026')
    const status = await screen.findByText('User created')
    expect(status).toHaveClass('message--success')
    expect(await screen.findByText('You are signed in.')).toBeVisible()
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/my/requests')
    expect(calls.find((c) => c.name === 'login')?.body).toEqual({ user: 'sravani', pwd: 'monsoon-2026' })
  })

  it('shows User already exist in red and clears the form', async () => {
    mockApi({ register: () => refuse(409, anError('DUPLICATE_USER', 'User already exist')) })
    renderWithRouter(<RegisterForm />)
    await fill('sravani', 'sravani@example.com', 'monsoon-2026')
    expect(await screen.findByText('User already exist')).toHaveClass('message--error')
    expect(screen.getByLabelText('Email')).toHaveValue('')
  })

  it('keeps what was typed when the server does not answer', async () => {
    mockApi({
      register: () => {
        throw new TypeError('Failed to fetch')
      },
    })
    renderWithRouter(<RegisterForm />)
    await fill('sravani', 'sravani@example.com', 'monsoon-2026')
    expect(await screen.findByText('No Server Response')).toBeVisible()
    expect(screen.getByLabelText('Username')).toHaveValue('sravani')
    expect(screen.getByLabelText('Email')).toHaveValue('sravani@example.com')
  })
})
