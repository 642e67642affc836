import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { JobResponse, WorkerSuggestion } from '@townworks/contract'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { MantineScope } from '../../../lib/mantine'
import { mockApi, refuse, type MockHandlers } from '../../../testing/api-mock'
import { aJob, aTaskPhoto } from '../../../testing/fixtures'
import { renderWithRouter } from '../../../testing/render'
import { JobView } from './job-view'

beforeAll(() => i18n.loadNamespaces(['jobs', 'assignments']))
afterEach(() => vi.unstubAllGlobals())

const suggestion = (overrides: Partial<WorkerSuggestion> = {}): WorkerSuggestion => ({
  worker_id: 3,
  name: 'Ravi Kumar',
  town: 'Nirmal',
  service_name: 'Plumber',
  price: 500,
  price_paise: 50_000,
  phone_number: '9876543210',
  week_assignments: 1,
  unit: null,
  order_total_paise: null,
  rating_avg: null,
  rating_count: 0,
  jobs_done: 0,
  ...overrides,
})

function setup(job: JobResponse, extra: MockHandlers = {}) {
  const mock = mockApi({ job: () => job, ...extra })
  renderWithRouter(
    <MantineScope>
      <JobView taskId={job.task.id} />
    </MantineScope>,
    { role: 'operator' },
  )
  return mock
}

describe('the job view', { timeout: 30_000 }, () => {
  it('names the job by its reference and shows the request, the worker with tap-to-call, and the time', async () => {
    setup(aJob())
    expect(await screen.findByRole('heading', { level: 2, name: /TW-000123/ })).toBeInTheDocument()
    const request = screen.getByRole('region', { name: 'Request' })
    expect(within(request).getByText('Lakshmi Devi')).toBeInTheDocument()
    expect(within(request).getByRole('link', { name: /Call Lakshmi Devi/ })).toHaveAttribute(
      'href',
      'tel:+919848012345',
    )
    expect(within(request).getByText('Leaks under the sink')).toBeInTheDocument()
    const worker = screen.getByRole('region', { name: 'Worker and time' })
    expect(within(worker).getByText('Ravi Kumar')).toBeInTheDocument()
    expect(within(worker).getByText('10:00–12:00')).toBeInTheDocument()
  })

  it('a materials order shows how much, for delivery', async () => {
    const sand = aJob()
    sand.request = { ...sand.request!, service: 'Sand Services', order: { quantity: 2, unit: 'tractor_load' } }
    setup(sand)
    const request = await screen.findByRole('region', { name: 'Request' })
    // The unit words (the quotes namespace) come a moment after the page: then the line reads whole.
    const order = within(request).getByTestId('job-request-order')
    await waitFor(() => expect(order).toHaveTextContent('2 tractor loads, for delivery'))
    expect(within(request).getByText('Order')).toBeInTheDocument()
  })

  it('the order in Telugu', async () => {
    const sand = aJob()
    sand.request = { ...sand.request!, service: 'Sand Services', order: { quantity: 2, unit: 'tractor_load' } }
    await i18n.loadLanguages('te')
    await i18n.changeLanguage('te')
    try {
      setup(sand)
      const order = await screen.findByTestId('job-request-order', {}, { timeout: 10_000 })
      await waitFor(() => expect(order).toHaveTextContent('2 ట్రాక్టర్ లోడ్లు, డెలివరీకి'))
    } finally {
      await i18n.changeLanguage('en')
    }
  })

  it('a job without an order has no order line', async () => {
    setup(aJob())
    await screen.findByRole('region', { name: 'Request' })
    expect(screen.queryByTestId('job-request-order')).toBeNull()
  })

  it('offers only the legal next steps as buttons, and sends the one chosen with the status it showed', async () => {
    // A job the office made without a request has no start code: Start work starts it.
    const { calls } = setup(aJob({ request: null }), {
      updateStatus: () => ({ message: 'ok', task_id: 45, status: 'work_inprogress', previous_status: 'assigned' }),
    })
    const status = await screen.findByRole('region', { name: 'Status' })
    const next = within(status).getByRole('group', { name: 'Next steps' })
    expect(
      within(next)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Start work', 'Cancel the job'])
    expect(within(status).getByText('Assigned').closest('li')).toHaveAttribute('aria-current', 'step')
    expect(within(status).queryByText('Set another status (admin)')).not.toBeInTheDocument()
    await userEvent.setup().click(within(next).getByRole('button', { name: 'Start work' }))
    await waitFor(() => expect(calls.some((c) => c.name === 'updateStatus')).toBe(true))
    expect(calls.find((c) => c.name === 'updateStatus')?.body).toEqual({
      status: 'work_inprogress',
      expected_status: 'assigned',
    })
  })

  it("starting a requested job asks why the customer's start code was not used, and sends it as the reason", async () => {
    const { calls } = setup(aJob(), {
      updateStatus: () => ({ message: 'ok', task_id: 45, status: 'work_inprogress', previous_status: 'assigned' }),
    })
    const u = userEvent.setup()
    const status = await screen.findByRole('region', { name: 'Status' })
    const start = within(status).getByRole('button', { name: 'Start work' })
    expect(start).toHaveAttribute('aria-expanded', 'false')
    await u.click(start)
    expect(start).toHaveAttribute('aria-expanded', 'true')
    const form = within(status).getByRole('form', { name: "Start the work without the customer's start code" })
    const reason = within(form).getByLabelText("Why start without the customer's start code?")
    expect(reason).toHaveFocus()
    expect(reason).toHaveAccessibleDescription(/e\.g\. the customer is away and a neighbour let the worker in/)
    // Nothing is sent without a reason.
    await u.click(within(form).getByRole('button', { name: 'Start work' }))
    expect(within(form).getByRole('alert')).toHaveTextContent('Give a reason of at least 3 characters.')
    expect(calls.filter((c) => c.name === 'updateStatus')).toHaveLength(0)
    await u.type(reason, 'Customer away; neighbour let the worker in')
    await u.click(within(form).getByRole('button', { name: 'Start work' }))
    await waitFor(() => expect(calls.some((c) => c.name === 'updateStatus')).toBe(true))
    expect(calls.find((c) => c.name === 'updateStatus')?.body).toEqual({
      status: 'work_inprogress',
      expected_status: 'assigned',
      reason: 'Customer away; neighbour let the worker in',
    })
  })

  it("Cancel puts the start's reason away and the focus back on Start work", async () => {
    setup(aJob())
    const u = userEvent.setup()
    const status = await screen.findByRole('region', { name: 'Status' })
    const start = within(status).getByRole('button', { name: 'Start work' })
    await u.click(start)
    await u.click(within(status).getByRole('button', { name: 'Cancel' }))
    expect(within(status).queryByRole('form')).not.toBeInTheDocument()
    expect(start).toHaveFocus()
  })

  it("a start with the customer's start code says so in the history", async () => {
    const started = aJob()
    started.task = { ...started.task, status: 'work_inprogress', next_statuses: ['work_pending', 'work_completed'] }
    started.history = [
      ...started.history,
      {
        id: 2,
        task_id: 45,
        status: 'work_inprogress',
        from_status: 'assigned',
        timestamp: '2026-11-21T10:02:00+05:30',
        notes: null,
        by: 'ravi',
        proof: 'start_code',
      },
    ]
    setup(started)
    const history = await screen.findByRole('region', { name: 'History' })
    const items = within(history).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(items[0]).not.toHaveTextContent('start code')
    expect(items[1]).toHaveTextContent("Started with the customer's start code")
  })

  it('says a paid job is paid, never that it owes', async () => {
    const paid = aJob()
    paid.money = { ...paid.money, state: 'paid', paid_paise: 50_000, balance_paise: 0 }
    setup(paid)
    const money = await screen.findByRole('region', { name: 'Charges and payments' })
    expect(within(money).getByText(/Paid in full/)).toHaveAttribute('data-money-state', 'paid')
    expect(within(money).queryByText(/owed/i)).not.toBeInTheDocument()
  })

  it('a job waiting for payment offers no status button for it, but the way to record the payment', async () => {
    const waiting = aJob()
    waiting.task = { ...waiting.task, status: 'payment_pending', next_statuses: [] }
    setup(waiting)
    const status = await screen.findByRole('region', { name: 'Status' })
    expect(within(status).queryByRole('button', { name: 'Payment received' })).not.toBeInTheDocument()
    expect(within(status).queryByText(/No further step/)).not.toBeInTheDocument()
    expect(within(status).getByRole('link', { name: 'Record the payment on Payouts' })).toHaveAttribute(
      'href',
      '/payouts?task=45',
    )
  })

  it('shows a load failure in words with a retry', async () => {
    setup(aJob(), { job: () => refuse(404, { message: 'No such task', code: 'NOT_FOUND' }) })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The job could not be loaded.')
    expect(within(alert).getByRole('button', { name: /retry|try again/i })).toBeInTheDocument()
  })

  it('refuses a clashing change of time with the worker named, and keeps what was typed', async () => {
    const { calls } = setup(aJob(), {
      workerSuggestions: () => ({ workers: [suggestion()] }),
      assignmentUpdate: () =>
        refuse(409, {
          message: 'Ravi Kumar is already booked 14:00–16:00 that day (assignment 7)',
          code: 'DOUBLE_BOOKING',
          details: { clash: { assignmentId: 7, startTime: '14:00:00', endTime: '16:00:00' } },
        }),
    })
    const u = userEvent.setup()
    await u.click(await screen.findByRole('button', { name: 'Change worker or time' }))
    // The form is a lazy chunk (with the picker): slow to import in jsdom on a busy machine.
    const start = await screen.findByLabelText('Start time', undefined, { timeout: 20_000 })
    await u.clear(start)
    await u.type(start, '14:30')
    const end = screen.getByLabelText('End time')
    await u.clear(end)
    await u.type(end, '15:30')
    await u.click(screen.getByRole('button', { name: 'Save the change' }))
    const alert = await screen.findByText(/Ravi Kumar is already booked 14:00–16:00 that day/)
    expect(alert).toHaveAttribute('role', 'alert')
    expect(screen.getByLabelText('Start time')).toHaveValue('14:30')
    const sent = calls.find((c) => c.name === 'assignmentUpdate')?.body as Record<string, unknown>
    expect(sent).toMatchObject({ assignment_id: 9, worker_id: 3, start_time: '14:30:00', end_time: '15:30:00' })
  })

  it('shows the photos of the work the worker sent, each a tap from full size; says so when there are none', async () => {
    const job = aJob()
    setup(job, {
      taskPhotos: () => ({
        photos: [
          aTaskPhoto({ id: 5, task_id: job.task.id }),
          aTaskPhoto({ id: 6, task_id: job.task.id, width: 900, height: 1600 }),
        ],
        max: 5,
        can_add: false,
      }),
    })
    const photos = await screen.findByRole('region', { name: 'Photos of the work' })
    const second = await within(photos).findByRole('img', {
      name: /^Photo 2 of 2 of the work, sent .*: open it full size$/,
    })
    expect(second).toHaveAttribute('src', '/api/task-photos/6')
    // Its own shape in the thumbnail's box: nothing jumps when it loads.
    expect(second).toHaveAttribute('width', '63')
    expect(second).toHaveAttribute('height', '112')
    expect(second.closest('a')).toHaveAttribute('target', '_blank')
    expect(within(photos).getByText('2 photos of at most 5.')).toBeInTheDocument()
  })

  it('says when the worker has sent no photos of the work', async () => {
    setup(aJob(), { taskPhotos: () => ({ photos: [], max: 5, can_add: false }) })
    const photos = await screen.findByRole('region', { name: 'Photos of the work' })
    expect(await within(photos).findByText('The worker has not sent photos of the work.')).toBeInTheDocument()
  })
})
