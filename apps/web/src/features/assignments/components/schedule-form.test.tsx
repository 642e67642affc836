import type { ServiceRequestDetail, WorkerSuggestionsResponse } from '@townworks/contract'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { renderWithRouter } from '../../../testing/render'
import { addDaysForTest } from './test-dates'
import { mockApi, refuse } from '../../../testing/api-mock'
import { aSuggestion, aWorkerService, noRequestExtras } from '../../../testing/fixtures'
import { pick, picker, pickerOptions } from '../../../testing/pickers'
import { ScheduleForm } from './schedule-form'
import { MantineScope } from '../../../lib/mantine'

beforeAll(() => i18n.loadNamespaces(['assignments', 'requests']))
// The form's schema (and zod) arrive by a dynamic import when the form is on screen (decision 055): fetched
// once here, so a busy machine's first import does not eat Testing Library's one-second wait.
beforeAll(() => import('../../../lib/form-resolvers'), 60_000)
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
  workers: [aSuggestion(7, 'Ravi Kumar', { phone_number: '+919000000000' })],
}
/** Everyone offering plumbing in Armoor: Ravi (free in the slot) and Sita (busy then). */
const workerServices = () => ({ workerServices: [aWorkerService(7, 'Ravi Kumar'), aWorkerService(8, 'Sita Devi')] })

/** Fill what every sendable schedule needs, Sita Devi (busy then) as the worker. */
async function fillBusySchedule(u: ReturnType<typeof userEvent.setup>) {
  await u.type(screen.getByLabelText(/^Task Name/), 'Fix tap')
  await u.selectOptions(screen.getByLabelText('Service'), 'Plumber')
  await u.selectOptions(screen.getByLabelText('Town'), 'Armoor')
  await fillSlot()
  await pick('Worker', /^Sita Devi/)
}

async function fillSlot() {
  fireEvent.change(screen.getByLabelText(/Assignment Date/), { target: { value: date } })
  fireEvent.change(screen.getByLabelText(/Start Time/), { target: { value: '10:00' } })
  fireEvent.change(screen.getByLabelText(/End Time/), { target: { value: '12:00' } })
}

const sujathasRequest: ServiceRequestDetail = {
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
  ...noRequestExtras(),
  customer: null,
  task_id: null,
  duplicate_of: null,
}

describe('Create Schedule', { timeout: 30_000 }, () => {
  it('shows the seed’s fields, a worker picker instead of a number, only the status a new task can have, and the button', async () => {
    mockApi({ workerServices })
    renderForm()
    for (const label of [
      'Task Name',
      'Service Description',
      'Assignment Date',
      'Start Time',
      'End Time',
      'Completion Date',
      'Status',
    ]) {
      expect(screen.getByLabelText(new RegExp(`^${label}`))).toBeInTheDocument()
    }
    expect(await picker('Worker')).toBeInTheDocument()
    const options = within(screen.getByLabelText(/^Status/)).getAllByRole('option') as HTMLOptionElement[]
    expect(options.map((o) => o.value)).toEqual(['assigned'])
    expect(screen.queryByLabelText(/\bid\b/i)).not.toBeInTheDocument()
    expect(document.querySelector('input[inputmode="numeric"], input[type="number"]')).toBeNull()
    expect(screen.getByRole('button', { name: 'Create Schedule' })).toBeInTheDocument()
  })

  it('validates before sending: task name, no worker, end before start', async () => {
    const { calls } = mockApi({ workerServices })
    renderForm()
    const u = userEvent.setup()
    fireEvent.change(screen.getByLabelText(/Start Time/), { target: { value: '12:00' } })
    fireEvent.change(screen.getByLabelText(/End Time/), { target: { value: '10:00' } })
    await u.click(screen.getByRole('button', { name: 'Create Schedule' }))
    expect(await screen.findByText('Enter a task name')).toBeInTheDocument()
    expect(screen.getByText('Choose a worker')).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('Some fields need attention')
    // Once each field is right on its own, the rules between fields are checked.
    await u.type(screen.getByLabelText(/^Task Name/), 'Fix tap')
    await pick('Worker', /^Ravi Kumar/)
    fireEvent.change(screen.getByLabelText(/Assignment Date/), { target: { value: date } })
    fireEvent.change(screen.getByLabelText(/^Completion Date/), { target: { value: '2020-01-01' } })
    await u.click(screen.getByRole('button', { name: 'Create Schedule' }))
    expect(await screen.findByText('End time must be after the start time')).toBeInTheDocument()
    expect(screen.getByText('Completion date cannot be before the assignment date')).toBeInTheDocument()
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)
  })

  it('a schedule that was created drops its banner when the next one has a problem', async () => {
    const { calls } = mockApi({
      workerServices,
      workerSuggestions: () => suggestions,
      schedule: () => ({ message: 'Schedule created', taskId: 40, assignmentId: 41 }),
    })
    renderForm()
    const u = userEvent.setup()
    await fillBusySchedule(u)
    await u.click(screen.getByRole('button', { name: 'Create Schedule' }))
    const banner = await screen.findByRole('status')
    // Named as a person names it (no request: the task's own number), with the way into its job.
    expect(banner).toHaveTextContent('#40 is scheduled.')
    expect(within(banner).getByRole('link', { name: 'Open the job' })).toHaveAttribute('href', '/jobs/40')
    // The form is empty again: sending it now is a problem, and the old banner goes.
    await u.click(screen.getByRole('button', { name: 'Create Schedule' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Some fields need attention')
    expect(screen.queryByText(/is scheduled/)).not.toBeInTheDocument()
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1)
  })

  it('suggests free workers once the slot is complete; choosing one sets the worker picker, which marks who is busy', async () => {
    const { calls } = mockApi({ workerSuggestions: () => suggestions, workerServices })
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
    expect(screen.getByText(/₹450 · \+91 90000 00000 · 1 job this week/)).toBeInTheDocument()
    await u.click(choose)
    expect(await picker('Worker')).toHaveValue('Ravi Kumar · Plumber · Armoor · free at this time')
    expect(screen.getByRole('button', { name: 'Ravi Kumar chosen' })).toHaveAttribute('aria-pressed', 'true')
    expect(await pickerOptions('Worker')).toEqual([
      'Ravi Kumar · Plumber · Armoor · free at this time',
      'Sita Devi · Plumber · Armoor · busy at this time',
    ])
  })

  it('says so when no worker is free', async () => {
    mockApi({ workerSuggestions: () => ({ workers: [] }), workerServices })
    renderForm()
    const u = userEvent.setup()
    await u.selectOptions(screen.getByLabelText('Service'), 'Plumber')
    await u.selectOptions(screen.getByLabelText('Town'), 'Armoor')
    await fillSlot()
    expect(await screen.findByText(/No worker offering this service in this town is free/)).toBeInTheDocument()
  })

  it('a double booking is shown in words beside the worker, and every value stays', async () => {
    const { calls } = mockApi({
      workerServices,
      workerSuggestions: () => suggestions,
      schedule: () =>
        refuse(409, {
          message: 'Sita Devi is already booked 09:00–11:00 that day (assignment 3)',
          code: 'DOUBLE_BOOKING',
          issues: [{ path: 'workerId', message: 'Busy at that time' }],
        }),
    })
    renderForm()
    const u = userEvent.setup()
    await fillBusySchedule(u)
    await u.click(screen.getByRole('button', { name: 'Create Schedule' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This worker is already booked at that time. Sita Devi is already booked 09:00–11:00',
    )
    expect((calls.find((c) => c.method === 'POST')!.body as { workerId: unknown }).workerId).toBe(8)
    expect(screen.getByText('Busy at that time')).toBeInTheDocument()
    expect(screen.getByLabelText(/^Task Name/)).toHaveValue('Fix tap')
    expect(await picker('Worker')).toHaveValue('Sita Devi · Plumber · Armoor · busy at this time')
  })

  it('no answer at all says No Server Response', async () => {
    mockApi({
      workerServices,
      workerSuggestions: () => suggestions,
      schedule: () => Promise.reject(new TypeError('Failed to fetch')),
    })
    renderForm()
    const u = userEvent.setup()
    await fillBusySchedule(u)
    await u.click(screen.getByRole('button', { name: 'Create Schedule' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('No Server Response')
  })

  it('from a request: pre-filled, service and town fixed, and the wire carries the seed’s names plus requestId', async () => {
    const { calls } = mockApi({
      getRequest: () => sujathasRequest,
      workerSuggestions: () => suggestions,
      workerServices,
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
    expect(await screen.findByRole('status')).toHaveTextContent('TW-000012 is scheduled.')
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

  it('from a request, in Telugu: the task and description name the service and town in Telugu', async () => {
    mockApi({ getRequest: () => sujathasRequest, workerSuggestions: () => suggestions, workerServices })
    await i18n.loadLanguages('te')
    await i18n.changeLanguage('te')
    try {
      renderForm(12)
      await waitFor(() => expect(screen.getByLabelText(/^పని పేరు/)).toHaveValue('Sujatha కోసం ప్లంబర్'))
      expect(screen.getByLabelText(/^సేవ వివరణ/)).toHaveValue(
        'ఆర్మూర్ లో Sujatha (+919949012345) కోసం ప్లంబర్, అభ్యర్థన TW-000012',
      )
    } finally {
      await i18n.changeLanguage('en')
    }
  })

  it('from a request: shows what the worker needs (address with Maps, landmark, problem, time of day, photo) in words', async () => {
    mockApi({
      getRequest: () => ({
        ...sujathasRequest,
        address: '12-3 Gandhi Road',
        landmark: 'near the Hanuman temple',
        description: 'The kitchen tap drips',
        problems: ['leak', 'tap_fitting'],
        time_window: 'morning',
        location: { lat: 18.79, lng: 78.29 },
        has_photo: true,
        preferred_worker: { id: 7, name: 'Ravi Kumar' },
      }),
      requestPhoto: () => ({ type: 'image/png', data: 'iVBORw0KGgo=' }),
      workerSuggestions: () => suggestions,
      workerServices,
    })
    renderForm(12)
    const details = await screen.findByTestId('request-details')
    expect(details).toHaveTextContent('12-3 Gandhi Road, near the Hanuman temple')
    expect(within(details).getByRole('link', { name: 'Open in Maps' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=18.79%2C78.29',
    )
    expect(details).toHaveTextContent('Leak · Tap fitting · The kitchen tap drips')
    expect(details).toHaveTextContent('Morning (8–12)')
    expect(details).toHaveTextContent('Ravi Kumar')
    const photo = await within(details).findByRole('img', { name: 'The customer’s photo for TW-000012' })
    expect(photo).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=')
    // The summary names the day, the number and the place as a person reads them, not as stored.
    const banner = screen.getByText(/^Sujatha, /)
    expect(banner).toHaveTextContent('+91 99490 12345')
    expect(banner).not.toHaveTextContent(date)
  })

  it('what the operator typed before the request arrived stays when the form is pre-filled from it', async () => {
    let arrive: () => void = () => undefined
    const arrived = new Promise<void>((resolve) => (arrive = resolve))
    mockApi({
      getRequest: async () => {
        await arrived
        return sujathasRequest
      },
      workerSuggestions: () => suggestions,
      workerServices,
    })
    renderForm(12)
    fireEvent.change(screen.getByLabelText(/Start Time/), { target: { value: '09:00' } })
    arrive()
    await waitFor(() => expect(screen.getByLabelText(/^Task Name/)).toHaveValue('Plumber for Sujatha'))
    expect(screen.getByLabelText(/Start Time/)).toHaveValue('09:00')
    expect(screen.getByLabelText(/^Assignment Date/)).toHaveValue(date)
  })
})

describe('Create Schedule: a materials order (decision 069)', { timeout: 30_000 }, () => {
  beforeAll(() => i18n.loadNamespaces(['quotes', 'workers']))

  /** Sujatha's order: 2 tractor loads of sand, delivered in Armoor. */
  const sandOrder: ServiceRequestDetail = {
    ...sujathasRequest,
    service: 'Sand Services',
    order: { quantity: 2, unit: 'tractor_load' },
  }
  const sand = { service_name: 'Sand Services' }
  const supplierSuggestions: WorkerSuggestionsResponse = {
    workers: [
      aSuggestion(21, 'Mallesh', { ...sand, price_paise: 450_000, unit: 'tractor_load', order_total_paise: 900_000 }),
      aSuggestion(23, 'Srinu', { ...sand, price_paise: 3_000, unit: 'cubic_foot', order_total_paise: null }),
    ],
  }
  const suppliers = () => ({
    workerServices: [
      aWorkerService(21, 'Mallesh', { ...sand, price_paise: 450_000, unit: 'tractor_load' }),
      aWorkerService(23, 'Srinu', { ...sand, price_paise: 3_000, unit: 'cubic_foot' }),
    ],
  })

  async function fillTimes() {
    fireEvent.change(screen.getByLabelText(/Start Time/), { target: { value: '10:00' } })
    fireEvent.change(screen.getByLabelText(/End Time/), { target: { value: '11:00' } })
  }

  it('says the order, and asks the suggestions cheapest first for its quantity and unit, each with the order’s total', async () => {
    const { calls } = mockApi({
      getRequest: () => sandOrder,
      workerSuggestions: () => supplierSuggestions,
      workerServices: suppliers,
    })
    renderForm(12)
    expect(await screen.findByTestId('schedule-order')).toHaveTextContent(
      'Materials order: 2 tractor loads, to deliver on that day.',
    )
    await fillTimes()
    await screen.findByRole('button', { name: 'Choose Mallesh' }, { timeout: 10_000 })
    const asked = calls.filter((c) => c.name === 'workerSuggestions').map((c) => Object.fromEntries(c.url.searchParams))
    // The picker and the worker list share one question: the order's, cheapest first.
    expect(new Set(asked.map((q) => JSON.stringify(q)))).toEqual(
      new Set([
        JSON.stringify({
          service: 'Sand Services',
          town: 'Armoor',
          date,
          startTime: '10:00',
          endTime: '11:00',
          sort: 'price',
          quantity: '2',
          unit: 'tractor_load',
        }),
      ]),
    )
    const list = within(screen.getByRole('region', { name: 'Suggested workers' }))
    const items = list.getAllByRole('listitem')
    await waitFor(() => expect(items[0]).toHaveTextContent('₹4,500 per tractor load · ₹9,000 for this order'))
    expect(items[0]).toHaveTextContent('Cheapest for this order')
    expect(items[1]).toHaveTextContent('₹30 per cubic foot: another unit — prepare a quote')
  })

  it('a request for a job asks the suggestions as before, with no order', async () => {
    const { calls } = mockApi({
      getRequest: () => sujathasRequest,
      workerSuggestions: () => suggestions,
      workerServices,
    })
    renderForm(12)
    await waitFor(() => expect(screen.getByLabelText(/^Task Name/)).toHaveValue('Plumber for Sujatha'))
    await fillTimes()
    await screen.findByRole('button', { name: 'Choose Ravi Kumar' }, { timeout: 10_000 })
    expect(screen.queryByTestId('schedule-order')).toBeNull()
    for (const call of calls.filter((c) => c.name === 'workerSuggestions')) {
      expect([...call.url.searchParams.keys()].sort()).toEqual(['date', 'endTime', 'service', 'startTime', 'town'])
    }
  })

  it('the server’s refusal of a supplier who prices another unit is said in words, as other refusals', async () => {
    mockApi({
      getRequest: () => sandOrder,
      workerSuggestions: () => supplierSuggestions,
      workerServices: suppliers,
      schedule: () =>
        refuse(409, {
          code: 'CONFLICT',
          message: 'Srinu prices Sand Services per cubic foot; this order is in tractor loads: prepare a quote',
          issues: [{ path: 'workerId', message: 'Prices per cubic foot' }],
        }),
    })
    renderForm(12)
    await screen.findByTestId('schedule-order')
    await fillTimes()
    const u = userEvent.setup()
    await u.click(await screen.findByRole('button', { name: 'Choose Srinu' }, { timeout: 10_000 }))
    await u.click(screen.getByRole('button', { name: 'Create Schedule' }))
    const refusal = await screen.findByText(/^This cannot be done now\./)
    expect(refusal).toHaveTextContent(
      'This cannot be done now. Srinu prices Sand Services per cubic foot; this order is in tractor loads: prepare a quote',
    )
    // Beside the worker, as a double booking is.
    expect(screen.getByText('Prices per cubic foot')).toBeVisible()
    expect(refusal.closest('[role="alert"]')).toHaveTextContent('The schedule was not created')
    // Nothing typed is lost: the chosen supplier stays.
    expect(screen.getByRole('button', { name: 'Srinu chosen' })).toBeInTheDocument()
  })
})
