import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { AssignmentForm, Role, TaskStatus, TaskStatusesResponse } from '@townworks/contract'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { MantineScope } from '../../../lib/mantine'
import { renderWithRouter } from '../../../testing/render'
import { AssignmentUpdateForm } from './assignment-update-form'
import { mockApi, refuse, type MockHandlers } from '../../../testing/api-mock'
import { aJobSummary, aSuggestion, aWorkerService } from '../../../testing/fixtures'
import { pick, picker, pickerOptions } from '../../../testing/pickers'

beforeAll(() => i18n.loadNamespaces('assignments'))
// The form's schema (and zod) arrive by a dynamic import when the form is on screen (decision 055): fetched
// once here, so a busy machine's first import does not eat Testing Library's one-second wait.
beforeAll(() => import('../../../lib/form-resolvers'), 60_000)
afterEach(() => vi.unstubAllGlobals())

const statutes: TaskStatusesResponse = {
  statutes: [
    'assigned',
    'work_inprogress',
    'work_pending',
    'work_completed',
    'payment_pending',
    'payment_received',
    'paid_to_worker',
    'task_completed',
    'cancelled',
  ].map((s) => [s] as [TaskStatus]),
}
const form: AssignmentForm = {
  assignment_id: 5,
  task_id: 9,
  worker_id: 3,
  task_name: 'Fix the tap',
  service_desc: 'Leak',
  assignment_date: '2031-05-05',
  completion_date: null,
  start_time: '09:00',
  end_time: '10:30',
  status: 'assigned',
  service: 'Plumber',
  town: 'Armoor',
}

const summary = aJobSummary
const roster = aWorkerService
const suggestion = aSuggestion

function setup(withData: boolean, extra: MockHandlers = {}, role: Role = 'operator') {
  const mock = mockApi({
    assignmentSummaries: () => ({ summaries: withData ? [summary()] : [] }),
    taskSummaries: () => ({
      summaries: withData
        ? [summary({ id: 9 }), summary({ id: 12, task_id: 12, reference: 'TW-000130', worker_name: 'Sita Devi' })]
        : [],
    }),
    taskStatuses: () => statutes,
    taskDetails: () => ({ assignmentdetails: form }),
    // Ravi (the assignment's own worker) is free in its slot; Sita is busy then.
    workerSuggestions: () => ({ workers: [suggestion(3, 'Ravi Kumar')] }),
    workerServices: () => ({ workerServices: [roster(3, 'Ravi Kumar'), roster(4, 'Sita Devi')] }),
    ...extra,
  })
  renderWithRouter(
    <MantineScope>
      <AssignmentUpdateForm />
    </MantineScope>,
    { role },
  )
  return mock
}

const options = (label: RegExp | string) =>
  (within(screen.getByLabelText(label)).getAllByRole('option') as HTMLOptionElement[]).map((o) => [o.value, o.text])

async function chooseAssignment() {
  await pick('Assignment', /^TW-000123/)
  const worker = await picker('Worker')
  await waitFor(() => expect(worker).toHaveValue('Ravi Kumar · Plumber · Armoor · free at this time'), {
    timeout: 10_000,
  })
}

describe('Update Task Assignment', { timeout: 30_000 }, () => {
  it('names each assignment as a person does, searches on the server, and asks for no number', async () => {
    const { calls } = setup(true)
    expect(await pickerOptions('Assignment')).toEqual([
      expect.stringMatching(/^TW-000123 · Plumber · Armoor · Mon,? 5 May 09:00 · Ravi Kumar$/),
    ])
    await userEvent.setup().type(await picker('Assignment'), 'ravi')
    await waitFor(() =>
      expect(calls.some((c) => c.name === 'assignmentSummaries' && c.url.searchParams.get('q') === 'ravi')).toBe(true),
    )
    // No control is labelled as an id, and none takes a number.
    expect(screen.queryByLabelText(/\bid\b/i)).not.toBeInTheDocument()
    expect(document.querySelector('input[inputmode="numeric"], input[type="number"]')).toBeNull()
    expect(screen.getByRole('button', { name: 'Update Task Assignment' })).toBeDisabled()
  })

  it('choosing an assignment fills the form, names its task and worker; the status offers only what the machine allows an operator', async () => {
    setup(true)
    await chooseAssignment()
    expect((screen.getByRole('combobox', { name: 'Task' }) as HTMLInputElement).value).toMatch(/^TW-000123 · Plumber/)
    expect(screen.getByPlaceholderText('Service Description')).toHaveValue('Leak')
    expect(screen.getByLabelText(/^Start Time/)).toHaveValue('09:00')
    expect(options(/^Status/).map(([v]) => v)).toEqual(['', 'assigned', 'work_inprogress', 'cancelled'])
    // Free in the slot first, the busy one marked so.
    expect(await pickerOptions('Worker')).toEqual([
      'Ravi Kumar · Plumber · Armoor · free at this time',
      'Sita Devi · Plumber · Armoor · busy at this time',
    ])
  })

  it('sends the ids of what was chosen, times as HH:MM:SS and worker_id as an integer, and confirms', async () => {
    const { calls } = setup(true, {
      assignmentUpdate: () => ({
        message: 'Assignment updated',
        assignment_id: 5,
        task_id: 12,
        status: 'work_inprogress',
      }),
    })
    const u = userEvent.setup()
    await chooseAssignment()
    await pick('Task', /^TW-000130/)
    await pick('Worker', /^Sita Devi/)
    fireEvent.change(screen.getByLabelText(/^End Time/), { target: { value: '11:15' } })
    await u.selectOptions(screen.getByLabelText(/^Status/), 'work_inprogress')
    // The office starts the work without the customer's start code: the form asks why (issue 21).
    await u.type(
      screen.getByLabelText(/^Why start without the customer's start code\?/),
      'The customer is away; a neighbour let the worker in',
    )
    await u.click(screen.getByRole('button', { name: 'Update Task Assignment' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Assignment 5 saved. Status: Work in progress.')
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      assignment_id: 5,
      task_id: 12,
      worker_id: 4,
      service_desc: 'Leak',
      assignment_date: '2031-05-05',
      completion_date: null,
      start_time: '09:00:00',
      end_time: '11:15:00',
      status: 'work_inprogress',
      expected_status: 'assigned',
      reason: 'The customer is away; a neighbour let the worker in',
    })
  })

  it("starting the work asks why the customer's start code was not used, and sends nothing without it", async () => {
    const { calls } = setup(true)
    const u = userEvent.setup()
    await chooseAssignment()
    expect(screen.queryByLabelText(/^Why start without/)).not.toBeInTheDocument()
    await u.selectOptions(screen.getByLabelText(/^Status/), 'work_inprogress')
    const reason = screen.getByLabelText(/^Why start without the customer's start code\?/)
    expect(reason).toHaveAccessibleDescription(/e\.g\. the customer is away and a neighbour let the worker in/)
    await u.click(screen.getByRole('button', { name: 'Update Task Assignment' }))
    expect(await screen.findByText('Say why, in a few words (at least 3 letters)')).toBeInTheDocument()
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0)
  })

  it('a form that saved drops its Saved banner when the next try has a problem', async () => {
    const { calls } = setup(true, {
      assignmentUpdate: () => ({ message: 'Assignment updated', assignment_id: 5, task_id: 9, status: 'assigned' }),
    })
    const u = userEvent.setup()
    await chooseAssignment()
    await u.click(screen.getByRole('button', { name: 'Update Task Assignment' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Assignment 5 saved.')
    fireEvent.change(screen.getByLabelText(/^End Time/), { target: { value: '08:00' } })
    await u.click(screen.getByRole('button', { name: 'Update Task Assignment' }))
    expect(await screen.findByText('Some fields need attention: see the messages beside them.')).toBeInTheDocument()
    expect(screen.queryByText(/Assignment 5 saved/)).not.toBeInTheDocument()
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1)
  })

  it('a refusal is shown in words and the chosen worker stays', async () => {
    setup(true, {
      assignmentUpdate: () =>
        refuse(409, {
          message: 'Sita Devi is already booked 10:00–12:00 that day (assignment 8)',
          code: 'DOUBLE_BOOKING',
          issues: [{ path: 'workerId', message: 'Busy at that time' }],
        }),
    })
    const u = userEvent.setup()
    await chooseAssignment()
    await pick('Worker', /^Sita Devi/)
    await u.click(screen.getByRole('button', { name: 'Update Task Assignment' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('This worker is already booked at that time.')
    expect(screen.getByText('Busy at that time')).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Worker' })).toHaveValue(
      'Sita Devi · Plumber · Armoor · busy at this time',
    )
  })

  it('an admin sees every status, and an override asks for a reason', async () => {
    const { calls } = setup(true, {}, 'admin')
    const u = userEvent.setup()
    await chooseAssignment()
    await waitFor(() => expect(options(/^Status/)).toHaveLength(10))
    await u.selectOptions(screen.getByLabelText(/^Status/), 'task_completed')
    await u.click(screen.getByRole('button', { name: 'Update Task Assignment' }))
    expect(await screen.findByText('Say why, in a few words (at least 3 letters)')).toBeInTheDocument()
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0)
  })
})
