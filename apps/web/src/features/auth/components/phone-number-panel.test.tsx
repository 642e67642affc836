import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { mockApi, refuse } from '../../../testing/api-mock'
import { aProfile } from '../../../testing/fixtures'
import { renderWithRouter } from '../../../testing/render'
import { PhoneNumberPanel } from './phone-number-panel'
// Loaded on demand by the code under test (decision 046): imported here, with the test file, so a busy
// machine's first import counts against neither a hook's time-out nor the queries' waits.
import './code/number-step'
import './code/code-step'

beforeAll(async () => {
  await i18n.loadNamespaces(['auth', 'errors'])
})

const challenge = {
  message: 'If this number can get a code, it is on its way',
  challenge_id: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  channel: 'sms' as const,
  phone: '+919866012345',
  expires_in_seconds: 600,
  resend_after_seconds: 30,
}

describe('the profile’s mobile number', () => {
  it('shows the verified number and changes it with a code sent to the new one', async () => {
    let phone = '+919848012345'
    const { calls } = mockApi({
      me: () => aProfile({ phone, phone_verified: true }),
      otpChannels: () => ({ channels: ['sms'] }),
      myPhoneStart: () => challenge,
      myPhoneVerify: () => {
        phone = '+919866012345'
        return { message: 'Your number is changed', phone, phone_verified: true }
      },
    })
    renderWithRouter(<PhoneNumberPanel />, { role: 'customer' })
    const user = userEvent.setup()
    expect(await screen.findByText('+91 98480 12345')).toBeVisible()
    expect(screen.getByText('Verified')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Change number' }))
    await user.type(await screen.findByLabelText('New mobile number', {}, { timeout: 10_000 }), '9866012345')
    await user.click(screen.getByRole('button', { name: 'Get code' }))
    await user.type(await screen.findByLabelText('6-digit code', {}, { timeout: 10_000 }), '123456')
    await user.click(screen.getByRole('button', { name: 'Save number' }))
    expect(await screen.findByText('Your number is now +91 98660 12345.')).toBeVisible()
    await waitFor(() => expect(screen.getByText('+91 98660 12345', { selector: 'strong' })).toBeVisible())
    expect(calls.find((c) => c.name === 'myPhoneStart')?.body).toMatchObject({ phone: '+919866012345' })
  })

  it('says when the new number is another account’s, and keeps the code typed', async () => {
    mockApi({
      me: () => aProfile({ phone: null }),
      otpChannels: () => ({ channels: ['sms'] }),
      myPhoneStart: () => challenge,
      myPhoneVerify: () => refuse(409, { message: 'taken', code: 'PHONE_IN_USE' }),
    })
    renderWithRouter(<PhoneNumberPanel />, { role: 'customer' })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Add a mobile number' }))
    await user.type(await screen.findByLabelText('New mobile number', {}, { timeout: 10_000 }), '9866012345')
    await user.click(screen.getByRole('button', { name: 'Get code' }))
    await user.type(await screen.findByLabelText('6-digit code', {}, { timeout: 10_000 }), '123456')
    await user.click(screen.getByRole('button', { name: 'Save number' }))
    expect(await screen.findByText('This number belongs to another account.')).toBeVisible()
    expect(screen.getByLabelText('6-digit code')).toHaveValue('123456')
  })

  it('staff: the code after the password needs a verified number, and is fixed when the admin requires it', async () => {
    mockApi({ me: () => aProfile({ role: 'operator', phone: null }), otpChannels: () => ({ channels: ['sms'] }) })
    const { unmount } = renderWithRouter(<PhoneNumberPanel />, { role: 'operator' })
    expect(await screen.findByRole('checkbox', { name: 'Ask for a code after my password' })).toBeDisabled()
    expect(screen.getByText('Confirm your mobile number with a code first: the code goes to it.')).toBeVisible()
    unmount()
    mockApi({
      me: () =>
        aProfile({
          role: 'admin',
          phone: '+919848012345',
          phone_verified: true,
          second_step: true,
          second_step_required: true,
        }),
      otpChannels: () => ({ channels: ['sms'] }),
    })
    renderWithRouter(<PhoneNumberPanel />, { role: 'admin' })
    const box = await screen.findByRole('checkbox', { name: 'Ask for a code after my password' })
    expect(box).toBeChecked()
    expect(box).toBeDisabled()
  })
})
