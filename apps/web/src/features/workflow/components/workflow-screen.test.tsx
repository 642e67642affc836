import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { WorkflowRecord } from '@townworks/contract'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { MantineScope } from '../../../lib/mantine'
import { mockApi, refuse, type Answer } from '../../../testing/api-mock'
import { aJob, aJobSummary, anError } from '../../../testing/fixtures'
import { renderWithRouter } from '../../../testing/render'
import { WorkflowScreen } from './workflow-screen'

beforeAll(() => i18n.loadNamespaces(['workflow', 'assignments']))
afterEach(() => vi.unstubAllGlobals())

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

const SUMMARY = aJobSummary({ id: 5, task_id: 5, reference: 'TW-000123', task_name: 'Plumber for Sujatha' })

/** Answer the screen's calls: the picker's rows, the chosen task's job (its reference) and its workflow. */
function stubApi(workflow: () => Answer<'workflow'> | Promise<Answer<'workflow'>>, summaries = [SUMMARY]) {
  const mock = mockApi({
    taskSummaries: () => ({ summaries }),
    job: ({ params }) =>
      params.taskId === '5'
        ? aJob({ task: { ...aJob().task, id: 5, reference: 'TW-000123', name: 'Plumber for Sujatha' } })
        : refuse(404, anError('NOT_FOUND', 'No such task')),
    workflow: () => workflow(),
  })
  return { paths: () => mock.calls.map((c) => c.url.pathname) }
}

function renderScreen(path = '/wfs') {
  return renderWithRouter(
    <MantineScope>
      <WorkflowScreen />
    </MantineScope>,
    { role: 'operator', path },
  )
}

const failed = (status: number, code: Parameters<typeof anError>[0]) => refuse(status, anError(code))

describe('Workflow screen', { timeout: 30_000 }, () => {
  it('loads nothing until a task is chosen by its reference, then lists its statuses in order and offers the diagram', async () => {
    const api = stubApi(() => HISTORY)
    const u = userEvent.setup()
    renderScreen()
    const select = await screen.findByRole('combobox', { name: 'Task' })
    expect(screen.queryByRole('button', { name: 'Open Workflow' })).not.toBeInTheDocument()
    expect(api.paths().filter((c) => c.startsWith('/api/workflow/'))).toEqual([])

    await u.click(select)
    // jsdom does no layout, so Mantine's dropdown stays display: none; the option still takes the click.
    // The row names the task as a person does; no number of ours is shown.
    fireEvent.click(
      await screen.findByRole('option', { name: /^TW-000123 · Plumber · Armoor · .* · Ravi Kumar$/, hidden: true }),
    )

    expect(
      await screen.findByText('Task TW-000123 went through 3 statuses; its status now is Work paused.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Status history of task TW-000123' })).toBeVisible()
    const table = screen.getByTestId('workflow-records')
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Assigned ',
      'Work in progress ',
      'Work paused current',
    ])
    expect(rows[2]).toHaveAttribute('aria-current', 'step')
    expect(screen.getByRole('button', { name: 'Open Workflow' })).toBeEnabled()
    expect(api.paths()).toContain('/api/workflow/5')
    // The chosen row named the task: its job was not asked for.
    expect(api.paths()).not.toContain('/api/jobs/5')
  })

  it('a shared link names its task by reference once its job answers', async () => {
    const api = stubApi(() => HISTORY, [])
    renderScreen('/wfs?task=5')
    expect(
      await screen.findByRole('heading', { name: 'Status history of task TW-000123' }, { timeout: 10_000 }),
    ).toBeVisible()
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Task' })).toHaveValue('TW-000123 · Plumber for Sujatha'),
    )
    expect(api.paths()).toContain('/api/jobs/5')
  })

  it('links the two diagram examples, which the menu no longer lists', async () => {
    stubApi(() => HISTORY)
    const u = userEvent.setup()
    const { router } = renderScreen()
    const examples = screen.getByRole('navigation', { name: 'Diagram examples' })
    expect(within(examples).getByRole('link', { name: 'Change a node' })).toHaveAttribute('href', '/un')
    await u.click(within(examples).getByRole('link', { name: 'A first diagram' }))
    expect(router.state.location.pathname).toBe('/ff')
  })

  it('clearing the choice empties the records', async () => {
    stubApi(() => HISTORY)
    const u = userEvent.setup()
    const { router } = renderScreen('/wfs?task=5')
    expect(await screen.findByTestId('workflow-records')).toBeInTheDocument()
    await u.click(screen.getByRole('button', { name: 'Clear the chosen task' }))
    expect(screen.queryByTestId('workflow-records')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Open Workflow' })).not.toBeInTheDocument()
    expect(router.state.location.search).toBe('')
  })

  it('says so when the task does not exist', async () => {
    stubApi(() => failed(404, 'NOT_FOUND'))
    renderScreen('/wfs?task=99')
    expect(await screen.findByText('Task #99 does not exist. Choose another task.')).toBeInTheDocument()
    expect(screen.queryByTestId('workflow-records')).not.toBeInTheDocument()
  })

  it('says only staff may see workflows on a 403', async () => {
    stubApi(() => failed(403, 'FORBIDDEN'))
    renderScreen('/wfs?task=5')
    expect(await screen.findByText('Only operators and admins can see task workflows.')).toBeInTheDocument()
  })

  it("shows 'No Server Response' when the server does not answer, and tries again on request", async () => {
    let answer = false
    stubApi(() => (answer ? HISTORY : Promise.reject(new TypeError('Failed to fetch'))))
    const u = userEvent.setup()
    renderScreen('/wfs?task=5')
    expect(
      await screen.findByText('No Server Response. Check your connection, then try again.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument()
    answer = true
    await u.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByTestId('workflow-records')).toBeInTheDocument()
  })

  it('says when no task matches what was typed', async () => {
    stubApi(() => HISTORY, [])
    const u = userEvent.setup()
    renderScreen()
    const select = await screen.findByRole('combobox', { name: 'Task' })
    await u.click(select)
    await u.type(select, 'TW-999')
    expect(await screen.findByText('Nothing matches what you typed')).toBeInTheDocument()
  })
})
