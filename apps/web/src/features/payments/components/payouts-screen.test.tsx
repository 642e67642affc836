import type { OwedResponse } from '@townworks/contract'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { MantineScope } from '../../../lib/mantine'
import { renderWithRouter } from '../../../testing/render'
import { PayoutsScreen } from './payouts-screen'

const fetchMock = vi.fn<typeof fetch>()
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

vi.setConfig({ testTimeout: 30_000 })
const slow = { timeout: 10_000 }

let owed: OwedResponse
const refunds: { url: string; body: unknown }[] = []

beforeAll(() => i18n.loadNamespaces(['payments', 'common']))
beforeEach(() => {
  refunds.length = 0
  owed = {
    workers: [],
    refunds_due: [
      {
        payment_id: 9,
        task_id: 41,
        task_name: 'Plumber for Lakshmi',
        status: 'cancelled',
        amount_paise: 50_000,
        method: 'razorpay',
        provider_ref: 'pay_RZP41',
        created_at: '2026-11-25T06:00:00.000Z',
      },
    ],
  }
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockReset()
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input)
    if (url.includes('/api/payments/9/refund') && init?.method === 'POST') {
      refunds.push({ url, body: JSON.parse(String(init.body)) })
      owed = { ...owed, refunds_due: [] }
      return json(200, { message: 'Payment refunded', replayed: false, status: 'cancelled', payment: {} })
    }
    if (url.includes('/api/payouts/owed')) return json(200, owed)
    if (url.includes('/api/payouts')) return json(200, { payouts: [] })
    return json(404, { message: 'Not found', code: 'NOT_FOUND' })
  })
})
afterEach(() => vi.unstubAllGlobals())

const renderScreen = (role: 'admin' | 'operator') =>
  renderWithRouter(
    <MantineScope>
      <PayoutsScreen />
    </MantineScope>,
    { role, path: '/payouts' },
  )

describe('the payouts screen lists online payments owed back to customers (decision 016)', () => {
  it('an admin refunds one with a reason through the refund path, and it leaves the list', async () => {
    renderScreen('admin')
    const section = await screen.findByRole('region', { name: 'Money to give back' }, slow)
    expect(within(section).getByText(/41 · Plumber for Lakshmi/)).toBeInTheDocument()
    expect(within(section).getByText(/Razorpay · pay_RZP41/)).toBeInTheDocument()
    await userEvent.type(within(section).getByLabelText('Reason for the refund'), 'Task was cancelled')
    await userEvent.click(within(section).getByRole('button', { name: 'Refund ₹500 for task 41' }))
    expect(await screen.findByText('Refunded ₹500 for task 41', {}, slow)).toBeInTheDocument()
    expect(refunds).toEqual([
      { url: expect.stringContaining('/api/payments/9/refund'), body: { reason: 'Task was cancelled' } },
    ])
    expect(screen.queryByRole('region', { name: 'Money to give back' })).not.toBeInTheDocument()
  })

  it('an operator sees it and is told an admin refunds it', async () => {
    renderScreen('operator')
    const section = await screen.findByRole('region', { name: 'Money to give back' }, slow)
    expect(within(section).getByText('An admin refunds this.')).toBeInTheDocument()
    expect(within(section).queryByRole('button')).not.toBeInTheDocument()
  })
})
