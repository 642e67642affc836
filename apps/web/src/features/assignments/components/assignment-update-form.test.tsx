import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { AssignmentForm, Role, TaskStatus, TaskStatusesResponse } from '@townworks/contract'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { MantineScope } from '../../../lib/mantine'
import { renderWithRouter } from '../../../testing/render'
import { AssignmentUpdateForm } from './assignment-update-form'
import { mockApi, refuse, type MockHandlers } from '../../../testing/api-mock'

beforeAll(() => i18n.loadNamespaces('assignments'))
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

function setup(withData: boolean, extra: MockHandlers = {}, role: Role = 'operator') {
  const mock = mockApi({
    assignments: () => ({ assignments: withData ? [[5, 9, 3, 'Fix the tap', 'assigned']] : [] }),
    taskIds: () => ({ task_ids: withData ? [[9, 'Fix the tap', 'assigned']] : [] }),
    taskStatuses: () => statutes,
    taskDetails: () => ({ assignmentdetails: form }),
    workerSuggestions: () => ({ workers: [] }),
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

describe('Update Task Assignment', { timeout: 30_000 }, () => {
  it('shows the seed’s empty states: one option each, value default', async () => {
    setup(false)
    await waitFor(() => expect(options('Assignment Id')).toEqual([['default', 'No assignments available']]))
    await waitFor(() => expect(options('Task ID')).toEqual([['default', 'No tasks available']]))
    expect(screen.getByPlaceholderText('Worker ID')).toBeInTheDocument()
    expect(screen.getByPlaceholderText('Service Description')).toBeInTheDocument()
    expect(screen.getByLabelText(/^Status/)).toHaveDisplayValue('Select a assignment Status...')
    expect(screen.getByRole('button', { name: 'Update Task Assignment' })).toBeDisabled()
  })

  it('choosing an assignment fills the form; the status offers only what the machine allows an operator', async () => {
    setup(true)
    await waitFor(() => expect(options('Assignment Id')[0]).toEqual(['', 'Select an assignment Id...']))
    expect(options('Task ID')[0]).toEqual(['', 'Select a task Id...'])
    await userEvent.setup().selectOptions(screen.getByLabelText('Assignment Id'), '5')
    await waitFor(() => expect(screen.getByPlaceholderText('Worker ID')).toHaveValue('3'))
    expect(screen.getByLabelText('Task ID')).toHaveValue('9')
    expect(screen.getByPlaceholderText('Service Description')).toHaveValue('Leak')
    expect(screen.getByLabelText(/^Start Time/)).toHaveValue('09:00')
    expect(options(/^Status/).map(([v]) => v)).toEqual(['', 'assigned', 'work_inprogress', 'cancelled'])
  })

  it('a worker_id that is not a number is an error beside the field, and nothing is sent', async () => {
    const { calls } = setup(true)
    const u = userEvent.setup()
    await waitFor(() => expect(options('Assignment Id').length).toBe(2))
    await u.selectOptions(screen.getByLabelText('Assignment Id'), '5')
    await waitFor(() => expect(screen.getByPlaceholderText('Worker ID')).toHaveValue('3'))
    await u.clear(screen.getByPlaceholderText('Worker ID'))
    await u.type(screen.getByPlaceholderText('Worker ID'), 'three')
    await u.click(screen.getByRole('button', { name: 'Update Task Assignment' }))
    expect(await screen.findByText('Worker ID must be a whole number, like 12')).toBeInTheDocument()
    expect(screen.getByPlaceholderText('Worker ID')).toHaveAttribute('aria-invalid', 'true')
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0)
  })

  it('sends times as HH:MM:SS and worker_id as an integer, and confirms', async () => {
    const { calls } = setup(true, {
      assignmentUpdate: () => ({
        message: 'Assignment updated',
        assignment_id: 5,
        task_id: 9,
        status: 'work_inprogress',
      }),
    })
    const u = userEvent.setup()
    await waitFor(() => expect(options('Assignment Id').length).toBe(2))
    await u.selectOptions(screen.getByLabelText('Assignment Id'), '5')
    await waitFor(() => expect(screen.getByPlaceholderText('Worker ID')).toHaveValue('3'))
    fireEvent.change(screen.getByLabelText(/^End Time/), { target: { value: '11:15' } })
    await u.selectOptions(screen.getByLabelText(/^Status/), 'work_inprogress')
    await u.click(screen.getByRole('button', { name: 'Update Task Assignment' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Assignment 5 saved. Status: Work in progress.')
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      assignment_id: 5,
      task_id: 9,
      worker_id: 3,
      service_desc: 'Leak',
      assignment_date: '2031-05-05',
      completion_date: null,
      start_time: '09:00:00',
      end_time: '11:15:00',
      status: 'work_inprogress',
      expected_status: 'assigned',
    })
  })

  it('a refusal is shown in words and the typed values stay', async () => {
    setup(true, {
      assignmentUpdate: () =>
        refuse(409, {
          message: 'Ravi Kumar is already booked 10:00–12:00 that day (assignment 8)',
          code: 'DOUBLE_BOOKING',
          issues: [{ path: 'workerId', message: 'Busy at that time' }],
        }),
    })
    const u = userEvent.setup()
    await waitFor(() => expect(options('Assignment Id').length).toBe(2))
    await u.selectOptions(screen.getByLabelText('Assignment Id'), '5')
    await waitFor(() => expect(screen.getByPlaceholderText('Worker ID')).toHaveValue('3'))
    await u.clear(screen.getByPlaceholderText('Worker ID'))
    await u.type(screen.getByPlaceholderText('Worker ID'), '4')
    await u.click(screen.getByRole('button', { name: 'Update Task Assignment' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('This worker is already booked at that time.')
    expect(screen.getByText('Busy at that time')).toBeInTheDocument()
    expect(screen.getByPlaceholderText('Worker ID')).toHaveValue('4')
  })

  it('an admin sees every status, and an override asks for a reason', async () => {
    const { calls } = setup(true, {}, 'admin')
    const u = userEvent.setup()
    await waitFor(() => expect(options('Assignment Id').length).toBe(2))
    await u.selectOptions(screen.getByLabelText('Assignment Id'), '5')
    await waitFor(() => expect(options(/^Status/)).toHaveLength(10))
    await u.selectOptions(screen.getByLabelText(/^Status/), 'task_completed')
    await u.click(screen.getByRole('button', { name: 'Update Task Assignment' }))
    expect(await screen.findByText('Say why, in a few words (at least 3 letters)')).toBeInTheDocument()
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0)
  })
})
