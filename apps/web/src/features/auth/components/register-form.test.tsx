import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
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

  it('shows User created in green and clears the form', async () => {
    fetchMock.mockResolvedValue(json(201, { message: 'User created' }))
    renderWithRouter(<RegisterForm />)
    await fill('sravani', 'sravani@example.com', 'monsoon-2026')
    const status = await screen.findByText('User created')
    expect(status).toHaveClass('message--success')
    expect(screen.getByLabelText('Username')).toHaveValue('')
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
