import type { Role } from '@townworks/contract/constants'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { mockApi } from '../../../testing/api-mock'
import { renderWithRouter } from '../../../testing/render'
import { AvailabilityForm } from './availability-form'

beforeAll(() => i18n.loadNamespaces('workers'))
afterEach(() => vi.unstubAllGlobals())

const CONFLICT = {
  assignment_id: 31,
  task_id: 45,
  reference: 'TW-000123',
  assignment_date: '2031-05-06',
  start_time: '18:00:00',
  end_time: '19:00:00',
}

function setup(role: Role) {
  const availability = {
    worker_id: 4,
    worker_name: 'Ravi',
    always_available: false,
    hours: [{ weekday: 2, start_time: '09:00', end_time: '17:00' }],
    days_off: [],
  }
  const mock = mockApi({
    workerAvailability: () => ({ availability }),
    setWorkerAvailability: () => ({ message: 'Saved', availability, conflicts: [CONFLICT] }),
  })
  renderWithRouter(<AvailabilityForm workerId={4} />, { role })
  return mock
}

async function save() {
  const u = userEvent.setup()
  await u.click(await screen.findByRole('button', { name: 'Save working time' }))
  return screen.findByText(/Job TW-000123 on/)
}

describe('the working-hours form', { timeout: 30_000 }, () => {
  it('names each booked job the new hours no longer cover by its reference, and the office opens its page', async () => {
    setup('operator')
    const job = await save()
    expect(job).toHaveTextContent('Job TW-000123 on 6 May 2031, 18:00–19:00')
    expect(screen.getByRole('link', { name: /Job TW-000123/ })).toHaveAttribute('href', '/jobs/45')
    expect(screen.getByText(/open each to move it/)).toBeVisible()
  })

  it('tells a worker to ask the office, without a link to a page they cannot open', async () => {
    setup('worker')
    const job = await save()
    expect(within(job.closest('ul')!).queryByRole('link')).not.toBeInTheDocument()
    expect(screen.getByText(/ask the office to move them/)).toBeVisible()
  })
})
