import type { MyRequestTask } from '@townworks/contract'
import { screen } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { MantineScope } from '../../../lib/mantine'
import { renderWithRouter } from '../../../testing/render'
import { TaskCharges } from './task-charges'

const fetchMock = vi.fn<typeof fetch>()
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

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

let online: 'sandbox' | 'razorpay' | null = null

beforeAll(() => i18n.loadNamespaces('payments'))
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockReset()
  fetchMock.mockImplementation(async (input) => {
    if (String(input).includes('/api/payments/options')) {
      return json(200, { online, manual_methods: ['cash', 'upi-manual'] })
    }
    return json(404, { message: 'Not found', code: 'NOT_FOUND' })
  })
})
afterEach(() => vi.unstubAllGlobals())

const renderCharges = () =>
  renderWithRouter(
    <MantineScope>
      <TaskCharges task={task} />
    </MantineScope>,
    { role: 'customer', path: '/my/requests' },
  )

describe("My requests' pay area", () => {
  it('with no online checkout (production without Razorpay or the sandbox) says to pay the office, and offers no Pay button', async () => {
    online = null
    renderCharges()
    expect(
      await screen.findByText(/Pay the TownWorks office ₹500 in cash or UPI; they will record it/, {}, slow),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument()
  })

  it('with an online checkout offers the Pay button', async () => {
    online = 'sandbox'
    renderCharges()
    expect(await screen.findByRole('button', { name: 'Pay ₹500' }, slow)).toBeInTheDocument()
    expect(screen.queryByText(/Pay the TownWorks office/)).not.toBeInTheDocument()
  })
})
