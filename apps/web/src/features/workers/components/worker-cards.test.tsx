import type { SkilledWorker } from '@townworks/contract'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { mockApi } from '../../../testing/api-mock'
import { renderApp } from '../../../testing/render'

afterEach(() => i18n.changeLanguage('en'))

const worker = (id: number, name: string, overrides: Partial<SkilledWorker> = {}): SkilledWorker => ({
  worker_id: id,
  name,
  cart_count: 0,
  town: 'Armoor',
  services: [{ service_name: 'Plumber', price_paise: 45000, unit: null }],
  rating_avg: null,
  rating_count: 0,
  jobs_done: 0,
  ...overrides,
})

// The list's own order is by name; the ratings make another order.
const WORKERS = [
  worker(1, 'Anil Kumar', { rating_avg: 4.2, rating_count: 30, jobs_done: 41 }),
  worker(2, 'Bhavani', { rating_avg: 4.6, rating_count: 12, jobs_done: 30 }),
  worker(3, 'Chandu'),
  worker(4, 'Durga', { rating_avg: 4.6, rating_count: 3, jobs_done: 1 }),
  worker(5, 'Eshwar', { jobs_done: 2 }),
]

const names = () => screen.getAllByRole('article').map((a) => a.querySelector('h3')?.textContent)

describe('/swl worker cards: standing and order (issue 21)', { timeout: 40_000 }, () => {
  it('shows each worker’s rating and jobs done under the name, the stars also in words, or that they are new', async () => {
    mockApi({ skilledWorkers: () => ({ skilledworkers: WORKERS }) })
    renderApp({ path: '/swl' })
    const bhavani = await screen.findByRole('article', { name: 'Bhavani' }, { timeout: 20_000 })
    const standing = bhavani.querySelector('.workers-card__standing')!
    expect(standing).toHaveTextContent('★ 4.6 (12)Rated 4.6 out of 5 by 12 customers · 30 jobs done')
    // The stars are read out in words, not as symbols.
    expect(within(bhavani).getByText('Rated 4.6 out of 5 by 12 customers')).toBeInTheDocument()
    expect(within(bhavani).getByText('★').closest('[aria-hidden="true"]')).not.toBeNull()
    expect(screen.getByRole('article', { name: 'Durga' })).toHaveTextContent('1 job done')
    expect(screen.getByRole('article', { name: 'Chandu' })).toHaveTextContent('New on TownWorks')
    expect(screen.getByRole('article', { name: 'Eshwar' })).toHaveTextContent('Not rated yet · 2 jobs done')
  })

  it('orders the cards best rated first (then by the number of ratings) when chosen, in the address', async () => {
    const u = userEvent.setup()
    mockApi({ skilledWorkers: () => ({ skilledworkers: WORKERS }) })
    const { router } = renderApp({ path: '/swl' })
    await screen.findByRole('article', { name: 'Anil Kumar' }, { timeout: 20_000 })
    const order = screen.getByRole('combobox', { name: 'Order' })
    expect(order).toHaveValue('name')
    expect(names()).toEqual(['Anil Kumar', 'Bhavani', 'Chandu', 'Durga', 'Eshwar'])
    await u.selectOptions(order, 'Best rated')
    expect(names()).toEqual(['Bhavani', 'Durga', 'Anil Kumar', 'Chandu', 'Eshwar'])
    // ?by=, not ?sort=: that is the shortlist table's column.
    expect(new URLSearchParams(router.state.location.search).get('by')).toBe('rating')
    expect(new URLSearchParams(router.state.location.search).has('sort')).toBe(false)
    // The order keeps to the other filters, and goes back to the names.
    await u.selectOptions(screen.getByRole('combobox', { name: 'Town' }), 'Armoor')
    expect(names()).toEqual(['Bhavani', 'Durga', 'Anil Kumar', 'Chandu', 'Eshwar'])
    await u.selectOptions(order, 'By name')
    expect(names()).toEqual(['Anil Kumar', 'Bhavani', 'Chandu', 'Durga', 'Eshwar'])
    expect(new URLSearchParams(router.state.location.search).has('by')).toBe(false)
  })

  it('opens in the best-rated order from a shared address', async () => {
    mockApi({ skilledWorkers: () => ({ skilledworkers: WORKERS }) })
    renderApp({ path: '/swl?by=rating' })
    await screen.findByRole('article', { name: 'Bhavani' }, { timeout: 20_000 })
    expect(names()[0]).toBe('Bhavani')
    expect(screen.getByRole('combobox', { name: 'Order' })).toHaveValue('rating')
  })

  it.each([
    ['en', 'From ₹450 per bag', 'Sand Services: ₹4,500 per tractor load', 'Plumber: ₹450'],
    ['te', 'బస్తాకు ₹450 నుంచి', 'ఇసుక సరఫరా: ట్రాక్టర్ లోడ్‌కు ₹4,500', 'ప్లంబర్: ₹450'],
    ['hi', '₹450 प्रति बोरी से शुरू', ': ₹4,500 प्रति ट्रैक्टर लोड', ': ₹450'],
  ])(
    'says a material’s price per its unit in %s, a job’s price alone (decision 069)',
    async (language, from, sand, job) => {
      await i18n.changeLanguage(language)
      const supplier = worker(6, 'Farooq', {
        services: [
          { service_name: 'Sand Services', price_paise: 450_000, unit: 'tractor_load' },
          { service_name: 'Morter Services', price_paise: 45_000, unit: 'bag' },
        ],
      })
      mockApi({ skilledWorkers: () => ({ skilledworkers: [supplier, worker(7, 'Gopal')] }) })
      renderApp({ path: '/swl' })
      const card = await screen.findByRole('article', { name: 'Farooq' }, { timeout: 20_000 })
      expect(card.querySelector('.workers-card__from')).toHaveTextContent(from)
      const trades = within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent)
      expect(trades.some((text) => text?.includes(sand))).toBe(true)
      expect(within(screen.getByRole('article', { name: 'Gopal' })).getByRole('listitem')).toHaveTextContent(job)
    },
  )

  it.each([
    ['te', 'TownWorks‌లో కొత్తవారు', '30 పనులు పూర్తి చేశారు', 'అత్యధిక రేటింగ్'],
    ['hi', 'TownWorks पर नए', '30 काम पूरे किए', 'सबसे अच्छी रेटिंग'],
  ])('says it in %s', async (language, newWorker, jobsDone, bestRated) => {
    await i18n.changeLanguage(language)
    mockApi({ skilledWorkers: () => ({ skilledworkers: WORKERS }) })
    renderApp({ path: '/swl' })
    const chandu = await screen.findByRole('article', { name: 'Chandu' }, { timeout: 20_000 })
    expect(chandu).toHaveTextContent(newWorker)
    expect(screen.getByRole('article', { name: 'Bhavani' })).toHaveTextContent(jobsDone)
    expect(screen.getByRole('option', { name: bestRated })).toBeInTheDocument()
  })
})
