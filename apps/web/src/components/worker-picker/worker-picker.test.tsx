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

describe('the worker picker: a materials order (decision 069)', { timeout: 30_000 }, () => {
  beforeAll(() => i18n.loadNamespaces(['assignments', 'workers']))

  /** 2 tractor loads of sand in Armoor, as Create Schedule asks for a request's order. */
  const ORDER: WorkerSuggestionsQuery = {
    ...SLOT,
    service: 'Sand Services',
    sort: 'price',
    quantity: 2,
    unit: 'tractor_load',
  }
  const sand = { service_name: 'Sand Services' }
  // As the server ranks them: those pricing tractor loads cheapest first, then the rest.
  const CHEAP = aSuggestion(21, 'Mallesh', {
    ...sand,
    price_paise: 450_000,
    unit: 'tractor_load',
    order_total_paise: 900_000,
  })
  const DEAR = aSuggestion(22, 'Yadagiri', {
    ...sand,
    price_paise: 520_000,
    unit: 'tractor_load',
    order_total_paise: 1_040_000,
  })
  const BY_FOOT = aSuggestion(23, 'Srinu', { ...sand, price_paise: 3_000, unit: 'cubic_foot', order_total_paise: null })
  const BY_JOB = aSuggestion(24, 'Raju', { ...sand, price_paise: 600_000, unit: null, order_total_paise: null })

  function setupOrder() {
    const mock = mockApi({
      workerSuggestions: ({ query }) => ({
        workers: query.get('sort') === 'price' ? [CHEAP, DEAR, BY_FOOT, BY_JOB] : [BY_JOB, DEAR, CHEAP, BY_FOOT],
      }),
    })
    renderWithRouter(
      <MantineScope>
        <WorkerPicker query={ORDER} selectedId={undefined} onPick={vi.fn()} />
      </MantineScope>,
      { role: 'operator' },
    )
    const rows = () =>
      within(screen.getByRole('region', { name: 'Suggested workers' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent ?? '')
    const asked = () =>
      mock.calls.filter((c) => c.name === 'workerSuggestions').map((c) => Object.fromEntries(c.url.searchParams))
    return { ...mock, rows, asked }
  }

  it('asks for the suppliers cheapest first for the order, each with their unit price and what this order costs with them', async () => {
    const { rows, asked } = setupOrder()
    await screen.findByRole('button', { name: 'Choose Mallesh' })
    expect(asked()).toEqual([{ ...SLOT, service: 'Sand Services', sort: 'price', quantity: '2', unit: 'tractor_load' }])
    expect(screen.getByRole('combobox', { name: 'Order' })).toHaveValue('price')
    await waitFor(() => expect(rows()[0]).toMatch(/₹4,500 per tractor load · ₹9,000 for this order/))
    expect(rows()).toEqual([
      expect.stringMatching(/^Mallesh\s*Cheapest for this order.*₹4,500 per tractor load · ₹9,000 for this order/),
      expect.stringMatching(/^Yadagiri(?!.*Cheapest).*₹5,200 per tractor load · ₹10,400 for this order/),
      // Another unit, or a job's price: the office prepares a quote rather than charging a unit price.
      expect.stringMatching(/^Srinu.*₹30 per cubic foot: another unit — prepare a quote/),
      expect.stringMatching(/^Raju.*₹6,000 a job, no price per unit — prepare a quote/),
    ])
    // The price is on its own line: the facts say town, phone and the week's load only.
    expect(rows()[0]).toMatch(/Armoor · \+91 98480 12345 · 1 job this week/)
  })

  it('another order keeps the order’s quantity and unit: each supplier’s total stays', async () => {
    const { rows, asked } = setupOrder()
    const u = userEvent.setup()
    await screen.findByRole('button', { name: 'Choose Mallesh' })
    expect(
      within(screen.getByRole('combobox', { name: 'Order' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Cheapest for this order', 'Best match', 'Best rated'])
    await u.selectOptions(screen.getByRole('combobox', { name: 'Order' }), 'Best match')
    await waitFor(() => expect(rows()[0]).toMatch(/^Raju/))
    expect(asked().at(-1)).toEqual({ ...SLOT, service: 'Sand Services', quantity: '2', unit: 'tractor_load' })
    // Not ranked by price now: nobody is called the cheapest, and the totals are still shown.
    expect(rows()[0]).toMatch(/^Raju\s*Best match/)
    expect(rows().join('\n')).not.toMatch(/Cheapest/)
    expect(rows()[2]).toMatch(/^Mallesh.*₹9,000 for this order/)
  })

  it('a slot without an order offers no price order and says a job’s price as before', async () => {
    const { rows } = setup()
    await screen.findByRole('button', { name: 'Choose Ravi Kumar' })
    expect(
      within(screen.getByRole('combobox', { name: 'Order' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Best match', 'Best rated'])
    expect(rows()[0]).toMatch(/Armoor · ₹450 · \+91 98480 12345 · 0 jobs this week/)
    expect(screen.queryByTestId('order-cost')).toBeNull()
  })
})
