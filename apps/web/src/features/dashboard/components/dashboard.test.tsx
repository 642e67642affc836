import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { DashboardCharts, DashboardToday } from '@townworks/contract'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { MantineScope } from '../../../lib/mantine'
import { mockApi } from '../../../testing/api-mock'
import { renderWithRouter } from '../../../testing/render'
import { Dashboard } from './dashboard'

const today: DashboardToday = {
  today: '2031-03-04',
  counts: {
    new_requests: 5,
    unassigned: 3,
    scheduled: 7,
    in_progress: 2,
    awaiting_payment: 1,
    overdue: 4,
    failed_messages: 0,
  },
}

const charts: DashboardCharts = {
  days: [
    { day: '2031-03-03', received: 4, accepted: 2, rejected: 1 },
    { day: '2031-03-04', received: 5, accepted: 3, rejected: 0 },
  ],
  weeks: [
    {
      week: '2031-03-03',
      revenue_paise: 125_000_00,
      payouts_paise: 90_000_00,
      booked_minutes: 600,
      working_minutes: 2400,
      assignment_hours: 5.5,
      assigned_requests: 3,
    },
  ],
}

vi.setConfig({ testTimeout: 30_000 })
const slow = { timeout: 10_000 }

beforeAll(() => i18n.loadNamespaces('dashboard'))
afterEach(() => vi.unstubAllGlobals())

function renderDashboard(path = '/dashboard') {
  const mock = mockApi({ dashboardToday: () => today, dashboardCharts: () => charts })
  renderWithRouter(
    <MantineScope>
      <Dashboard />
    </MantineScope>,
    { role: 'operator', path },
  )
  return { calls: () => mock.calls.map((c) => `${c.url.pathname}${c.url.search}`) }
}

describe('the dashboard', () => {
  it("links each of today's counts to the list that shows the same rows", async () => {
    renderDashboard()
    const counts = await screen.findByRole('list', {}, slow)
    const link = (name: RegExp) => within(counts).getByRole('link', { name })
    expect(link(/5\s*New requests/)).toHaveAttribute('href', '/requests?createdFrom=2031-03-04&createdTo=2031-03-04')
    expect(link(/3\s*Unassigned requests/)).toHaveAttribute('href', '/requests?state=open')
    expect(link(/7\s*Scheduled for today/)).toHaveAttribute('href', '/ad?status=assigned&from=2031-03-04&to=2031-03-04')
    expect(link(/4\s*Overdue/)).toHaveAttribute('href', '/ad?overdue=true')
    expect(link(/0\s*Failed messages/)).toHaveAttribute('href', '/outbox?state=failed')
    // A count that asks for action stands out; none for zero.
    expect(link(/4\s*Overdue/)).toHaveAttribute('data-alarm', 'true')
    expect(link(/0\s*Failed messages/)).not.toHaveAttribute('data-alarm')
  })

  it('asks for the period, town and service in the address and shows every chart as a table too', async () => {
    const { calls } = renderDashboard('/dashboard?from=2031-03-03&to=2031-03-04&town=Nirmal')
    expect(await screen.findByRole('heading', { name: 'Requests per day' }, slow)).toBeInTheDocument()
    expect(calls()).toContain('/api/dashboard/charts?from=2031-03-03&to=2031-03-04&town=Nirmal')
    // Tables are in the page for screen readers, with the numbers in words people read.
    const money = screen.getByRole('table', { name: 'Revenue and payouts per week: the numbers' })
    expect(within(money).getByRole('cell', { name: '₹1,25,000' })).toBeInTheDocument()
    const utilisation = screen.getByRole('table', { name: 'Worker utilisation per week: the numbers' })
    expect(within(utilisation).getByRole('cell', { name: '25%' })).toBeInTheDocument()
    // Show as table puts it on screen, in a labelled region.
    const [firstToggle] = screen.getAllByRole('button', { name: 'Show as table' })
    await userEvent.click(firstToggle!)
    expect(screen.getByRole('region', { name: 'Requests per day: the numbers' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Show as chart' })).toBeInTheDocument()
  })

  it('reads in Telugu', async () => {
    await i18n.changeLanguage('te')
    try {
      renderDashboard()
      expect(await screen.findByRole('heading', { name: 'రోజుకు అభ్యర్థనలు' }, slow)).toBeInTheDocument()
      expect(screen.getByRole('link', { name: /కొత్త అభ్యర్థనలు/ })).toBeInTheDocument()
    } finally {
      await i18n.changeLanguage('en')
    }
  })
})
