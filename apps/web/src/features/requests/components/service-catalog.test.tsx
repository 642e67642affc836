import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { CATALOG_CARDS } from '@townworks/contract/catalog'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { mockApi, refuse } from '../../../testing/api-mock'
import { aServiceRow, anError, INITIAL_SERVICE_ROWS, INITIAL_TOWN_ROWS } from '../../../testing/fixtures'
import { setReferenceRows } from '../../../lib/names'
import { renderWithRouter } from '../../../testing/render'
import { todayInKolkata } from '../../../lib/format'
import { ILLUSTRATED_SLUGS } from './service-illustration'
import { ServiceCatalog } from './service-catalog'

beforeAll(() => i18n.loadNamespaces(['requests', 'requestDetails', 'catalog']))
// The request form keeps a draft in localStorage: each test starts without one.
beforeEach(() => localStorage.clear())

// No MantineScope around it: the catalog is plain elements, and the form brings Mantine with it.
const renderCatalog = () => renderWithRouter(<ServiceCatalog />, { path: '/imdDisplay' })

const cardButtons = () => within(screen.getByRole('list')).getAllByRole('button')
const titles = () => cardButtons().map((b) => b.querySelector('.requests-card__title')?.textContent)

describe('the service catalog', { timeout: 40_000 }, () => {
  it('every one of the 24 cards has its own drawing', () => {
    expect(CATALOG_CARDS).toHaveLength(24)
    expect(CATALOG_CARDS.every((c) => ILLUSTRATED_SLUGS.includes(c.slug))).toBe(true)
    expect(new Set(ILLUSTRATED_SLUGS).size).toBe(24)
  })

  it('shows the categories first and all 24 cards below, each card with its description', async () => {
    renderCatalog()
    expect(cardButtons()).toHaveLength(24)
    expect(screen.getByRole('status')).toHaveTextContent('24 services')
    const search = screen.getByRole('searchbox', { name: 'Search services' })
    expect(search).toHaveAttribute('placeholder', 'Search images...')
    const tiles = within(screen.getByRole('navigation', { name: 'Choose the kind of work' })).getAllByRole('link')
    expect(tiles.map((a) => a.textContent)).toEqual([
      'Plumbing',
      'Electrical',
      'Painting',
      'Masonry',
      'Home repairs',
      'Sand, cement and steel',
      'Bricks',
      'Tools and machines',
      'Delivery and loading',
      'Cleaning',
    ])
    expect(tiles[0]).toHaveAttribute('href', '/imdDisplay?category=plumbing')
    const carpenter = screen.getByRole('button', { name: 'Carpenter: Carpenter' })
    expect(carpenter).toHaveTextContent('Doors, windows, cupboards and furniture repair.')
  })

  it('a category opens its cards, keeps itself in the address, and leads back to all of them', async () => {
    const u = userEvent.setup()
    const { router } = renderCatalog()
    await u.click(screen.getByRole('link', { name: 'Electrical' }))
    expect(router.state.location.search).toBe('?category=electrical')
    expect(router.state.historyAction).toBe('PUSH')
    expect(await screen.findByRole('heading', { level: 2, name: 'Electrical' })).toBeInTheDocument()
    expect(titles()).toEqual(['Electrician', 'House Wiring', 'Essential Electrician Tools'])
    expect(screen.getByRole('status')).toHaveTextContent('3 services')
    expect(screen.queryByRole('navigation', { name: 'Choose the kind of work' })).not.toBeInTheDocument()
    await u.click(screen.getByRole('link', { name: 'Show all 24 services' }))
    expect(router.state.location.search).toBe('')
    await waitFor(() => expect(cardButtons()).toHaveLength(24))
  })

  it('an unknown category shows every card', () => {
    renderWithRouter(<ServiceCatalog />, { path: '/imdDisplay?category=rockets' })
    expect(cardButtons()).toHaveLength(24)
  })

  it('finds a service in any script, forgives a mistake, and keeps the search in the address', async () => {
    const u = userEvent.setup()
    const { router } = renderCatalog()
    const search = screen.getByRole('searchbox', { name: 'Search services' })
    await u.type(search, 'ప్లంబర్')
    await waitFor(() => expect(titles()).toEqual(['Plumbing Services', 'Plumbing']))
    expect(screen.getByRole('heading', { level: 2, name: 'Results for “ప్లంబర్”' })).toBeInTheDocument()
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('ప్లంబర్')
    expect(router.state.historyAction).toBe('REPLACE')
    await u.clear(search)
    await u.type(search, 'प्लंबर')
    await waitFor(() => expect(titles()).toEqual(['Plumbing Services', 'Plumbing']))
    await u.clear(search)
    await u.type(search, 'carpentr')
    await waitFor(() => expect(titles()).toEqual(['Carpenter']))
    await u.clear(search)
    await u.type(search, 'rang')
    await waitFor(() => expect(titles()).toEqual(['Wall Painter', 'Premium Painting Service', 'Painting Services']))
  })

  it('opens at the search the address holds (the home page sends ?q=)', async () => {
    renderWithRouter(<ServiceCatalog />, { path: '/imdDisplay?q=nalla' })
    expect(screen.getByRole('searchbox', { name: 'Search services' })).toHaveValue('nalla')
    await waitFor(() => expect(titles()).toEqual(['Plumbing Services', 'Plumbing']))
  })

  it("keeps the seed's search by title: as you type, and an empty result says so", async () => {
    renderCatalog()
    const u = userEvent.setup()
    const search = screen.getByRole('searchbox', { name: 'Search services' })
    await u.type(search, 'PAINT')
    await waitFor(() => expect(titles()).toEqual(['Wall Painter', 'Premium Painting Service', 'Painting Services']))
    await u.clear(search)
    await u.type(search, 'brIck')
    await waitFor(() => expect(titles()).toEqual(['Red Brick Service', 'Fly Ash Bricks', 'Brick Workers']))
    // The clear button empties the search and leaves the keyboard in the box.
    await u.click(screen.getByRole('button', { name: 'Clear search' }))
    expect(search).toHaveValue('')
    expect(search).toHaveFocus()
    await waitFor(() => expect(cardButtons()).toHaveLength(24))
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument()
    await u.type(search, 'zzz')
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No service matches “zzz”'))
    expect(screen.queryByRole('list')).not.toBeInTheDocument()
  })

  it('speaks Telugu: categories, card titles and descriptions', async () => {
    await i18n.changeLanguage('te')
    await i18n.loadNamespaces(['requests', 'requestDetails', 'catalog'])
    try {
      renderCatalog()
      expect(screen.getByRole('link', { name: 'ప్లంబింగ్' })).toHaveAttribute('href', '/imdDisplay?category=plumbing')
      expect(screen.getByRole('button', { name: 'వడ్రంగి: వడ్రంగి' })).toHaveTextContent(
        'తలుపులు, కిటికీలు, అల్మారాలు, ఫర్నిచర్ రిపేరు.',
      )
      expect(screen.getByRole('button', { name: /^నిర్మాణ కూలీలు:/ })).toBeInTheDocument()
    } finally {
      await i18n.changeLanguage('en')
    }
  })

  it('a card opens the request form with the trade it really books', async () => {
    mockApi({})
    const u = userEvent.setup()
    renderCatalog()
    await u.click(screen.getByRole('button', { name: /^Welding Services:/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Enter Service Request Details' }, { timeout: 20_000 })
    expect(within(dialog).getByRole('combobox', { name: /^Service/ })).toHaveValue('Welding Services')
  })

  it('asks in four steps, keeps every value and shows the reason when the submit fails, and sends the same key again', async () => {
    // The first try gets no answer; the outbox's (issue 23), a refusal naming the phone field.
    let submits = 0
    const mock = mockApi({
      createServiceRequest: () => {
        submits += 1
        if (submits === 1) throw new TypeError('Failed to fetch')
        return refuse(400, {
          ...anError('VALIDATION_FAILED', 'Invalid'),
          issues: [{ path: 'phone', message: 'This number cannot take calls' }],
        })
      },
    })
    const u = userEvent.setup()
    renderCatalog()
    await u.click(screen.getByRole('button', { name: /Wall Painter/ }))
    // The form's code is fetched on the first click (lazily): wait for it as a person would.
    const dialog = await screen.findByRole('dialog', { name: 'Enter Service Request Details' }, { timeout: 20_000 })
    expect(within(dialog).getByRole('combobox', { name: /^Service/ })).toHaveValue('Painter')
    expect(within(dialog).queryByLabelText(/Created Date/)).toBeNull()
    // What is wrong: the painter's chips and free text.
    await u.click(within(dialog).getByRole('checkbox', { name: 'Inside walls' }))
    await u.type(within(dialog).getByLabelText(/Tell us more/), 'Two rooms')
    await u.click(within(dialog).getByRole('button', { name: 'Next' }))
    // Where: the address is needed before the next step.
    await u.click(await within(dialog).findByRole('button', { name: 'Next' }))
    expect(await within(dialog).findByText('Enter the house number and street.')).toBeInTheDocument()
    await u.type(within(dialog).getByLabelText(/House number and street/), '12-3 Gandhi Road')
    await u.type(within(dialog).getByLabelText(/Landmark/), 'near the temple')
    await u.click(within(dialog).getByRole('combobox', { name: /^Town/ }))
    await u.click(await screen.findByRole('option', { name: 'Nirmal', hidden: true }))
    await u.click(within(dialog).getByRole('button', { name: 'Next' }))
    // When: Today and a time of day.
    await u.click(await within(dialog).findByRole('radio', { name: 'Today' }))
    await u.click(within(dialog).getByRole('radio', { name: 'Morning (8–12)' }))
    await u.click(within(dialog).getByRole('button', { name: 'Next' }))
    // Who.
    await u.type(await within(dialog).findByLabelText(/Your Name/), 'Lakshmi Devi')
    await u.type(within(dialog).getByLabelText(/Mobile Number/), '98480 12345')
    await u.type(within(dialog).getByLabelText(/Enter Email/), 'lakshmi@example.com')

    await u.click(within(dialog).getByRole('button', { name: 'SUBMIT' }))
    // No answer: the request waits on this phone (issue 23) and its outbox sends it again with the same
    // key; the server's field reason then shows by the field, with everything typed still there.
    expect(
      await within(dialog).findByText('This number cannot take calls', {}, { timeout: 10_000 }),
    ).toBeInTheDocument()
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please correct the marked fields.')
    expect(within(dialog).getByLabelText(/Your Name/)).toHaveValue('Lakshmi Devi')
    expect(within(dialog).getByLabelText(/Mobile Number/)).toHaveValue('98480 12345')

    // The requests sent (the form also reads the price guide's ranges, decision 063).
    const calls = mock.calls.filter((c) => c.name !== 'priceRanges')
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'POST /api/servicerequest',
      'POST /api/servicerequest',
    ])
    const firstKey = calls[0]!.headers.get('Idempotency-Key')
    expect(firstKey).toMatch(/^sr-[0-9a-f]{32}$/)
    expect(calls[1]!.headers.get('Idempotency-Key')).toBe(firstKey)
    expect(calls[0]!.body).toEqual({
      name: 'Lakshmi Devi',
      phone: '98480 12345',
      email: 'lakshmi@example.com',
      service: 'Painter',
      town: 'Nirmal',
      service_date: todayInKolkata(),
      address: '12-3 Gandhi Road',
      landmark: 'near the temple',
      description: 'Two rooms',
      problems: ['interior'],
      time_window: 'morning',
      language: 'en',
    })
    expect(calls[1]!.body).toEqual(calls[0]!.body)
    // Going back finds every earlier step as it was typed.
    await u.click(within(dialog).getByRole('button', { name: 'Back' }))
    expect(within(dialog).getByRole('radio', { name: 'Morning (8–12)' })).toBeChecked()
    await u.click(within(dialog).getByRole('button', { name: 'Back' }))
    expect(within(dialog).getByLabelText(/House number and street/)).toHaveValue('12-3 Gandhi Road')
  })

  it('keeps a draft: what was typed is there again after a reload', async () => {
    mockApi({})
    const u = userEvent.setup()
    const first = renderCatalog()
    await u.click(screen.getByRole('button', { name: /Wall Painter/ }))
    const dialog = await screen.findByRole('dialog', {}, { timeout: 20_000 })
    await u.click(within(dialog).getByRole('checkbox', { name: 'Waterproofing' }))
    await u.type(within(dialog).getByLabelText(/Tell us more/), 'The roof leaks')
    first.unmount()

    renderCatalog()
    await u.click(screen.getByRole('button', { name: /Wall Painter/ }))
    const again = await screen.findByRole('dialog', {}, { timeout: 20_000 })
    expect(within(again).getByLabelText(/Tell us more/)).toHaveValue('The roof leaks')
    expect(within(again).getByRole('checkbox', { name: 'Waterproofing' })).toBeChecked()
  })

  it('checks fields before sending and shows the reference on success', async () => {
    const mock = mockApi({
      createServiceRequest: () => ({ message: 'Received', id: 123, reference: 'TW-000123' }),
    })
    // What was sent (the form also reads the price guide's ranges, decision 063).
    const sent = () => mock.calls.filter((c) => c.name === 'createServiceRequest')
    const u = userEvent.setup()
    renderCatalog()
    await u.click(screen.getByRole('button', { name: 'Electrician: Electrician' }))
    const dialog = await screen.findByRole('dialog', {}, { timeout: 20_000 })
    await u.click(within(dialog).getByRole('button', { name: 'Next' }))
    await u.type(await within(dialog).findByLabelText(/House number and street/), '4-5 Station Road')
    await u.click(within(dialog).getByRole('combobox', { name: /^Town/ }))
    await u.click(await screen.findByRole('option', { name: 'Armoor', hidden: true }))
    await u.click(within(dialog).getByRole('button', { name: 'Next' }))
    await u.click(await within(dialog).findByRole('button', { name: 'Next' }))
    expect(await within(dialog).findByText('Choose a time of day.')).toBeInTheDocument()
    await u.click(within(dialog).getByRole('radio', { name: 'Tomorrow' }))
    await u.click(within(dialog).getByRole('radio', { name: 'Evening (4–7)' }))
    await u.click(within(dialog).getByRole('button', { name: 'Next' }))
    await u.type(await within(dialog).findByLabelText(/Mobile Number/), '12345')
    await u.click(within(dialog).getByRole('button', { name: 'SUBMIT' }))
    expect(await within(dialog).findByText('Enter your name.')).toBeInTheDocument()
    expect(sent()).toEqual([])

    await u.type(within(dialog).getByLabelText(/Your Name/), 'Ramana')
    await u.clear(within(dialog).getByLabelText(/Mobile Number/))
    await u.type(within(dialog).getByLabelText(/Mobile Number/), '+919848012345')
    await u.click(within(dialog).getByRole('button', { name: 'SUBMIT' }))
    expect(await screen.findByText('Your reference number is TW-000123.')).toBeInTheDocument()
    expect(sent()[0]!.body).toMatchObject({
      service: 'Electrician',
      time_window: 'evening',
      address: '4-5 Station Road',
    })
  })

  describe('a service the admin added (decision 048)', () => {
    const tiler = aServiceRow('Tiler', {
      id: 40,
      sort_order: 200,
      name_te: 'టైల్స్ పని',
      has_picture: true,
      picture_url: '/api/services/40/picture/image?v=1764150000000',
    })
    const retired = aServiceRow('Well Digger', { id: 41, sort_order: 210, active: false })
    const nowhere = aServiceRow('Borewell', { id: 42, sort_order: 220 })
    const withAdded = () =>
      mockApi({
        services: () => ({ services: [...INITIAL_SERVICE_ROWS, tiler, retired, nowhere] }),
        towns: () => ({ towns: INITIAL_TOWN_ROWS.map((t) => ({ ...t, services: [...t.services, 'Tiler'] })) }),
      })
    // The rows are one store for the page: the next tests see the initial ones again.
    afterEach(() => setReferenceRows({ towns: INITIAL_TOWN_ROWS, services: INITIAL_SERVICE_ROWS }))

    it('has a card after the 24, with its uploaded picture; a retired one, or one no town offers, has none', async () => {
      withAdded()
      renderCatalog()
      const card = await screen.findByRole('button', { name: 'Tiler: Tiler' })
      expect(card).toHaveTextContent('Tell us what you need: we call you back with a price and a time.')
      expect(cardButtons()).toHaveLength(25)
      expect(titles().at(-1)).toBe('Tiler')
      expect(screen.getByRole('status')).toHaveTextContent('25 services')
      // The picture is the image itself, which the browser fetches and keeps (GET …/picture/image).
      expect(card.querySelector('img')).toHaveAttribute('src', '/api/services/40/picture/image?v=1764150000000')
      expect(card.querySelector('img')).toHaveAttribute('alt', '')
      expect(screen.queryByRole('button', { name: /Well Digger/ })).not.toBeInTheDocument()
      expect(screen.queryByRole('button', { name: /Borewell/ })).not.toBeInTheDocument()
    })

    it('a search in Telugu finds it, a category does not list it, and it opens the form with it chosen', async () => {
      withAdded()
      const u = userEvent.setup()
      renderCatalog()
      await screen.findByRole('button', { name: 'Tiler: Tiler' })
      await u.type(screen.getByRole('searchbox', { name: 'Search services' }), 'టైల్స్')
      await waitFor(() => expect(titles()).toEqual(['Tiler']))
      await u.clear(screen.getByRole('searchbox', { name: 'Search services' }))
      await u.click(screen.getByRole('link', { name: 'Plumbing' }))
      await waitFor(() => expect(titles()).toEqual(['Plumbing Services', 'Plumbing']))
      expect(screen.getByRole('link', { name: 'Show all 25 services' })).toBeInTheDocument()
      await u.click(screen.getByRole('link', { name: 'Show all 25 services' }))
      await u.click(await screen.findByRole('button', { name: 'Tiler: Tiler' }))
      const dialog = await screen.findByRole('dialog', { name: 'Enter Service Request Details' }, { timeout: 20_000 })
      expect(within(dialog).getByRole('combobox', { name: /^Service/ })).toHaveValue('Tiler')
    })
  })
})
