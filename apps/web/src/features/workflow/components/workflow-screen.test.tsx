import { fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { WorkflowRecord } from '@townworks/contract'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { MantineScope } from '../../../lib/mantine'
import { renderWithRouter } from '../../../testing/render'
import { WorkflowScreen } from './workflow-screen'

beforeAll(() => i18n.loadNamespaces('workflow'))
afterEach(() => vi.unstubAllGlobals())

const TASKS = {
  task_ids: [
    [5, 'Plumber for Sujatha', 'work_pending'],
    [6, 'Painter for Ramana', 'assigned'],
  ],
}

function record(id: number, status: WorkflowRecord['status'], from: WorkflowRecord['from_status'], hour: number) {
  return {
    id,
    task_id: 5,
    status,
    from_status: from,
    timestamp: `2026-11-20T0${hour}:00:00.000Z`,
    notes: null,
    by: 'operator',
  }
}
const HISTORY = {
  workflows: [
    record(11, 'assigned', null, 1),
    record(12, 'work_inprogress', 'assigned', 2),
    record(13, 'work_pending', 'work_inprogress', 3),
  ],
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/** Answer the two calls of the screen; `workflow` decides the second. */
function stubApi(workflow: () => Response | Promise<Response>, tasks: () => Response = () => json(200, TASKS)) {
  const calls: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost')
      calls.push(url.pathname)
      if (url.pathname === '/api/task') return tasks()
      if (url.pathname.startsWith('/api/workflow/')) return workflow()
      return json(404, { message: 'Not found', code: 'NOT_FOUND' })
    }),
  )
  return calls
}

function renderScreen(path = '/wfs') {
  return renderWithRouter(
    <MantineScope>
      <WorkflowScreen />
    </MantineScope>,
    { role: 'operator', path },
  )
}

describe('Workflow screen', { timeout: 30_000 }, () => {
  it('loads nothing until a task is chosen, then lists its statuses in order and offers the diagram', async () => {
    const calls = stubApi(() => json(200, HISTORY))
    const u = userEvent.setup()
    renderScreen()
    const select = await screen.findByRole('combobox', { name: 'Task Id' })
    expect(screen.queryByRole('button', { name: 'Open Workflow' })).not.toBeInTheDocument()
    expect(calls.filter((c) => c.startsWith('/api/workflow/'))).toEqual([])

    await u.click(select)
    await u.type(select, '5')
    // jsdom does no layout, so Mantine's dropdown stays display: none; the option still takes the click.
    fireEvent.click(await screen.findByRole('option', { name: '5: Plumber for Sujatha (work_pending)', hidden: true }))

    expect(
      await screen.findByText('Task 5 went through 3 statuses; its status now is work_pending.'),
    ).toBeInTheDocument()
    const table = screen.getByTestId('workflow-records')
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'assigned ',
      'work_inprogress ',
      'work_pending current',
    ])
    expect(rows[2]).toHaveAttribute('aria-current', 'step')
    expect(screen.getByRole('button', { name: 'Open Workflow' })).toBeEnabled()
    expect(calls).toContain('/api/workflow/5')
  })

  it('links the two diagram examples, which the menu no longer lists', async () => {
    stubApi(() => json(200, HISTORY))
    const u = userEvent.setup()
    const { router } = renderScreen()
    const examples = screen.getByRole('navigation', { name: 'Diagram examples' })
    expect(within(examples).getByRole('link', { name: 'Change a node' })).toHaveAttribute('href', '/un')
    await u.click(within(examples).getByRole('link', { name: 'A first diagram' }))
    expect(router.state.location.pathname).toBe('/ff')
  })

  it('clearing the choice empties the records', async () => {
    stubApi(() => json(200, HISTORY))
    const u = userEvent.setup()
    renderScreen('/wfs?task=5')
    expect(await screen.findByTestId('workflow-records')).toBeInTheDocument()
    await u.click(screen.getByRole('button', { name: 'Clear the chosen task' }))
    expect(screen.queryByTestId('workflow-records')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Open Workflow' })).not.toBeInTheDocument()
  })

  it('says so when the task does not exist', async () => {
    stubApi(() => json(404, { message: 'Task not found', code: 'NOT_FOUND' }))
    renderScreen('/wfs?task=99')
    expect(await screen.findByText('Task 99 does not exist. Choose another task.')).toBeInTheDocument()
    expect(screen.queryByTestId('workflow-records')).not.toBeInTheDocument()
  })

  it('says only staff may see workflows on a 403', async () => {
    stubApi(() => json(403, { message: 'Forbidden', code: 'FORBIDDEN' }))
    renderScreen('/wfs?task=5')
    expect(await screen.findByText('Only operators and admins can see task workflows.')).toBeInTheDocument()
  })

  it("shows 'No Server Response' when the server does not answer, and tries again on request", async () => {
    let answer = false
    stubApi(() => (answer ? json(200, HISTORY) : Promise.reject(new TypeError('Failed to fetch'))))
    const u = userEvent.setup()
    renderScreen('/wfs?task=5')
    expect(
      await screen.findByText('No Server Response. Check your connection, then try again.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument()
    answer = true
    await u.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByTestId('workflow-records')).toBeInTheDocument()
  })

  it('says when there are no tasks at all', async () => {
    stubApi(
      () => json(200, HISTORY),
      () => json(200, { task_ids: [] }),
    )
    renderScreen()
    expect(await screen.findByText('No tasks available')).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Task Id' })).toBeDisabled()
  })
})
