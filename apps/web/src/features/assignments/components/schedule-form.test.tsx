import type { WorkerSuggestionsResponse } from '@townworks/contract'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { renderWithRouter } from '../../../testing/render'
import { addDaysForTest } from './test-dates'
import { mockApi, refuse } from '../../../testing/api-mock'
import { ScheduleForm } from './schedule-form'
import { MantineScope } from '../../../lib/mantine'

beforeAll(() => i18n.loadNamespaces('assignments'))
afterEach(() => vi.unstubAllGlobals())

const date = addDaysForTest(3)

function renderForm(requestId?: number) {
  return renderWithRouter(
    <MantineScope>
      <ScheduleForm requestId={requestId} />
    </MantineScope>,
    { role: 'operator' },
  )
}

const suggestions: WorkerSuggestionsResponse = {
  workers: [
    {
      worker_id: 7,
      name: 'Ravi Kumar',
      town: 'Armoor',
      service_name: 'Plumber',
      price: 450,
      price_paise: 45000,
      phone_number: '+919000000000',
      week_assignments: 1,
    },
  ],
}

async function fillSlot() {
  fireEvent.change(screen.getByLabelText(/Assignment Date/), { target: { value: date } })
  fireEvent.change(screen.getByLabelText(/Start Time/), { target: { value: '10:00' } })
  fireEvent.change(screen.getByLabelText(/End Time/), { target: { value: '12:00' } })
}

describe('Create Schedule', { timeout: 30_000 }, () => {
  it('shows the seed’s fields, the eight statuses with only Assigned selectable, and the button', () => {
    mockApi({})
    renderForm()
    for (const label of [
      'Task Name',
      'Service Description',
      'Worker ID',
      'Assignment Date',
      'Start Time',
      'End Time',
      'Completion Date',
      'Status',
    ]) {
      expect(screen.getByLabelText(new RegExp(`^${label}`))).toBeInTheDocument()
    }
    const options = within(screen.getByLabelText(/^Status/)).getAllByRole('option') as HTMLOptionElement[]
    expect(options.map((o) => o.value)).toEqual([
      'assigned',
      'work_inprogress',
      'work_pending',
      'work_completed',
      'payment_pending',
      'payment_received',
      'paid_to_worker',
      'task_completed',
    ])
    expect(options.filter((o) => !o.disabled).map((o) => o.value)).toEqual(['assigned'])
    expect(screen.getByRole('button', { name: 'Create Schedule' })).toBeInTheDocument()
  })

  it('validates before sending: task name, a worker id that is not a number, end before start', async () => {
    const { calls } = mockApi({})
    renderForm()
    const u = userEvent.setup()
    await u.type(screen.getByLabelText(/^Worker ID/), 'abc')
    fireEvent.change(screen.getByLabelText(/Start Time/), { target: { value: '12:00' } })
    fireEvent.change(screen.getByLabelText(/End Time/), { target: { value: '10:00' } })
    await u.click(screen.getByRole('button', { name: 'Create Schedule' }))
    expect(await screen.findByText('Enter a task name')).toBeInTheDocument()
    expect(screen.getByText('Worker ID must be a whole number, like 12')).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('Some fields need attention')
    expect(screen.getByLabelText(/^Worker ID/)).toHaveValue('abc')
    // Once each field is right on its own, the rules between fields are checked.
    await u.type(screen.getByLabelText(/^Task Name/), 'Fix tap')
    await u.clear(screen.getByLabelText(/^Worker ID/))
    await u.type(screen.getByLabelText(/^Worker ID/), '7')
    fireEvent.change(screen.getByLabelText(/Assignment Date/), { target: { value: date } })
    fireEvent.change(screen.getByLabelText(/^Completion Date/), { target: { value: '2020-01-01' } })
    await u.click(screen.getByRole('button', { name: 'Create Schedule' }))
    expect(await screen.findByText('End time must be after the start time')).toBeInTheDocument()
    expect(screen.getByText('Completion date cannot be before the assignment date')).toBeInTheDocument()
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)
  })

  it('suggests free workers once the slot is complete, and choosing one fills the Worker ID', async () => {
    const { calls } = mockApi({ workerSuggestions: () => suggestions })
    renderForm()
    expect(screen.getByText(/Choose the service, town, date/)).toBeInTheDocument()
    const u = userEvent.setup()
    await u.selectOptions(screen.getByLabelText('Service'), 'Plumber')
    await u.selectOptions(screen.getByLabelText('Town'), 'Armoor')
    await fillSlot()
    const choose = await screen.findByRole('button', { name: 'Choose Ravi Kumar' })
    const query = calls.find((c) => c.url.pathname === '/api/workers/suggestions')!.url.searchParams
    expect(Object.fromEntries(query)).toEqual({
      service: 'Plumber',
      town: 'Armoor',
      date,
      startTime: '10:00',
      endTime: '12:00',
    })
    expect(screen.getByText(/₹450 · \+919000000000 · 1 job this week/)).toBeInTheDocument()
    await u.click(choose)
    expect(screen.getByLabelText(/^Worker ID/)).toHaveValue('7')
    expect(screen.getByRole('button', { name: 'Ravi Kumar chosen' })).toHaveAttribute('aria-pressed', 'true')
  })

  it('says so when no worker is free', async () => {
    mockApi({ workerSuggestions: () => ({ workers: [] }) })
    renderForm()
    const u = userEvent.setup()
    await u.selectOptions(screen.getByLabelText('Service'), 'Plumber')
    await u.selectOptions(screen.getByLabelText('Town'), 'Armoor')
    await fillSlot()
    expect(await screen.findByText(/No worker offering this service in this town is free/)).toBeInTheDocument()
  })

  it('a double booking is shown in words beside the worker, and every value stays', async () => {
    mockApi({
      schedule: () =>
        refuse(409, {
          message: 'Ravi Kumar is already booked 09:00–11:00 that day (assignment 3)',
          code: 'DOUBLE_BOOKING',
          issues: [{ path: 'workerId', message: 'Busy at that time' }],
        }),
    })
    renderForm()
    const u = userEvent.setup()
    await u.type(screen.getByLabelText(/^Task Name/), 'Fix tap')
    await u.type(screen.getByLabelText(/^Worker ID/), '7')
    await fillSlot()
    await u.click(screen.getByRole('button', { name: 'Create Schedule' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This worker is already booked at that time. Ravi Kumar is already booked 09:00–11:00',
    )
    expect(screen.getByText('Busy at that time')).toBeInTheDocument()
    expect(screen.getByLabelText(/^Task Name/)).toHaveValue('Fix tap')
    expect(screen.getByLabelText(/^Worker ID/)).toHaveValue('7')
  })

  it('no answer at all says No Server Response', async () => {
    mockApi({ schedule: () => Promise.reject(new TypeError('Failed to fetch')) })
    renderForm()
    const u = userEvent.setup()
    await u.type(screen.getByLabelText(/^Task Name/), 'Fix tap')
    await u.type(screen.getByLabelText(/^Worker ID/), '7')
    await fillSlot()
    await u.click(screen.getByRole('button', { name: 'Create Schedule' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('No Server Response')
  })

  it('from a request: pre-filled, service and town fixed, and the wire carries the seed’s names plus requestId', async () => {
    const { calls } = mockApi({
      getRequest: () => ({
        id: 12,
        reference: 'TW-000012',
        name: 'Sujatha',
        phone: '+919949012345',
        email: null,
        service: 'Plumber',
        town: 'Armoor',
        service_date: date,
        state: 'open',
        reject_reason: null,
        created_at: '2030-01-01T00:00:00.000Z',
        customer: null,
        task_id: null,
        duplicate_of: null,
      }),
      workerSuggestions: () => suggestions,
      schedule: () => ({ message: 'Schedule created', taskId: 40, assignmentId: 41 }),
    })
    renderForm(12)
    await waitFor(() => expect(screen.getByLabelText(/^Task Name/)).toHaveValue('Plumber for Sujatha'))
    expect(screen.getByLabelText(/^Service Description/)).toHaveValue(
      'Plumber in Armoor for Sujatha (+919949012345), request TW-000012',
    )
    expect(screen.getByLabelText(/^Assignment Date/)).toHaveValue(date)
    expect(screen.getByLabelText('Service')).toBeDisabled()
    const u = userEvent.setup()
    fireEvent.change(screen.getByLabelText(/Start Time/), { target: { value: '10:00' } })
    fireEvent.change(screen.getByLabelText(/End Time/), { target: { value: '11:00' } })
    await u.click(await screen.findByRole('button', { name: 'Choose Ravi Kumar' }))
    await u.click(screen.getByRole('button', { name: 'Create Schedule' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Task 40 and assignment 41 are saved.')
    const sent = calls.find((c) => c.method === 'POST')!.body
    expect(sent).toEqual({
      taskName: 'Plumber for Sujatha',
      serviceDesc: 'Plumber in Armoor for Sujatha (+919949012345), request TW-000012',
      workerId: 7,
      date,
      startTime: '10:00:00',
      endTime: '11:00:00',
      completionDate: date,
      selectedStatus: 'assigned',
      requestId: 12,
      service: 'Plumber',
      town: 'Armoor',
    })
  })
})
