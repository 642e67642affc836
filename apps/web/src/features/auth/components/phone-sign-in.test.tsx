import type { OtpChallenge, OtpSignedIn } from '@townworks/contract'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { mockApi, refuse } from '../../../testing/api-mock'
import { renderWithRouter } from '../../../testing/render'
import { PhoneSignIn } from './phone-sign-in'
import { SignInChoice } from './sign-in-choice'
// Loaded on demand by the code under test (decision 046): imported here, with the test file, so a busy
// machine's first import counts against neither a hook's time-out nor the queries' waits.
import './code/code-step'
import './code/name-step'
import './password-forms'

beforeAll(async () => {
  await i18n.loadNamespaces(['auth', 'errors'])
})

const challenge = (overrides: Partial<OtpChallenge> = {}): OtpChallenge => ({
  message: 'If this number can get a code, it is on its way',
  challenge_id: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  channel: 'whatsapp',
  phone: '+919848012345',
  expires_in_seconds: 600,
  resend_after_seconds: 30,
  ...overrides,
})

const signedIn = (overrides: Partial<OtpSignedIn> = {}): OtpSignedIn => ({
  status: 'signed_in',
  message: 'Logged in',
  user: 'c-k3m9x2ab',
  role: 'customer',
  accesstoken: 'token',
  must_change_password: false,
  created: true,
  ...overrides,
})

describe('signing in with a mobile number', () => {
  it('number and channel, the code, then the name of a new number: signed in', async () => {
    const onSignedIn = vi.fn()
    const { calls } = mockApi({
      otpChannels: () => ({ channels: ['whatsapp', 'sms'] }),
      otpStart: ({ body }) => challenge({ channel: body.channel ?? 'sms' }),
      otpVerify: () => ({ status: 'name_needed', message: 'Tell us your name', completion_token: 't'.repeat(43) }),
      otpComplete: () => signedIn(),
    })
    renderWithRouter(<PhoneSignIn onSignedIn={onSignedIn} />)
    const user = userEvent.setup()
    // WhatsApp first where it is configured.
    await waitFor(() => expect(screen.getByRole('radio', { name: 'WhatsApp' })).toBeChecked())
    await user.type(screen.getByLabelText('Mobile number'), '98480 12345')
    await user.click(screen.getByRole('radio', { name: 'SMS' }))
    await user.click(screen.getByRole('button', { name: 'Get code' }))
    const code = await screen.findByLabelText('6-digit code', {}, { timeout: 10_000 })
    expect(code).toHaveAttribute('autocomplete', 'one-time-code')
    expect(code).toHaveAttribute('inputmode', 'numeric')
    expect(screen.getByText('+91 98480 12345')).toBeVisible()
    expect(screen.getByRole('button', { name: /New code in 3\d seconds|New code in \d+ seconds/ })).toBeDisabled()
    await user.type(code, '482913')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await user.type(await screen.findByLabelText('Your name', {}, { timeout: 10_000 }), 'Lakshmi Devi')
    await user.click(screen.getByRole('button', { name: 'Finish' }))
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(expect.objectContaining({ role: 'customer' })))
    expect(calls.find((c) => c.name === 'otpStart')?.body).toMatchObject({ phone: '+919848012345', channel: 'sms' })
    expect(calls.find((c) => c.name === 'otpVerify')?.body).toMatchObject({ code: '482913' })
    expect(calls.find((c) => c.name === 'otpComplete')?.body).toMatchObject({ name: 'Lakshmi Devi' })
  })

  it('says how many tries are left after a wrong code, keeps it, and lets the number be changed', async () => {
    mockApi({
      otpChannels: () => ({ channels: ['sms'] }),
      otpStart: () => challenge({ channel: 'sms' }),
      otpVerify: () =>
        refuse(400, { message: 'That code is not right', code: 'CODE_WRONG', details: { tries_left: 3 } }),
    })
    renderWithRouter(<PhoneSignIn onSignedIn={vi.fn()} />)
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Mobile number'), '9848012345')
    await user.click(screen.getByRole('button', { name: 'Get code' }))
    await user.type(await screen.findByLabelText('6-digit code', {}, { timeout: 10_000 }), '111111')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText('That code is not right. 3 tries left.')).toBeVisible()
    expect(screen.getByLabelText('6-digit code')).toHaveValue('111111')
    await user.click(screen.getByRole('button', { name: 'Change' }))
    expect(screen.getByLabelText('Mobile number')).toHaveValue('9848012345')
  })

  it('an expired code and too many tries each say to ask for a new code; a short number never leaves', async () => {
    const { calls } = mockApi({
      otpChannels: () => ({ channels: ['sms'] }),
      otpStart: () => challenge({ channel: 'sms' }),
      otpVerify: () => refuse(410, { message: 'gone', code: 'CODE_EXPIRED' }),
    })
    renderWithRouter(<PhoneSignIn onSignedIn={vi.fn()} />)
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Mobile number'), '98480')
    await user.click(screen.getByRole('button', { name: 'Get code' }))
    expect(await screen.findByText('Enter a 10-digit mobile number.')).toBeVisible()
    expect(calls.filter((c) => c.name === 'otpStart')).toHaveLength(0)
    await user.type(screen.getByLabelText('Mobile number'), '12345')
    await user.click(screen.getByRole('button', { name: 'Get code' }))
    await user.type(await screen.findByLabelText('6-digit code', {}, { timeout: 10_000 }), '123456')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText('This code no longer works. Ask for a new code.')).toBeVisible()
  })
})

describe('the sign-in screen', () => {
  it('offers the mobile number first, the user name and password one tap away, and Forgot password', async () => {
    mockApi({ otpChannels: () => ({ channels: ['whatsapp', 'sms'] }) })
    renderWithRouter(<SignInChoice />, { path: '/login' })
    const user = userEvent.setup()
    expect(screen.getByRole('heading', { name: 'Continue with mobile number' })).toBeVisible()
    expect(screen.queryByLabelText('Username')).toBeNull()
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Sign in with user name and password' }))
    expect(await screen.findByLabelText('Username', {}, { timeout: 10_000 })).toHaveFocus()
    expect(screen.getByRole('button', { name: 'login' })).toBeVisible()
  })

  it('staff whose password needs a code go on to type it', async () => {
    mockApi({
      otpChannels: () => ({ channels: ['sms'] }),
      login: () =>
        refuse(403, {
          message: 'Type the code',
          code: 'SECOND_STEP_REQUIRED',
          details: {
            challenge_id: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
            channel: 'sms',
            phone_hint: '+91********45',
            expires_in_seconds: 600,
            resend_after_seconds: 30,
          },
        }),
      otpVerify: () => signedIn({ role: 'operator', user: 'office1', created: false }),
    })
    const { router } = renderWithRouter(<SignInChoice />, { path: '/login' })
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Sign in with user name and password' }))
    await user.type(await screen.findByLabelText('Username', {}, { timeout: 10_000 }), 'office1')
    await user.type(screen.getByLabelText('Password'), 'a-long-password')
    await user.click(screen.getByRole('button', { name: 'login' }))
    expect(await screen.findByText('+91********45')).toBeVisible()
    await user.type(screen.getByLabelText('6-digit code'), '654321')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
  })
})
