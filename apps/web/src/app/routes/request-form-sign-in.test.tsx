import type { OtpChallenge, ServiceRequestBody } from '@townworks/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '../../lib/i18n'
import { mockApi, refuse } from '../../testing/api-mock'
import { anError, aProfile } from '../../testing/fixtures'
import { renderWithRouter } from '../../testing/render'
import { Component as ServiceRegistration } from './service-registration'
// Loaded on demand by the code under test (decision 046): imported here, with the test file, so a busy
// machine's first import counts against neither a hook's time-out nor the queries' waits.
import '../../features/auth/components/code/code-step'
import '../../features/auth/components/code/name-step'

/*
 * Issue 19's in-form code step: a visitor fills the request form, confirms the mobile number with a
 * code in its last step, and the request goes under the account that made (the session the server
 * set). It lives beside the route, not in features/requests: the route hands the form the auth
 * feature's sign-in (lib/phone-confirm), and a feature's test may not import another feature.
 */

beforeAll(async () => {
  await i18n.loadNamespaces(['requests', 'requestDetails', 'catalog', 'auth', 'errors'])
})
beforeEach(() => localStorage.clear())

const challenge: OtpChallenge = {
  message: 'If this number can get a code, it is on its way',
  challenge_id: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  channel: 'sms',
  phone: '+919848012345',
  expires_in_seconds: 600,
  resend_after_seconds: 30,
}

/** A visitor until the code is verified, then Lakshmi, a new customer (the server's cookies). */
function server() {
  let signedIn = false
  const requests: ServiceRequestBody[] = []
  const mock = mockApi({
    me: () =>
      signedIn
        ? aProfile({ user: 'c-k3m9x2ab', display_name: 'Lakshmi Devi', phone: '+919848012345', email: null })
        : refuse(401, anError('UNAUTHENTICATED', 'Please log in to continue')),
    otpChannels: () => ({ channels: ['sms'] }),
    otpStart: () => challenge,
    otpVerify: ({ body }) =>
      body.code === '482913'
        ? { status: 'name_needed', message: 'Tell us your name', completion_token: 't'.repeat(43) }
        : refuse(400, { message: 'That code is not right', code: 'CODE_WRONG', details: { tries_left: 4 } }),
    otpComplete: () => {
      signedIn = true
      return {
        status: 'signed_in',
        message: 'Logged in',
        user: 'c-k3m9x2ab',
        role: 'customer',
        accesstoken: 'token',
        must_change_password: false,
        created: true,
      }
    },
    createServiceRequest: ({ body }) => {
      requests.push(body)
      return { message: 'Received', id: 321, reference: 'TW-000321' }
    },
  })
  return { ...mock, requests, isSignedIn: () => signedIn }
}

/** The first three steps of a plumber's request, by keyboard and pointer as a person would. */
async function fillUpToWho(u: ReturnType<typeof userEvent.setup>) {
  await u.click(screen.getByRole('button', { name: /^Plumbing:/ }))
  const dialog = await screen.findByRole('dialog', { name: 'Enter Service Request Details' }, { timeout: 20_000 })
  await u.click(within(dialog).getByRole('checkbox', { name: 'Leak' }))
  await u.click(within(dialog).getByRole('button', { name: 'Next' }))
  await u.type(await within(dialog).findByLabelText(/House number and street/), '12-3 Gandhi Road')
  await u.click(within(dialog).getByRole('combobox', { name: /^Town/ }))
  await u.click(await screen.findByRole('option', { name: 'Nirmal', hidden: true }))
  await u.click(within(dialog).getByRole('button', { name: 'Next' }))
  await u.click(await within(dialog).findByRole('radio', { name: 'Tomorrow' }))
  await u.click(within(dialog).getByRole('radio', { name: 'Morning (8–12)' }))
  await u.click(within(dialog).getByRole('button', { name: 'Next' }))
  await u.type(await within(dialog).findByLabelText(/Your Name/), 'Lakshmi Devi')
  await u.type(within(dialog).getByLabelText(/Mobile Number/), '98480 12345')
  return dialog
}

describe("the request form's code step (issue 19)", { timeout: 60_000 }, () => {
  // The app's session is one per page (lib/session.tsx), as in the browser: the visitor's case runs
  // first, before the other signs in.
  it('a visitor who gets no code still sends the request, and is told how to follow it', async () => {
    const { requests } = server()
    const u = userEvent.setup()
    renderWithRouter(<ServiceRegistration />, { path: '/imdDisplay', serverSession: true })
    const dialog = await fillUpToWho(u)
    await u.click(within(dialog).getByRole('button', { name: 'Confirm with a code' }))
    await u.click(await within(dialog).findByRole('button', { name: 'Get code' }, { timeout: 20_000 }))
    await within(dialog).findByLabelText('6-digit code')
    // No code arrives: the request is sent anyway.
    await u.click(within(dialog).getByRole('button', { name: 'SUBMIT' }))
    expect(await within(dialog).findByText('Your reference number is TW-000321.')).toBeVisible()
    expect(requests).toHaveLength(1)
    await waitFor(() => expect(within(dialog).getByRole('link', { name: 'Follow your request' })).toBeVisible())
  })

  it('a visitor confirms the number with a code inside the form, then sends the request as the new customer', async () => {
    const { calls, requests, isSignedIn } = server()
    const u = userEvent.setup()
    renderWithRouter(<ServiceRegistration />, { path: '/imdDisplay', serverSession: true })
    const dialog = await fillUpToWho(u)

    await u.click(within(dialog).getByRole('button', { name: 'Confirm with a code' }))
    // The number typed in the form is the one the code goes to.
    const number = await within(dialog).findByLabelText('Mobile number', { exact: true }, { timeout: 20_000 })
    expect(number).toHaveValue('98480 12345')
    await u.click(within(dialog).getByRole('button', { name: 'Get code' }))
    const code = await within(dialog).findByLabelText('6-digit code')
    expect(within(dialog).getByText('+91 98480 12345')).toBeVisible()
    // Asking for a code sends no request: the form stays on its last step, nothing stored.
    expect(calls.filter((c) => c.name === 'createServiceRequest')).toHaveLength(0)
    expect(within(dialog).getByTestId('request-step')).toHaveTextContent('Who should we call?')

    // A wrong code says so and keeps the form; the right one signs in.
    await u.type(code, '111111')
    await u.keyboard('{Enter}')
    expect(await within(dialog).findByText('That code is not right. 4 tries left.')).toBeVisible()
    expect(calls.filter((c) => c.name === 'createServiceRequest')).toHaveLength(0)
    await u.clear(code)
    await u.type(code, '482913')
    await u.click(within(dialog).getByRole('button', { name: 'Continue' }))

    // A new number: the account takes the name typed in the form (not asked again).
    expect(await within(dialog).findByText('You are signed in: this request will be in My requests.')).toBeVisible()
    expect(isSignedIn()).toBe(true)
    expect(calls.find((c) => c.name === 'otpComplete')?.body).toMatchObject({ name: 'Lakshmi Devi' })
    expect(calls.filter((c) => c.name === 'createServiceRequest')).toHaveLength(0)
    // What was typed is still there.
    expect(within(dialog).getByLabelText(/Your Name/)).toHaveValue('Lakshmi Devi')
    expect(within(dialog).getByLabelText(/Mobile Number/)).toHaveValue('98480 12345')

    await u.click(within(dialog).getByRole('button', { name: 'SUBMIT' }))
    expect(await within(dialog).findByText('Your reference number is TW-000321.')).toBeVisible()
    expect(requests).toHaveLength(1)
    expect(requests[0]).toMatchObject({
      name: 'Lakshmi Devi',
      phone: '98480 12345',
      service: 'Plumber',
      town: 'Nirmal',
      address: '12-3 Gandhi Road',
      problems: ['leak'],
      time_window: 'morning',
    })
    // Sent after the sign-in (the session's cookies go with it), and followed in My requests.
    const order = calls.map((c) => c.name)
    expect(order.indexOf('createServiceRequest')).toBeGreaterThan(order.indexOf('otpComplete'))
    expect(within(dialog).getByRole('link', { name: 'Open My requests' })).toHaveAttribute('href', '/my/requests')
  })
})
