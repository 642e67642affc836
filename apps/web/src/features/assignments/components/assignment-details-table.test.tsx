import type { AssignmentDetailRow } from '@townworks/contract'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { MantineScope } from '../../../lib/mantine'
import { renderWithRouter } from '../../../testing/render'
import { AssignmentDetailsTable, queryFromParams } from './assignment-details-table'
import { mockApi } from '../../../testing/api-mock'
import { aWorkerService } from '../../../testing/fixtures'

beforeAll(() => i18n.loadNamespaces('assignments'))
afterEach(() => vi.unstubAllGlobals())

const row: AssignmentDetailRow = {
  requester: 'Sujatha',
  phone: '+919949012345',
  worker_name: 'Ravi Kumar',
  worker_id: 1,
  task_id: 9,
  task_name: 'Fix the tap',
  status: 'work_pending',
  assignment_id: 5,
  created_date: '2031-05-01T10:00:00.000Z',
  assignment_date: '2031-05-05',
  completion_date: null,
  start_time: '09:00',
  end_time: '10:00',
  town: 'Armoor',
}

function setup(path: string, rows: AssignmentDetailRow[], total = rows.length, totalExact = true) {
  const mock = mockApi({
    workerServices: () => ({
      workerServices: [
        aWorkerService(1, 'Ravi Kumar'),
        aWorkerService(1, 'Ravi Kumar', { service_name: 'Electrician' }),
        aWorkerService(2, 'Sita Devi', { town: 'Nirmal' }),
      ],
    }),
    assignmentDetails: ({ url }) => ({
      assignmentdetails: rows,
      total,
      totalExact,
      page: Number(url.searchParams.get('page') ?? 1),
      pageSize: Number(url.searchParams.get('pageSize') ?? 50),
    }),
  })
  const view = renderWithRouter(
    <MantineScope>
      <AssignmentDetailsTable />
    </MantineScope>,
    { role: 'operator', path },
  )
  return { ...mock, ...view }
}

describe('Assignment Details', { timeout: 30_000 }, () => {
  it('has the seed’s columns and shows rows with dates in the local format', async () => {
    setup('/ad', [row])
    expect(await screen.findByText('Fix the tap')).toBeInTheDocument()
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼↕]/g, '').trim())
    expect(headers).toEqual([
      'Requester Name',
      'Phone',
      'Worker Name',
      'Task ID',
      'Task Name',
      'Status',
      'Assignment ID',
      'Created Date',
      'Assigned Date',
      'Completion Date',
      'Time',
      'Actions',
    ])
    // The row opens its job: in the drawer over the list, or as its page; the time is shown.
    expect(screen.getByRole('cell', { name: '09:00–10:00' })).toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: 'Open the job Fix the tap' })[0]).toHaveAttribute('href', '/ad?job=9')
    expect(screen.getByRole('link', { name: 'Job page of Fix the tap' })).toHaveAttribute('href', '/jobs/9')
    // Dates read the Indian way in every screen (lib/format.ts, en-IN).
    expect(screen.getByText('5 May 2031')).toBeInTheDocument()
    expect(screen.getByRole('cell', { name: 'Work paused' })).toBeInTheDocument()
    // The phone as people write it, tapped to call.
    expect(screen.getByRole('link', { name: 'Call Sujatha: +91 99490 12345' })).toHaveAttribute(
      'href',
      'tel:+919949012345',
    )
    expect(screen.getByText('Showing 1–1 of 1')).toBeInTheDocument()
  })

  it('says "more than" when a large list was counted only so far, and offers the next page', async () => {
    setup('/ad', [row], 1050, false)
    expect(await screen.findByText('Showing 1–1 of more than 1050')).toBeInTheDocument()
    // 1050 rows of 50 are 21 pages; one more is offered, and the next answer counts further.
    expect(screen.getByText('Page 1 of 22')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled()
  })

  it('says when nothing matches', async () => {
    setup('/ad?status=cancelled', [])
    expect(await screen.findByText('No assignments match these filters.')).toBeInTheDocument()
  })

  it('reads filters from the address and sends them; sorting and filtering change the address', async () => {
    const { calls, router } = setup('/ad?status=work_pending&town=Armoor&q=tap&page=2', [row], 120)
    await screen.findByText('Fix the tap')
    expect(Object.fromEntries(calls.find((c) => c.name === 'assignmentDetails')!.url.searchParams)).toEqual({
      status: 'work_pending',
      town: 'Armoor',
      q: 'tap',
      page: '2',
    })
    const u = userEvent.setup()
    await u.click(screen.getByRole('button', { name: /Worker Name/ }))
    await waitFor(() => expect(router.state.location.search).toContain('sort=worker_name'))
    // A new column sorts ascending first, as every table does.
    expect(router.state.location.search).toContain('order=asc')
    expect(router.state.location.search).not.toContain('page=')
    await u.clear(screen.getByLabelText(/^Search/))
    await u.type(screen.getByLabelText(/^Search/), 'Ravi')
    await u.click(screen.getByRole('button', { name: 'Apply filters' }))
    await waitFor(() => expect(router.state.location.search).toContain('q=Ravi'))
  })

  it('filters by a worker chosen by name, trade and town; the address keeps the seed’s workerId', async () => {
    const { calls, router } = setup('/ad', [row])
    await screen.findByText('Fix the tap')
    const worker = screen.getByLabelText('Worker')
    await waitFor(() =>
      expect([...worker.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
        'Any worker',
        'Ravi Kumar · Plumber, Electrician · Armoor',
        'Sita Devi · Plumber · Nirmal',
      ]),
    )
    const u = userEvent.setup()
    await u.selectOptions(worker, 'Sita Devi · Plumber · Nirmal')
    await u.click(screen.getByRole('button', { name: 'Apply filters' }))
    await waitFor(() => expect(router.state.location.search).toContain('workerId=2'))
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.name === 'assignmentDetails')
          .at(-1)!
          .url.searchParams.get('workerId'),
      ).toBe('2'),
    )
    // No control on the screen asks for a number.
    expect(screen.queryByLabelText(/Worker ID/)).not.toBeInTheDocument()
  })

  it('ignores parameters that do not parse, and says so', () => {
    expect(queryFromParams(new URLSearchParams('status=nope')).ignored).toBe(true)
    expect(queryFromParams(new URLSearchParams('page=3&sort=status')).query).toEqual({ page: 3, sort: 'status' })
  })
})
