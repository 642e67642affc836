import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Board } from '@townworks/contract'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { mockApi, refuse } from '../../../testing/api-mock'
import { renderWithRouter } from '../../../testing/render'
import { BoardScreen } from './board-screen'

vi.setConfig({ testTimeout: 30_000 })
/** The first answer of a test waits longer: the board's code and words load first (a loaded machine). */
const slow = { timeout: 10_000 }

const DAY = '2031-03-04'

function board(): Board {
  return {
    from: DAY,
    to: DAY,
    workers: [
      {
        worker_id: 1,
        name: 'Ravi Kumar',
        town: 'Nirmal',
        services: ['Plumber'],
        has_hours: true,
        hours: [{ date: DAY, start_time: '09:00:00', end_time: '18:00:00' }],
        days_off: [],
      },
      {
        worker_id: 2,
        name: 'Srinivas Reddy',
        town: 'Nirmal',
        services: ['Plumber'],
        has_hours: true,
        hours: [],
        days_off: [DAY],
      },
    ],
    blocks: [
      {
        assignment_id: 11,
        task_id: 21,
        worker_id: 1,
        reference: 'TW-000031',
        task_name: 'Plumber for Sujatha',
        service_desc: 'Leaking tap',
        status: 'work_inprogress',
        date: DAY,
        start_time: '10:00:00',
        end_time: '12:00:00',
        completion_date: null,
        town: 'Nirmal',
        service: 'Plumber',
      },
    ],
    unassigned: [
      {
        request_id: 41,
        reference: 'TW-000041',
        name: 'Lakshmi',
        town: 'Nirmal',
        service: 'Plumber',
        service_date: DAY,
        time_window: 'morning',
        description: 'No water',
      },
    ],
    unassigned_total: 1,
  }
}

/** A stand-in EventSource the test drives: `emit('board')` is a notice from the server. */
class FakeEventSource {
  static last: FakeEventSource | undefined
  static readonly CLOSED = 2
  readyState = 1
  onerror: (() => void) | null = null
  private listeners = new Map<string, ((e: MessageEvent) => void)[]>()
  constructor(readonly url: string) {
    FakeEventSource.last = this
  }
  addEventListener(name: string, listener: (e: MessageEvent) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener])
  }
  emit(name: string, data: unknown) {
    for (const l of this.listeners.get(name) ?? []) l(new MessageEvent(name, { data: JSON.stringify(data) }))
  }
  close() {
    this.readyState = FakeEventSource.CLOSED
  }
}

beforeAll(() => i18n.loadNamespaces('board'))
afterEach(() => vi.unstubAllGlobals())

function renderBoard(handlers: Parameters<typeof mockApi>[0] = {}) {
  vi.stubGlobal('EventSource', FakeEventSource)
  const mock = mockApi({ board: () => board(), ...handlers })
  renderWithRouter(<BoardScreen />, { role: 'operator', path: `/board?date=${DAY}` })
  return mock
}

describe('the dispatch board', () => {
  it('draws a row per worker, each booking as a block that says its time, reference, place and status in words', async () => {
    const mock = renderBoard()
    const ravi = await screen.findByRole('group', { name: 'Ravi Kumar' }, slow)
    const block = within(ravi).getByRole('button', { name: /TW-000031/ })
    expect(block).toHaveAccessibleName('10:00–12:00, TW-000031, Plumber, Nirmal, Work in progress. Move')
    expect(block).toHaveTextContent('Work in progress')
    expect(within(screen.getByRole('group', { name: 'Srinivas Reddy' })).getByText('Day off')).toBeInTheDocument()
    const column = screen.getByRole('region', { name: 'Unassigned requests (1)' })
    expect(within(column).getByRole('button', { name: /TW-000041 Lakshmi/ })).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Board: workers and their bookings' })).toHaveAttribute('tabindex', '0')
    expect(mock.calls[0]?.url.search).toBe(`?from=${DAY}&to=${DAY}`)
  })

  it('keyboard path: a block, then worker and time from lists, then Move sends the same call as the form', async () => {
    const user = userEvent.setup()
    const mock = renderBoard({
      assignmentUpdate: () => ({
        message: 'Assignment updated',
        assignment_id: 11,
        task_id: 21,
        status: 'work_inprogress',
      }),
    })
    await user.click(await screen.findByRole('button', { name: /TW-000031/ }, slow))
    const dialog = screen.getByRole('dialog', { name: 'Move TW-000031' })
    await user.selectOptions(within(dialog).getByLabelText('Worker'), 'Srinivas Reddy')
    await user.selectOptions(within(dialog).getByLabelText('Start time'), '14:30')
    await user.click(within(dialog).getByRole('button', { name: 'Move' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(mock.calls.find((c) => c.name === 'assignmentUpdate')?.body).toEqual({
      assignment_id: 11,
      worker_id: 2,
      service_desc: 'Leaking tap',
      assignment_date: DAY,
      start_time: '14:30:00',
      end_time: '16:30:00',
      completion_date: null,
      expected_status: 'work_inprogress',
    })
    expect(await screen.findByRole('status')).toHaveTextContent(/TW-000031 moved to Srinivas Reddy, .* at 14:30\./)
  })

  it('a refusal says why in words and the block stays where it was', async () => {
    const user = userEvent.setup()
    renderBoard({
      assignmentUpdate: () =>
        refuse(409, {
          code: 'DOUBLE_BOOKING',
          message: 'Srinivas Reddy is already booked 13:00–15:00 that day (assignment 9)',
          details: { clash: { assignmentId: 9, startTime: '13:00:00', endTime: '15:00:00' } },
        }),
    })
    await user.click(await screen.findByRole('button', { name: /TW-000031/ }, slow))
    const dialog = screen.getByRole('dialog', { name: 'Move TW-000031' })
    await user.selectOptions(within(dialog).getByLabelText('Worker'), 'Srinivas Reddy')
    await user.selectOptions(within(dialog).getByLabelText('Start time'), '14:00')
    await user.click(within(dialog).getByRole('button', { name: 'Move' }))
    const said =
      'TW-000031 was not moved: Srinivas Reddy is already booked 13:00–15:00 that day. It is back where it was.'
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(said)
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(
      within(screen.getByRole('group', { name: 'Ravi Kumar' })).getByRole('button', { name: /TW-000031/ }),
    ).toHaveAccessibleName(/^10:00–12:00/)
    expect(within(screen.getByRole('group', { name: 'Srinivas Reddy' })).queryByRole('button')).toBeNull()
    expect(screen.getByRole('alert')).toHaveTextContent(said)
  })

  it('a request is scheduled by lists through POST /api/schedule, with its request', async () => {
    const user = userEvent.setup()
    const mock = renderBoard({ schedule: () => ({ message: 'Schedule created', taskId: 50, assignmentId: 60 }) })
    await user.click(await screen.findByRole('button', { name: /TW-000041 Lakshmi/ }, slow))
    const dialog = screen.getByRole('dialog', { name: 'Schedule TW-000041' })
    await user.selectOptions(within(dialog).getByLabelText('Start time'), '09:00')
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(mock.calls.find((c) => c.name === 'schedule')?.body).toEqual({
      taskName: 'Plumber for Lakshmi',
      serviceDesc: 'No water',
      workerId: 1,
      date: DAY,
      startTime: '09:00:00',
      endTime: '11:00:00',
      completionDate: null,
      selectedStatus: 'assigned',
      requestId: 41,
    })
  })

  it('reads the board again on each notice from the server, and says whether it is live', async () => {
    const mock = renderBoard()
    await screen.findByRole('group', { name: 'Ravi Kumar' }, slow)
    expect(screen.getByText('Checking for changes every few seconds.')).toBeInTheDocument()
    const reads = () => mock.calls.filter((c) => c.name === 'board').length
    FakeEventSource.last!.emit('ready', { live: true })
    expect(await screen.findByText('Live: changes by others show at once.')).toBeInTheDocument()
    const before = reads()
    FakeEventSource.last!.emit('board', { table: 'assignments' })
    await waitFor(() => expect(reads()).toBe(before + 1))
    expect(FakeEventSource.last!.url).toBe('/api/board/events')
  })
})
