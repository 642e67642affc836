import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { mockApi, refuse } from '../../../testing/api-mock'
import { renderWithRouter } from '../../../testing/render'
import { RegisterForm } from './register-form'

const fetchMock = vi.fn<typeof fetch>()
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

beforeAll(() => i18n.loadNamespaces('auth'))

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockReset()
})
afterEach(() => vi.unstubAllGlobals())

async function fill(user: string, email: string, pwd: string) {
  const u = userEvent.setup()
  await u.type(screen.getByLabelText('Username'), user)
  await u.type(screen.getByLabelText('Email'), email)
  await u.type(screen.getByLabelText('Password'), pwd)
  await u.click(screen.getByRole('button', { name: 'Register' }))
}

describe('the register form', () => {
  it('checks the server’s rules before sending anything', async () => {
    renderWithRouter(<RegisterForm />)
    await fill('ab', 'not-an-email', 'short')
    expect(await screen.findByText('Use 3–32 letters, digits, dot, dash or underscore')).toBeVisible()
    expect(screen.getByText('Enter a valid email address')).toBeVisible()
    expect(screen.getByText('Use at least 8 characters')).toBeVisible()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('shows User created in green, signs the person in at once and offers the way on', async () => {
    vi.unstubAllGlobals()
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

  it('says User created and leads to the login screen when signing in after it fails', async () => {
    vi.unstubAllGlobals()
    mockApi({
      register: () => ({ message: 'User created' }),
      login: () => refuse(429, { message: 'Too many', code: 'TOO_MANY_ATTEMPTS' }),
    })
    renderWithRouter(<RegisterForm />)
    await fill('sravani', 'sravani@example.com', 'monsoon-2026')
    expect(await screen.findByText('User created')).toBeVisible()
    expect(await screen.findByRole('link', { name: 'login' })).toHaveAttribute('href', '/login')
  })

  it('shows User already exist in red and clears the form', async () => {
    fetchMock.mockResolvedValue(json(409, { message: 'User already exist', code: 'DUPLICATE_USER' }))
    renderWithRouter(<RegisterForm />)
    await fill('sravani', 'sravani@example.com', 'monsoon-2026')
    expect(await screen.findByText('User already exist')).toHaveClass('message--error')
    expect(screen.getByLabelText('Email')).toHaveValue('')
  })

  it('keeps what was typed when the server does not answer', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    renderWithRouter(<RegisterForm />)
    await fill('sravani', 'sravani@example.com', 'monsoon-2026')
    expect(await screen.findByText('No Server Response')).toBeVisible()
    expect(screen.getByLabelText('Username')).toHaveValue('sravani')
    expect(screen.getByLabelText('Email')).toHaveValue('sravani@example.com')
  })
})
