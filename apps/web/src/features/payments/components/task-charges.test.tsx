import type { MyRequestTask, PaymentOptionsResponse } from '@townworks/contract'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { MantineScope } from '../../../lib/mantine'
import { mockApi, refuse, type MockHandlers } from '../../../testing/api-mock'
import { aMyRequestTask, anError, NO_PROFILE } from '../../../testing/fixtures'
import { renderWithRouter } from '../../../testing/render'
import { TaskCharges } from './task-charges'
// The pay area is fetched when a task awaits payment: import it with the tests, not on the first render.
import './pay-area'

vi.setConfig({ testTimeout: 30_000 })
const slow = { timeout: 10_000 }

// A task awaiting payment whose worker is new here; no code (the work is done), nothing to rate yet.
const task: MyRequestTask = aMyRequestTask({
  status: 'payment_pending',
  next_statuses: [],
  worker: {
    worker_id: 3,
    name: 'Ravi Kumar',
    phone: null,
    rating_avg: null,
    rating_count: 0,
    jobs_done: 0,
    ...NO_PROFILE,
  },
  start_code: null,
})

beforeAll(() => i18n.loadNamespaces(['myRequests', 'payments']))

const options = (online: PaymentOptionsResponse['online']): PaymentOptionsResponse => ({
  online,
  manual_methods: ['cash', 'upi-manual'],
})

/** The pay area with this online checkout offered (null: none), or with this handler answering the options. */
const renderCharges = (online: PaymentOptionsResponse['online'] | NonNullable<MockHandlers['paymentOptions']>) => {
  mockApi({ paymentOptions: typeof online === 'function' ? online : () => options(online) })
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

  it('says while the payment options load', async () => {
    let answer: (value: PaymentOptionsResponse) => void = () => undefined
    renderCharges(() => new Promise<PaymentOptionsResponse>((resolve) => (answer = resolve)))
    expect(await screen.findByText('Loading the ways to pay…', {}, slow)).toHaveAttribute('role', 'status')
    expect(screen.queryByText(/Pay the TownWorks office/)).not.toBeInTheDocument()
    answer(options(null))
    expect(await screen.findByText(/Pay the TownWorks office ₹500/, {}, slow)).toBeInTheDocument()
    expect(screen.queryByText('Loading the ways to pay…')).not.toBeInTheDocument()
  })

  it('when the options fail, names the reason and the office, and tries again on request', async () => {
    let calls = 0
    renderCharges(() => {
      calls += 1
      return calls === 1 ? refuse(429, anError('TOO_MANY_ATTEMPTS'), { 'retry-after': '120' }) : options('sandbox')
    })
    const alert = await screen.findByRole('alert', {}, slow)
    expect(alert).toHaveTextContent(
      'The payment options could not be loaded. You can pay the TownWorks office ₹500 in cash or UPI, or reload the page.',
    )
    expect(alert).toHaveTextContent(/try again in 2 minutes/i)
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('button', { name: 'Pay ₹500' }, slow)).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})

describe("My requests' receipts and invoices", () => {
  it("a paid task lists each document as a link to its PDF in the customer's language", async () => {
    mockApi({})
    await i18n.changeLanguage('te')
    try {
      renderWithRouter(
        <TaskCharges
          task={aMyRequestTask({
            status: 'payment_received',
            money_state: 'paid',
            paid_paise: 50_000,
            invoices: [
              {
                id: 7,
                kind: 'tax_invoice',
                number: 'TW/26-27/000007',
                total_paise: 50_000,
                issued_at: '2026-11-20T04:30:00.000Z',
              },
              {
                id: 9,
                kind: 'credit_note',
                number: 'CN/26-27/000002',
                total_paise: 50_000,
                issued_at: '2026-11-21T04:30:00.000Z',
              },
            ],
          })}
        />,
        { role: 'customer', path: '/my/requests' },
      )
      const invoice = await screen.findByRole('link', { name: /TW\/26-27\/000007/ }, slow)
      expect(invoice).toHaveAttribute('href', '/api/invoices/7/pdf?lang=te')
      expect(invoice).toHaveAttribute('download')
      expect(invoice).toHaveTextContent('పన్ను ఇన్‌వాయిస్')
      expect(screen.getByRole('link', { name: /CN\/26-27\/000002/ })).toHaveAttribute(
        'href',
        '/api/invoices/9/pdf?lang=te',
      )
    } finally {
      await i18n.changeLanguage('en')
    }
  })

  it('a task without a document shows no download', async () => {
    mockApi({})
    renderWithRouter(<TaskCharges task={aMyRequestTask({ status: 'payment_received', invoices: [] })} />, {
      role: 'customer',
      path: '/my/requests',
    })
    expect(await screen.findByText('Paid. Thank you!', {}, slow)).toBeInTheDocument()
    expect(screen.queryByRole('link')).not.toBeInTheDocument()
  })
})
