import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Role, TaskStatus } from '@townworks/contract'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { MantineScope } from '../../../lib/mantine'
import { mockApi, refuse, type MockHandlers } from '../../../testing/api-mock'
import { aJobSummary, aStatusChange, aTask, anError } from '../../../testing/fixtures'
import { pick, pickerOptions } from '../../../testing/pickers'
import { renderWithRouter } from '../../../testing/render'
import { StatusUpdatePanel } from './status-update-panel'

beforeAll(() => i18n.loadNamespaces('assignments'))
afterEach(() => vi.unstubAllGlobals())

function setup(status: TaskStatus, extra: MockHandlers = {}, role: Role = 'operator') {
  let current = status
  const mock = mockApi({
    assignmentSummaries: () => ({
      summaries: [
        aJobSummary({
          id: 4,
          assignment_id: 4,
          task_id: 11,
          reference: 'TW-000140',
          task_name: 'Paint the wall',
          service: 'Painter',
        }),
        aJobSummary({ id: 2, assignment_id: 2, reference: 'TW-000120' }),
      ],
    }),
    assignmentTask: () => aTask({ status: current }),
    ...extra,
  })
  renderWithRouter(
    <MantineScope>
      <StatusUpdatePanel />
    </MantineScope>,
    { role },
  )
  return { ...mock, move: (s: TaskStatus) => (current = s) }
}

const optionValues = (label: string) =>
  (within(screen.getByLabelText(label)).getAllByRole('option') as HTMLOptionElement[]).map((o) => o.value)

async function choose(_u?: ReturnType<typeof userEvent.setup>) {
  await pick('Assignment', /^TW-000140/)
  await screen.findByText('Paint the wall')
}

describe('Assignment Status Update', { timeout: 30_000 }, () => {
  it('lists assignments as a person names them and asks for the task of the one chosen by its id', async () => {
    const { calls } = setup('assigned')
    expect(await pickerOptions('Assignment')).toEqual([
      expect.stringMatching(/^TW-000140 · Painter · Armoor · Mon,? 5 May 09:00 · Ravi Kumar$/),
      expect.stringMatching(/^TW-000120 · Plumber · Armoor/),
    ])
    await choose()
    expect(calls.filter((c) => c.name === 'assignmentTask').map((c) => c.url.pathname)).toEqual(['/api/task-details/4'])
    expect(screen.queryByLabelText(/\bid\b/i)).not.toBeInTheDocument()
  })

  it('shows the task read-only and offers only the transitions allowed from its status', async () => {
    setup('work_inprogress')
    const u = userEvent.setup()
    await choose(u)
    // The task is named by its reference: no number to know.
    expect(screen.getByText('TW-000140')).toBeInTheDocument()
    expect(screen.getByTestId('current-status')).toHaveTextContent('Work in progress')
    expect(optionValues('New status')).toEqual(['', 'work_pending', 'work_completed'])
    expect(screen.getByRole('button', { name: 'Update Status' })).toBeDisabled()
  })

  it('waits for the answer, confirms, and shows the new status', async () => {
    const state = setup('work_inprogress', {
      updateStatus: () => {
        state.move('work_completed')
        return aStatusChange('work_inprogress', 'work_completed')
      },
    })
    const u = userEvent.setup()
    await choose(u)
    await u.selectOptions(screen.getByLabelText('New status'), 'work_completed')
    expect(screen.queryByLabelText(/reason|why/i)).not.toBeInTheDocument()
    await u.click(screen.getByRole('button', { name: 'Update Status' }))
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Task TW-000140 moved from Work in progress to Work completed.',
    )
    await waitFor(() => expect(screen.getByTestId('current-status')).toHaveTextContent('Work completed'))
    expect(state.calls.find((c) => c.method === 'PUT')!.body).toEqual({
      status: 'work_completed',
      expectedStatus: 'work_inprogress',
    })
  })

  it("the office starting the work says why the customer's start code was not used, and sends the reason", async () => {
    const state = setup('assigned', {
      updateStatus: () => {
        state.move('work_inprogress')
        return aStatusChange('assigned', 'work_inprogress')
      },
    })
    const u = userEvent.setup()
    await choose(u)
    expect(screen.queryByLabelText(/^Why start without/)).not.toBeInTheDocument()
    await u.selectOptions(screen.getByLabelText('New status'), 'work_inprogress')
    const reason = screen.getByLabelText(/^Why start without the customer's start code\?/)
    expect(reason).toHaveAccessibleDescription(/e\.g\. the customer is away and a neighbour let the worker in/)
    // No reason: nothing is sent, and the field says what it needs.
    await u.click(screen.getByRole('button', { name: 'Update Status' }))
    expect(await screen.findByText('Say why, in a few words (at least 3 letters)')).toBeInTheDocument()
    expect(state.calls.filter((c) => c.method === 'PUT')).toHaveLength(0)
    await u.type(reason, '  Customer away, neighbour let him in  ')
    await u.click(screen.getByRole('button', { name: 'Update Status' }))
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Task TW-000140 moved from Assigned to Work in progress.',
    )
    expect(state.calls.find((c) => c.method === 'PUT')!.body).toEqual({
      status: 'work_inprogress',
      expectedStatus: 'assigned',
      reason: 'Customer away, neighbour let him in',
    })
  })

  it('a stale change (409) says where the task is now and where it may go, in words', async () => {
    const state = setup('assigned', {
      updateStatus: () => {
        state.move('work_completed')
        return refuse(409, anError('STALE_STATUS', 'Someone else moved this task first'))
      },
    })
    const u = userEvent.setup()
    await choose(u)
    await u.selectOptions(screen.getByLabelText('New status'), 'cancelled')
    await u.click(screen.getByRole('button', { name: 'Update Status' }))
    await waitFor(() =>
      expect(screen.getByText(/Someone else changed this task first/)).toHaveTextContent(
        'Someone else changed this task first: it is now Work completed. From here it may move to: Work in progress or Payment due.',
      ),
    )
  })

  it('a final status offers nothing to an operator; an admin may override with a reason', async () => {
    setup('task_completed', {}, 'operator')
    const u = userEvent.setup()
    await choose(u)
    expect(screen.getByText('Completed is final: there is no next status.')).toBeInTheDocument()
    expect(screen.queryByLabelText('Override the usual order')).not.toBeInTheDocument()
  })

  it('a task waiting for payment offers no status: the payment is recorded on Payouts instead', async () => {
    setup('payment_pending')
    await choose()
    expect(screen.queryByLabelText('New status')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Record the payment on Payouts' })).toHaveAttribute(
      'href',
      `/payouts?task=${aTask().task_id}`,
    )
  })

  it('an admin override needs a reason before anything is sent', async () => {
    const { calls } = setup('task_completed', {}, 'admin')
    const u = userEvent.setup()
    await choose(u)
    await u.click(screen.getByLabelText('Override the usual order'))
    await u.selectOptions(screen.getByLabelText('New status'), 'work_inprogress')
    await u.click(screen.getByRole('button', { name: 'Update Status' }))
    expect(await screen.findByText('Say why, in a few words (at least 3 letters)')).toBeInTheDocument()
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0)
  })
})
