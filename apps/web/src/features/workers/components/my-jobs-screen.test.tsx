import type { MyJobsResponse, MyJobWithEarning } from '@townworks/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { mockApi } from '../../../testing/api-mock'
import { aStatusChange } from '../../../testing/fixtures'
import { renderWithRouter } from '../../../testing/render'
import { MyJobsScreen } from './my-jobs-screen'

beforeAll(() => i18n.loadNamespaces(['myJobs', 'workers']))
afterEach(() => vi.unstubAllGlobals())

const TODAY = '2026-11-25'

function aJob(overrides: Partial<MyJobWithEarning> = {}): MyJobWithEarning {
  return {
    assignment_id: 31,
    task_id: 11,
    task_name: 'Fan fitting',
    service_name: 'Electrician',
    service_desc: 'Two ceiling fans',
    customer_name: 'Padma',
    customer_phone: '+919848012345',
    town: 'Armoor',
    place: 'Armoor',
    assignment_date: TODAY,
    start_time: '10:00:00',
    end_time: '11:00:00',
    status: 'work_inprogress',
    earning_paise: 40500,
    request: null,
    ...overrides,
  }
}

function setup(jobs: MyJobWithEarning[]) {
  const answer = (): MyJobsResponse => ({ worker: { worker_id: 4, name: 'Ravi' }, today: TODAY, jobs })
  const mock = mockApi({
    myJobs: answer,
    updateStatus: ({ body }) => aStatusChange('work_inprogress', body.status),
  })
  renderWithRouter(<MyJobsScreen />, { role: 'worker' })
  return mock
}

describe('My jobs', { timeout: 30_000 }, () => {
  it('shows where to go with a Maps link, what the worker earns, and the customer to call', async () => {
    setup([aJob({ place: 'Temple Street' })])
    const job = await screen.findByRole('article', { name: 'Fan fitting' })
    expect(within(job).getByText('Temple Street, Armoor')).toBeVisible()
    expect(within(job).getByRole('link', { name: 'Open in Maps: Temple Street, Armoor' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=Temple%20Street%2C%20Armoor',
    )
    expect(within(job).getByText('₹405')).toBeVisible()
    expect(within(job).getByRole('link', { name: 'Call Padma: +91 98480 12345' })).toHaveAttribute(
      'href',
      'tel:+919848012345',
    )
  })

  it('says when a job has no price yet', async () => {
    setup([aJob({ earning_paise: null })])
    const job = await screen.findByRole('article', { name: 'Fan fitting' })
    expect(within(job).getByText('Not priced yet: ask the office')).toBeVisible()
  })

  it('names a job after its catalogue service in the worker’s language', async () => {
    await i18n.loadNamespaces('myJobs')
    await i18n.loadLanguages('te')
    await i18n.changeLanguage('te')
    try {
      setup([aJob({ task_name: 'Electrician' })])
      expect(await screen.findByRole('heading', { level: 3, name: 'ఎలక్ట్రీషియన్' })).toBeVisible()
    } finally {
      await i18n.changeLanguage('en')
    }
  })

  it('asks before Completed, says the customer is messaged, and Not yet changes nothing', async () => {
    const { calls } = setup([aJob()])
    const u = userEvent.setup()
    const job = await screen.findByRole('article', { name: 'Fan fitting' })
    await u.click(within(job).getByRole('button', { name: 'Complete: Fan fitting' }))
    const confirm = within(job).getByRole('group', { name: 'Is “Fan fitting” completed?' })
    expect(confirm).toHaveTextContent('We will send Padma a message to check the work and confirm it, then pay.')
    expect(within(confirm).getByText('Is “Fan fitting” completed?')).toHaveFocus()

    await u.click(within(confirm).getByRole('button', { name: 'Not yet' }))
    expect(within(job).queryByRole('group')).toBeNull()
    await waitFor(() => expect(within(job).getByRole('button', { name: 'Complete: Fan fitting' })).toHaveFocus())
    expect(calls.filter((c) => c.name === 'updateStatus')).toEqual([])

    await u.click(within(job).getByRole('button', { name: 'Complete: Fan fitting' }))
    await u.click(within(job).getByRole('button', { name: 'Yes, completed' }))
    await waitFor(() => expect(calls.filter((c) => c.name === 'updateStatus')).toHaveLength(1))
    expect(calls.find((c) => c.name === 'updateStatus')?.body).toMatchObject({ status: 'work_completed' })
    expect(await screen.findByText('Fan fitting: Work completed.')).toBeVisible()
  })

  it('starts a job at once: only Completed asks first', async () => {
    const { calls } = setup([aJob({ status: 'assigned' })])
    const u = userEvent.setup()
    const job = await screen.findByRole('article', { name: 'Fan fitting' })
    await u.click(within(job).getByRole('button', { name: 'Start: Fan fitting' }))
    await waitFor(() => expect(calls.filter((c) => c.name === 'updateStatus')).toHaveLength(1))
    expect(calls.find((c) => c.name === 'updateStatus')?.body).toMatchObject({ status: 'work_inprogress' })
  })
})
