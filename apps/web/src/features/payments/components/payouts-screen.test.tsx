import type { OwedResponse, TaskCharges, WorkerOwed } from '@townworks/contract'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { MantineScope } from '../../../lib/mantine'
import { mockApi, type MockHandlers } from '../../../testing/api-mock'
import { aJobSummary, aPayment } from '../../../testing/fixtures'
import { renderWithRouter } from '../../../testing/render'
import { PayoutsScreen } from './payouts-screen'

vi.setConfig({ testTimeout: 30_000 })
const slow = { timeout: 10_000 }

beforeAll(() => i18n.loadNamespaces(['payments', 'common']))

/** What a worker is owed, once their customer paid: task 52 (₹405 to Ravi Kumar). */
const ravi: WorkerOwed = {
  worker_id: 3,
  name: 'Ravi Kumar',
  owed_paise: 40_500,
  paid_paise: 0,
  tasks: [
    {
      task_id: 52,
      task_name: 'Fix the tap',
      status: 'payment_received',
      amount_paise: 40_500,
      paid_at: '2026-11-25T06:00:00.000Z',
      balance_paise: 0,
      payment_mismatch: null,
      photo_count: 2,
    },
  ],
}

/** The screen's calls: `workers` owed, one online payment to give back (9, for task 41), which a refund clears. */
function stubPayouts(workers: WorkerOwed[] = [], extra: MockHandlers = {}) {
  let owed: OwedResponse = {
    workers,
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
    ...extra,
    payoutsOwed: () => owed,
    listPayouts: () => ({ payouts: [] }),
    createPayout: ({ body }) => {
      owed = { ...owed, workers: [] }
      return {
        message: 'Payout recorded',
        payout: {
          id: 1,
          worker_id: body.worker_id,
          worker_name: 'Ravi Kumar',
          amount_paise: body.amount_paise ?? 0,
          method: body.method,
          reference: body.reference ?? null,
          recorded_by: 'sita',
          created_at: '2026-11-25T07:00:00.000Z',
          tasks: [{ task_id: 52, task_name: 'Fix the tap', amount_paise: 40_500 }],
        },
      }
    },
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

const renderScreen = (role: 'admin' | 'operator', taskId?: number) =>
  renderWithRouter(
    <MantineScope>
      <PayoutsScreen taskId={taskId} />
    </MantineScope>,
    { role, path: '/payouts' },
  )

/** Task 45, done and waiting for the customer's ₹500. */
const waiting: TaskCharges = {
  task_id: 45,
  task_name: 'Fix the kitchen tap',
  status: 'payment_pending',
  price_paise: 50_000,
  line_items: [],
  total_paise: 50_000,
  price_changes: [],
  payments: [],
  paid_paise: 0,
  balance_paise: null,
  payment_mismatch: null,
  refund_due_paise: 0,
}

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

  it("records a worker's payout with how it was paid and its reference", async () => {
    const { calls } = stubPayouts([ravi])
    renderScreen('operator')
    const card = await screen.findByRole('article', { name: 'Ravi Kumar' }, slow)
    await userEvent.selectOptions(within(card).getByLabelText('Method'), 'Bank transfer')
    const reference = within(card).getByLabelText('Reference (UTR, receipt number)')
    expect(reference).toHaveAttribute('maxLength', '200')
    await userEvent.type(reference, 'UTR 4711')
    await userEvent.click(within(card).getByRole('button', { name: 'Record payout of ₹405' }))
    expect(
      await screen.findByText('Payout of ₹405 to Ravi Kumar recorded. Its tasks are completed.', {}, slow),
    ).toBeInTheDocument()
    expect(calls.filter((c) => c.name === 'createPayout').map((c) => c.body)).toEqual([
      { worker_id: 3, task_ids: [52], method: 'bank', amount_paise: 40_500, reference: 'UTR 4711' },
    ])
  })

  it('shows how many photos of the work each owed task has, before the payout is recorded', async () => {
    stubPayouts([{ ...ravi, tasks: [...ravi.tasks, { ...ravi.tasks[0]!, task_id: 53, photo_count: 0 }] }])
    renderScreen('operator')
    const card = await screen.findByRole('article', { name: 'Ravi Kumar' }, slow)
    expect(within(card).getByRole('columnheader', { name: /Photos of the work/ })).toBeInTheDocument()
    expect(within(card).getByText('2 photos')).toBeInTheDocument()
    expect(within(card).getByText('No photos')).toBeInTheDocument()
  })
})

describe('the job page’s “Record the payment” opens Payouts with its task chosen', () => {
  it('/payouts?task=45 shows task 45 by its reference with what it owes, ready to record', async () => {
    const { calls } = stubPayouts([], {
      taskSummaries: () => ({ summaries: [aJobSummary({ id: 45, task_id: 45, reference: 'TW-000123' })] }),
      taskCharges: () => ({ charges: waiting }),
    })
    renderScreen('operator', 45)
    const panel = await screen.findByRole('region', { name: 'Payment received by hand' }, slow)
    expect(await within(panel).findByText('Task TW-000123 · Fix the kitchen tap', {}, slow)).toBeInTheDocument()
    expect(within(panel).getByRole('button', { name: 'Record ₹500 received' })).toBeInTheDocument()
    expect(calls.filter((c) => c.name === 'taskCharges').map((c) => c.url.pathname)).toEqual(['/api/tasks/45/charges'])
  })
})
