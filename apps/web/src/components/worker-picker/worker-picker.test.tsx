import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { WorkerSuggestionsQuery } from '@townworks/contract'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../lib/i18n'
import { MantineScope } from '../../lib/mantine'
import { mockApi } from '../../testing/api-mock'
import { aSuggestion } from '../../testing/fixtures'
import { renderWithRouter } from '../../testing/render'
import { WorkerPicker } from './worker-picker'

beforeAll(() => i18n.loadNamespaces('assignments'))
afterEach(() => vi.unstubAllGlobals())

const SLOT: WorkerSuggestionsQuery = {
  service: 'Plumber',
  town: 'Armoor',
  date: '2031-05-05',
  startTime: '10:00',
  endTime: '12:00',
}

const RAVI = aSuggestion(3, 'Ravi Kumar', { rating_avg: 4.2, rating_count: 30, jobs_done: 41, week_assignments: 0 })
const SITA = aSuggestion(4, 'Sita Devi', { rating_avg: 4.8, rating_count: 1, jobs_done: 1, week_assignments: 2 })
const NEW = aSuggestion(5, 'Naveen', { week_assignments: 3 })

function setup() {
  const mock = mockApi({
    // The server orders: the best match (the least busy) by default, the best rated on sort=rating.
    workerSuggestions: ({ query }) => ({
      workers: query.get('sort') === 'rating' ? [SITA, RAVI, NEW] : [RAVI, SITA, NEW],
    }),
  })
  const onPick = vi.fn()
  renderWithRouter(
    <MantineScope>
      <WorkerPicker query={SLOT} selectedId={undefined} onPick={onPick} />
    </MantineScope>,
    { role: 'operator' },
  )
  const rows = () =>
    within(screen.getByRole('region', { name: 'Suggested workers' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent ?? '')
  return { ...mock, onPick, rows }
}

describe('the worker picker: ratings (issue 21)', { timeout: 30_000 }, () => {
  it('shows each suggestion’s rating and jobs done, or that the worker is new', async () => {
    const { rows } = setup()
    await screen.findByRole('button', { name: 'Choose Ravi Kumar' })
    expect(rows()).toEqual([
      expect.stringMatching(/^Ravi Kumar\s*Best match★ 4\.2 \(30 ratings\) · 41 jobs done/),
      expect.stringMatching(/^Sita Devi★ 4\.8 \(1 rating\) · 1 job done/),
      expect.stringMatching(/^NaveenNew on TownWorks/),
    ])
  })

  it('orders by the best match first, and by the best rated when chosen: sort=rating goes to the server', async () => {
    const { calls, rows } = setup()
    const u = userEvent.setup()
    await screen.findByRole('button', { name: 'Choose Ravi Kumar' })
    const order = screen.getByRole('combobox', { name: 'Order' })
    expect(order).toHaveValue('match')
    const asked = () =>
      calls.filter((c) => c.name === 'workerSuggestions').map((c) => c.url.searchParams.get('sort') ?? 'none')
    expect(asked()).toEqual(['none'])
    await u.selectOptions(order, 'Best rated')
    await waitFor(() => expect(rows()[0]).toMatch(/^Sita Devi/))
    expect(asked()).toEqual(['none', 'rating'])
    const sent = calls.filter((c) => c.name === 'workerSuggestions').at(-1)!.url.searchParams
    expect(Object.fromEntries(sent)).toEqual({ ...SLOT, sort: 'rating' })
    // The first now is the best rated, and says so.
    expect(rows()[0]).toMatch(/^Sita Devi\s*Best rated★ 4\.8/)
    // Back to the best match: the first answer is still in the cache (its key has no sort).
    await u.selectOptions(order, 'Best match')
    await waitFor(() => expect(rows()[0]).toMatch(/^Ravi Kumar/))
  })
})
