import type { OwedResponse } from '@townworks/contract'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { MantineScope } from '../../../lib/mantine'
import { mockApi } from '../../../testing/api-mock'
import { aPayment } from '../../../testing/fixtures'
import { renderWithRouter } from '../../../testing/render'
import { PayoutsScreen } from './payouts-screen'

vi.setConfig({ testTimeout: 30_000 })
const slow = { timeout: 10_000 }

beforeAll(() => i18n.loadNamespaces(['payments', 'common']))

/** The screen's calls: nothing owed to workers, one online payment to give back (9, for task 41), which a refund clears. */
function stubPayouts() {
  let owed: OwedResponse = {
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
  return mockApi({
    payoutsOwed: () => owed,
    listPayouts: () => ({ payouts: [] }),
    refundPayment: ({ params, body }) => {
      owed = { ...owed, refunds_due: [] }
      return {
        message: 'Payment refunded',
        replayed: false,
        status: 'cancelled',
        payment: aPayment({
          id: Number(params.id),
          task_id: 41,
          method: 'razorpay',
          provider_ref: 'pay_RZP41',
          state: 'refunded',
          refund_reason: body.reason,
          refunded_at: '2026-11-25T07:00:00.000Z',
        }),
      }
    },
  })
}

const renderScreen = (role: 'admin' | 'operator') =>
  renderWithRouter(
    <MantineScope>
      <PayoutsScreen />
    </MantineScope>,
    { role, path: '/payouts' },
  )

describe('the payouts screen lists online payments owed back to customers (decision 016)', () => {
  it('an admin refunds one with a reason through the refund path, and it leaves the list', async () => {
    const { calls } = stubPayouts()
    renderScreen('admin')
    const section = await screen.findByRole('region', { name: 'Money to give back' }, slow)
    expect(within(section).getByText(/41 · Plumber for Lakshmi/)).toBeInTheDocument()
    expect(within(section).getByText(/Razorpay · pay_RZP41/)).toBeInTheDocument()
    await userEvent.type(within(section).getByLabelText('Reason for the refund'), 'Task was cancelled')
    await userEvent.click(within(section).getByRole('button', { name: 'Refund ₹500 for task 41' }))
    expect(await screen.findByText('Refunded ₹500 for task 41', {}, slow)).toBeInTheDocument()
    expect(calls.filter((c) => c.name === 'refundPayment').map((c) => [c.method, c.url.pathname, c.body])).toEqual([
      ['POST', '/api/payments/9/refund', { reason: 'Task was cancelled' }],
    ])
    expect(screen.queryByRole('region', { name: 'Money to give back' })).not.toBeInTheDocument()
  })

  it('an operator sees it and is told an admin refunds it', async () => {
    stubPayouts()
    renderScreen('operator')
    const section = await screen.findByRole('region', { name: 'Money to give back' }, slow)
    expect(within(section).getByText('An admin refunds this.')).toBeInTheDocument()
    expect(within(section).queryByRole('button')).not.toBeInTheDocument()
  })
})
