import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { mockApi } from '../../../testing/api-mock'
import { aWorkerService } from '../../../testing/fixtures'
import { renderApp } from '../../../testing/render'

/** Four workers: two rated, one never rated (but with work done), one new. */
const ROWS = [
  aWorkerService(1, 'Anil', { rating_avg: 3.5, rating_count: 2, jobs_done: 6 }),
  aWorkerService(2, 'Bhaskar', {
    jobs_done: 4,
    starts_with_code_base: 5,
    starts_with_code: 4,
    jobs_with_photos: 3,
  }),
  aWorkerService(3, 'Chandra', {
    rating_avg: 4.5,
    rating_count: 12,
    jobs_done: 30,
    starts_with_code_base: 3,
    starts_with_code: 1,
    jobs_with_photos: 30,
  }),
  aWorkerService(4, 'Devi'),
]

async function roster() {
  mockApi({ workerServices: () => ({ workerServices: ROWS }) })
  renderApp({ path: '/wss', role: 'operator' })
  const table = await screen.findByRole('table', {}, { timeout: 20_000 })
  await within(table).findByText('Chandra')
  return table
}

/** The workers' names in the order the table shows them. */
const names = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent?.trim())

/** The text of one column's cell in a worker's row, by the column's header. */
function cellOf(table: HTMLElement, name: string, column: string): HTMLElement {
  const headers = within(table).getAllByRole('columnheader')
  const index = headers.findIndex((header) => header.textContent?.replace('↕', '').trim() === column)
  const row = within(table).getByRole('row', { name: new RegExp(`^${name}`) })
  return within(row).getAllByRole('cell')[index]!
}

describe('/wss: the roster’s standing and proof columns (issue 21)', { timeout: 40_000 }, () => {
  it('shows the rating (read out in words), the jobs done and the proof, with a dash where there is nothing to count', async () => {
    const table = await roster()
    for (const column of ['Rating', 'Jobs done', 'Started with code', 'Photos of work']) {
      expect(within(table).getByRole('columnheader', { name: new RegExp(`^${column}`) })).toBeInTheDocument()
    }
    const chandra = cellOf(table, 'Chandra', 'Rating')
    expect(chandra).toHaveTextContent('★ 4.5 (12)')
    expect(within(chandra).getByText('Rated 4.5 out of 5 by 12 customers')).toHaveClass('visually-hidden')
    expect(cellOf(table, 'Bhaskar', 'Rating')).toHaveTextContent('No ratings yet')
    expect(cellOf(table, 'Chandra', 'Jobs done')).toHaveTextContent('30')

    expect(cellOf(table, 'Bhaskar', 'Started with code')).toHaveTextContent('4 of 5 (80%)')
    expect(cellOf(table, 'Chandra', 'Started with code')).toHaveTextContent('1 of 3 (33%)')
    expect(cellOf(table, 'Bhaskar', 'Photos of work')).toHaveTextContent('3 of 4')
    expect(cellOf(table, 'Chandra', 'Photos of work')).toHaveTextContent('30 of 30')
    // Nothing to count yet: a dash, read out as words.
    const none = cellOf(table, 'Devi', 'Started with code')
    expect(within(none).getByText('—')).toHaveAttribute('aria-hidden', 'true')
    expect(none).toHaveTextContent('None yet')
    expect(cellOf(table, 'Anil', 'Started with code')).toHaveTextContent('—')
    expect(cellOf(table, 'Devi', 'Photos of work')).toHaveTextContent('—')
    // Anil has jobs done but no photos of them.
    expect(cellOf(table, 'Anil', 'Photos of work')).toHaveTextContent('0 of 6')
  })

  it('sorts by rating either way, the workers not rated yet always last', async () => {
    const u = userEvent.setup()
    const table = await roster()
    const rating = () => within(table).getByRole('columnheader', { name: /^Rating/ })
    await u.click(within(rating()).getByRole('button'))
    expect(rating()).toHaveAttribute('aria-sort', 'ascending')
    expect(names(table)).toEqual(['Anil', 'Chandra', 'Bhaskar', 'Devi'])
    await u.click(within(rating()).getByRole('button'))
    expect(rating()).toHaveAttribute('aria-sort', 'descending')
    expect(names(table)).toEqual(['Chandra', 'Anil', 'Bhaskar', 'Devi'])
  })

  it('sorts by the share started with the code, those with nothing to count last', async () => {
    const u = userEvent.setup()
    const table = await roster()
    const header = within(table).getByRole('columnheader', { name: /^Started with code/ })
    await u.click(within(header).getByRole('button'))
    expect(names(table)).toEqual(['Chandra', 'Bhaskar', 'Anil', 'Devi'])
  })
})

describe('/wss: a material’s price per unit (decision 069)', { timeout: 40_000 }, () => {
  it('says what a supplier’s price is per ("₹4,500 per tractor load"); a job’s price stays a plain amount', async () => {
    mockApi({
      workerServices: () => ({
        workerServices: [
          aWorkerService(5, 'Mallesh', { service_name: 'Sand Services', price_paise: 450_000, unit: 'tractor_load' }),
          aWorkerService(6, 'Srinu', { service_name: 'Sand Services', price_paise: 3_050, unit: 'cubic_foot' }),
          aWorkerService(7, 'Ravi', { price_paise: 45_000 }),
        ],
      }),
    })
    renderApp({ path: '/wss', role: 'operator' })
    const table = await screen.findByRole('table', {}, { timeout: 20_000 })
    await within(table).findByText('Mallesh')
    expect(cellOf(table, 'Mallesh', 'Price')).toHaveTextContent(/^₹4,500 per tractor load$/)
    expect(cellOf(table, 'Srinu', 'Price')).toHaveTextContent(/^₹30\.50 per cubic foot$/)
    expect(cellOf(table, 'Ravi', 'Price')).toHaveTextContent(/^₹450$/)
  })
})
