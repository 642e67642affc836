import type { SkilledWorker } from '@townworks/contract'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { mockApi, refuse } from '../../testing/api-mock'
import { renderApp } from '../../testing/render'

const worker = (id: number, name: string, overrides: Partial<SkilledWorker> = {}): SkilledWorker => ({
  worker_id: id,
  name,
  cart_count: 0,
  town: 'Armoor',
  services: [],
  rating_avg: null,
  rating_count: 0,
  jobs_done: 0,
  ...overrides,
})

const WORKERS = [
  worker(1, 'Anil Kumar', {
    town: 'Nirmal',
    services: [
      { service_name: 'Plumber', price_paise: 45000, unit: null },
      { service_name: 'Carpenter', price_paise: 60000, unit: null },
    ],
  }),
  worker(2, 'Bhavani', {
    town: 'Armoor',
    cart_count: 2,
    services: [{ service_name: 'Painter', price_paise: 35000, unit: null }],
  }),
  worker(3, 'Chandu', { town: 'Nizamabad' }),
]

describe('Skilled Workers (/swl)', { timeout: 40_000 }, () => {
  it('shows worker cards with trades, prices and town, and keeps the shortlist below', async () => {
    mockApi({ skilledWorkers: () => ({ skilledworkers: WORKERS }) })
    renderApp({ path: '/swl' })
    const anil = await screen.findByRole('article', { name: 'Anil Kumar' }, { timeout: 20_000 })
    expect(anil).toHaveTextContent('Nirmal')
    expect(anil).toHaveTextContent('From ₹450')
    expect(
      within(anil)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Plumber: ₹450', 'Carpenter: ₹600'])
    expect(within(anil).getByRole('button', { name: 'Book Anil Kumar' })).toHaveTextContent('Book this worker')
    // No trade listed: nothing to book yet, and no rating is shown for anyone (there are none yet).
    const chandu = screen.getByRole('article', { name: 'Chandu' })
    expect(chandu).toHaveTextContent('No work listed yet.')
    expect(within(chandu).queryByRole('button')).not.toBeInTheDocument()
    expect(screen.queryByText(/rating|★/i)).not.toBeInTheDocument()
    // The seed's parts, as the shortlist.
    // The shortlist's code comes after the cards.
    const shortlist = screen.getByRole('region', { name: 'Shortlist' })
    expect(await within(shortlist).findByLabelText('Select a worker', {}, { timeout: 20_000 })).toBeInTheDocument()
    expect(within(shortlist).getAllByRole('button', { name: 'Add to Cart' }).length).toBeGreaterThan(0)
    expect(within(shortlist).getByRole('columnheader', { name: /Cart Count/ })).toBeInTheDocument()
  })

  it('filters the cards by town and work, in the address', async () => {
    const u = userEvent.setup()
    mockApi({ skilledWorkers: () => ({ skilledworkers: WORKERS }) })
    const { router } = renderApp({ path: '/swl' })
    await screen.findByRole('article', { name: 'Anil Kumar' }, { timeout: 20_000 })
    await u.selectOptions(screen.getByRole('combobox', { name: 'Work' }), 'Carpenter')
    expect(screen.getAllByRole('article').map((a) => a.querySelector('h3')?.textContent)).toEqual(['Anil Kumar'])
    expect(new URLSearchParams(router.state.location.search).get('service')).toBe('Carpenter')
    await u.selectOptions(screen.getByRole('combobox', { name: 'Town' }), 'Armoor')
    expect(screen.queryAllByRole('article')).toHaveLength(0)
    expect(screen.getByText('No worker matches. Choose another town or kind of work.')).toBeInTheDocument()
  })

  it('"Book this worker" opens the request form with the worker’s first trade chosen', async () => {
    const u = userEvent.setup()
    mockApi({ skilledWorkers: () => ({ skilledworkers: WORKERS }) })
    renderApp({ path: '/swl' })
    await u.click(await screen.findByRole('button', { name: 'Book Anil Kumar' }, { timeout: 20_000 }))
    const dialog = await screen.findByRole('dialog', { name: 'Enter Service Request Details' }, { timeout: 20_000 })
    expect(within(dialog).getByRole('combobox', { name: /^Service/ })).toHaveValue('Plumber')
  })

  it('adds the worker chosen by name to the cart, and asks for a choice or a login first', async () => {
    const u = userEvent.setup()
    let signedIn = false
    const api = mockApi({
      skilledWorkers: () => ({ skilledworkers: WORKERS }),
      addToCart: ({ body }) =>
        signedIn
          ? { message: 'ok', worker_id: Number(body.worker_id), cart_count: 3, added: true }
          : refuse(401, { message: 'Please log in', code: 'UNAUTHENTICATED' }),
    })
    renderApp({ path: '/swl' })
    const shortlist = await screen.findByRole('region', { name: 'Shortlist' }, { timeout: 20_000 })
    const select = await within(shortlist).findByRole('combobox', { name: 'Select a worker' }, { timeout: 20_000 })
    const add = () => within(shortlist).getAllByRole('button', { name: 'Add to Cart' })[0]!
    // Nothing chosen: nothing sent, and the person is told what to do.
    await u.click(add())
    expect(await within(shortlist).findByText('Select a worker first.')).toBeInTheDocument()
    expect(api.calls.filter((c) => c.name === 'addToCart')).toHaveLength(0)
    // A visitor: the way to log in, and back here.
    await u.selectOptions(select, 'Bhavani')
    await u.click(add())
    expect(await within(shortlist).findByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      expect.stringContaining('/login?from=%2Fswl'),
    )
    // Signed in: the worker is added, and the answer says how many carts hold them.
    signedIn = true
    await u.click(add())
    expect(
      await within(shortlist).findByText('Bhavani was added to your cart. 3 cart(s) hold this worker now.'),
    ).toBeInTheDocument()
    expect(api.calls.filter((c) => c.name === 'addToCart').map((c) => c.body)).toEqual([
      { worker_id: 2, cart_count: 1 },
      { worker_id: 2, cart_count: 1 },
    ])
    expect(select).toHaveValue('2')
  })
})
