import type { MyRequestTask, PaymentOptionsResponse } from '@townworks/contract'
import { screen } from '@testing-library/react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { MantineScope } from '../../../lib/mantine'
import { mockApi } from '../../../testing/api-mock'
import { renderWithRouter } from '../../../testing/render'
import { TaskCharges } from './task-charges'

vi.setConfig({ testTimeout: 30_000 })
const slow = { timeout: 10_000 }

const task: MyRequestTask = {
  id: 7,
  name: 'Plumber for Lakshmi',
  status: 'payment_pending',
  next_statuses: [],
  worker: { name: 'Ravi Kumar', phone: null },
  date: '2031-01-01',
  start_time: '09:00:00',
  end_time: '11:00:00',
  workflows: [],
  price_paise: 50_000,
  line_items: [],
  total_paise: 50_000,
  paid_paise: 0,
  money_state: 'unpaid',
}

beforeAll(() => i18n.loadNamespaces('payments'))

/** The pay area with this online checkout offered (null: none). */
const renderCharges = (online: PaymentOptionsResponse['online']) => {
  mockApi({ paymentOptions: () => ({ online, manual_methods: ['cash', 'upi-manual'] }) })
  return renderWithRouter(
    <MantineScope>
      <TaskCharges task={task} />
    </MantineScope>,
    { role: 'customer', path: '/my/requests' },
  )
}

describe("My requests' pay area", () => {
  it('with no online checkout (production without Razorpay or the sandbox) says to pay the office, and offers no Pay button', async () => {
    renderCharges(null)
    expect(
      await screen.findByText(/Pay the TownWorks office ₹500 in cash or UPI; they will record it/, {}, slow),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument()
  })

  it('with an online checkout offers the Pay button', async () => {
    renderCharges('sandbox')
    expect(await screen.findByRole('button', { name: 'Pay ₹500' }, slow)).toBeInTheDocument()
    expect(screen.queryByText(/Pay the TownWorks office/)).not.toBeInTheDocument()
  })
})
