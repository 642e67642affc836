import 'fake-indexeddb/auto'
import type { PriceRange, ServiceRequestBody } from '@townworks/contract'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { dismissOutboxItem, flushOutbox, outboxItems } from '../../../lib/offline/outbox'
import { mockApi } from '../../../testing/api-mock'
import { aMyRequest, aProfile } from '../../../testing/fixtures'
import { renderWithRouter } from '../../../testing/render'
import { DRAFT_KEY } from '../model/request-form'
import { KNOWN_TOWN_KEY, resetPriceRanges } from '../model/price-range'
import { forgetPriceRangesLoad } from '../api/price-ranges'
import { MyRequestsList } from './my-requests-list'
import { ServiceCatalog } from './service-catalog'
// Loaded on demand by the code under test: imported here so a busy machine's first import counts
// against no wait below.
import './service-request-form'
import './order-field'
import './range-text'
import './request-order'

/*
 * Issue 22 for the customer: the price guide's "about ₹X–₹Y" on the catalog's cards and in the request
 * form (decision 063), a material ordered by quantity in one of its service's units (decision 069), and
 * the order on the My requests card.
 */

const CUSTOMER = 'test-customer'
const SAND: PriceRange = {
  service_id: 6,
  service: 'Sand Services',
  town_id: 1,
  town: 'Armoor',
  low_rupees: 4000,
  high_rupees: 9500,
}
const PLUMBER: PriceRange = { ...SAND, service_id: 1, service: 'Plumber', low_rupees: 300, high_rupees: 1200 }

beforeAll(async () => {
  await i18n.loadNamespaces(['requests', 'requestDetails', 'catalog', 'myRequests', 'quotes'])
  await i18n.loadLanguages(['te'])
  await i18n.loadNamespaces(['requests', 'catalog', 'myRequests', 'quotes'])
})
async function emptyOutbox() {
  for (const item of await outboxItems()) await dismissOutboxItem(item.id)
}
beforeEach(async () => {
  localStorage.clear()
  resetPriceRanges()
  forgetPriceRangesLoad()
  await emptyOutbox()
})
afterEach(async () => {
  await emptyOutbox()
  await i18n.changeLanguage('en')
})

const renderCatalog = () => renderWithRouter(<ServiceCatalog />, { path: '/imdDisplay' })

async function openCard(u: ReturnType<typeof userEvent.setup>, name: RegExp) {
  await u.click(screen.getByRole('button', { name }))
  return screen.findByRole('dialog', {}, { timeout: 20_000 })
}

const unitChoices = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('combobox', { name: /^Unit/ }))
    .getAllByRole('option')
    .map((o) => o.textContent)

describe('the price guide’s range for a customer (decision 063)', { timeout: 60_000 }, () => {
  it('the cards say "About ₹X–₹Y in <town>" once the town is known, only where a guide exists', async () => {
    localStorage.setItem(KNOWN_TOWN_KEY, 'Armoor')
    const { calls } = mockApi({ priceRanges: () => ({ ranges: [SAND, PLUMBER] }) })
    renderCatalog()
    const sand = screen.getByRole('button', { name: /^Sand Services:/ })
    await waitFor(() => expect(sand).toHaveTextContent('About ₹4,000–₹9,500 in Armoor'), { timeout: 10_000 })
    // Read out with the card, as its description.
    expect(sand).toHaveAccessibleDescription('About ₹4,000–₹9,500 in Armoor')
    expect(screen.getByRole('button', { name: /^Plumbing:/ })).toHaveTextContent('About ₹300–₹1,200 in Armoor')
    // No guide for the electrician in Armoor: no number made up.
    expect(screen.getByRole('button', { name: 'Electrician: Electrician' })).not.toHaveTextContent('About')
    expect(calls.filter((c) => c.name === 'priceRanges')).toHaveLength(1)
  })

  it('says it in Telugu, with rupees grouped the Indian way', async () => {
    await i18n.changeLanguage('te')
    localStorage.setItem(KNOWN_TOWN_KEY, 'Armoor')
    mockApi({ priceRanges: () => ({ ranges: [{ ...SAND, low_rupees: 95_000, high_rupees: 1_25_000 }] }) })
    renderCatalog()
    await waitFor(
      () =>
        expect(
          screen.getAllByRole('button').some((b) => b.textContent?.includes('ఆర్మూర్ లో సుమారు ₹95,000–₹1,25,000')),
        ).toBe(true),
      { timeout: 10_000 },
    )
  })

  it('without a known town the cards show no range and the ranges are not fetched', async () => {
    const { calls } = mockApi({ priceRanges: () => ({ ranges: [SAND] }) })
    renderCatalog()
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(screen.getByRole('button', { name: /^Sand Services:/ })).not.toHaveTextContent('About')
    expect(calls.filter((c) => c.name === 'priceRanges')).toEqual([])
  })

  it('the form says the usual range under the town once both are chosen, and remembers the town', async () => {
    mockApi({ priceRanges: () => ({ ranges: [SAND, PLUMBER] }) })
    const u = userEvent.setup()
    renderCatalog()
    const dialog = await openCard(u, /^Plumbing:/)
    // No town yet: no range.
    expect(within(dialog).queryByTestId('price-range')).toBeNull()
    await u.click(within(dialog).getByRole('button', { name: 'Next' }))
    await u.click(await within(dialog).findByRole('combobox', { name: /^Town/ }))
    await u.click(await screen.findByRole('option', { name: 'Armoor', hidden: true }))
    expect(await within(dialog).findByTestId('price-range')).toHaveTextContent(
      'Usually about ₹300–₹1,200 in Armoor. You get the exact price to approve before any work.',
    )
    // The town is the customer's now: the catalog's cards say it there.
    await waitFor(() => expect(localStorage.getItem(KNOWN_TOWN_KEY)).toBe('Armoor'))
    // A town with no guide: nothing.
    await u.click(within(dialog).getByRole('combobox', { name: /^Town/ }))
    await u.click(await screen.findByRole('option', { name: 'Nirmal', hidden: true }))
    await waitFor(() => expect(within(dialog).queryByTestId('price-range')).toBeNull())
  })
})

describe('a material ordered by quantity (decision 069)', { timeout: 90_000 }, () => {
  it('asks "How much?" in the service’s own units only, the usual first; a job has no such field', async () => {
    mockApi({})
    const u = userEvent.setup()
    renderCatalog()
    const dialog = await openCard(u, /^Sand Services:/)
    expect(
      await within(dialog).findByRole('group', { name: 'How much do you need?' }, { timeout: 10_000 }),
    ).toBeVisible()
    expect(within(dialog).getByTestId('request-step')).toHaveTextContent('What do you need?')
    expect(unitChoices(dialog)).toEqual(['Tractor load', 'Cubic foot'])
    expect(within(dialog).getByRole('combobox', { name: /^Unit/ })).toHaveValue('tractor_load')
    // Mortar comes in bags only.
    await u.click(within(dialog).getByRole('combobox', { name: /^Service/ }))
    await u.click(await screen.findByRole('option', { name: 'Morter Services', hidden: true }))
    await waitFor(() => expect(unitChoices(dialog)).toEqual(['Bag']))
    expect(within(dialog).getByRole('combobox', { name: /^Unit/ })).toHaveValue('bag')
    // A plumber is a job.
    await u.click(within(dialog).getByRole('combobox', { name: /^Service/ }))
    await u.click(await screen.findByRole('option', { name: 'Plumber', hidden: true }))
    await waitFor(() => expect(within(dialog).queryByRole('group', { name: 'How much do you need?' })).toBeNull())
    expect(within(dialog).getByTestId('request-step')).toHaveTextContent('What is wrong?')
  })

  it('refuses 1.5 bags and 0 as typed, in the reader’s words, and keeps what was typed in the draft', async () => {
    mockApi({})
    const u = userEvent.setup()
    renderCatalog()
    const dialog = await openCard(u, /^Cement Services:/)
    const quantity = await within(dialog).findByRole('textbox', { name: /^Quantity/ }, { timeout: 10_000 })
    await u.click(within(dialog).getByRole('button', { name: 'Next' }))
    expect(await within(dialog).findByText('Enter how much you need.')).toBeVisible()
    await u.type(quantity, '1.5')
    expect(await within(dialog).findByText('Enter a whole number (2, not 1.5).')).toBeVisible()
    await u.clear(quantity)
    await u.type(quantity, '0')
    expect(await within(dialog).findByText('Enter a quantity above zero.')).toBeVisible()
    await u.clear(quantity)
    await u.type(quantity, '20000')
    expect(await within(dialog).findByText('At most 10,000 bags in one request.')).toBeVisible()
    await u.clear(quantity)
    await u.type(quantity, '50')
    await waitFor(() => expect(within(dialog).queryByText(/whole number|above zero|At most/)).toBeNull())
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(DRAFT_KEY)!)).toMatchObject({ quantity: '50', unit: 'bag' }),
    )
    // The step goes on once the order is right.
    await u.click(within(dialog).getByRole('button', { name: 'Next' }))
    expect(await within(dialog).findByText('Where?')).toBeVisible()
    // The address reads as the delivery site.
    expect(within(dialog).getByLabelText(/Delivery site: house number and street/)).toBeVisible()
  })

  it('says a refusal in Telugu', async () => {
    await i18n.changeLanguage('te')
    mockApi({})
    const u = userEvent.setup()
    renderCatalog()
    await u.click(screen.getAllByRole('button').find((b) => b.textContent?.includes('ఇసుక'))!)
    const dialog = await screen.findByRole('dialog', {}, { timeout: 20_000 })
    expect(await within(dialog).findByRole('group', { name: 'ఎంత కావాలి?' }, { timeout: 10_000 })).toBeVisible()
    expect(
      within(within(dialog).getByRole('combobox', { name: /^కొలత/ }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['ట్రాక్టర్ లోడ్', 'క్యూబిక్ అడుగు'])
    await u.type(within(dialog).getByRole('textbox', { name: /^సంఖ్య/ }), '1.5')
    await u.click(within(dialog).getByRole('button', { name: /తర్వాత|Next/ }))
    expect(await within(dialog).findByText('పూర్తి సంఖ్య రాయండి (2 అని, 1.5 కాదు).')).toBeVisible()
  })

  it('sends the order with a delivery date and site, and the request kept with no signal carries it', async () => {
    let reachable = false
    const bodies: ServiceRequestBody[] = []
    const mock = mockApi({
      me: () => aProfile({ user: CUSTOMER, display_name: 'Lakshmi Devi', phone: '+919848012345', email: null }),
      priceRanges: () => ({ ranges: [SAND] }),
      createServiceRequest: ({ body }) => {
        if (!reachable) throw new TypeError('Failed to fetch')
        bodies.push(body)
        return { message: 'Received', id: 321, reference: 'TW-000321' }
      },
    })
    const u = userEvent.setup()
    renderWithRouter(<ServiceCatalog />, { role: 'customer', path: '/imdDisplay' })
    const dialog = await openCard(u, /^Sand Services:/)
    await u.type(await within(dialog).findByRole('textbox', { name: /^Quantity/ }, { timeout: 10_000 }), '2')
    await u.click(within(dialog).getByRole('button', { name: 'Next' }))
    await u.type(await within(dialog).findByLabelText(/Delivery site/), '12-3 Gandhi Road')
    await u.click(within(dialog).getByRole('combobox', { name: /^Town/ }))
    await u.click(await screen.findByRole('option', { name: 'Armoor', hidden: true }))
    expect(await within(dialog).findByTestId('price-range')).toHaveTextContent(
      'Usually about ₹4,000–₹9,500 in Armoor. You get the exact price to approve before anything is delivered.',
    )
    await u.click(within(dialog).getByRole('button', { name: 'Next' }))
    expect(await within(dialog).findByRole('group', { name: 'Delivery date' })).toBeVisible()
    await u.click(within(dialog).getByRole('radio', { name: 'Tomorrow' }))
    await u.click(within(dialog).getByRole('radio', { name: 'Morning (8–12)' }))
    await u.click(within(dialog).getByRole('button', { name: 'Next' }))
    const name = await within(dialog).findByLabelText(/Your Name/)
    await waitFor(() => expect(name).not.toHaveValue(''))
    await u.click(within(dialog).getByRole('button', { name: 'SUBMIT' }))

    // No signal: it waits on the phone with its order.
    await waitFor(async () => expect((await outboxItems(CUSTOMER))[0]?.state).toBe('waiting'), { timeout: 10_000 })
    const [item] = await outboxItems(CUSTOMER)
    expect(item!.payload).toMatchObject({ values: { service: 'Sand Services', quantity: '2', unit: 'tractor_load' } })
    reachable = true
    await act(() => flushOutbox())
    expect(
      await within(dialog).findByText('Your reference number is TW-000321.', {}, { timeout: 10_000 }),
    ).toBeVisible()
    // What comes next is a supplier and a delivery, not a worker.
    expect(within(dialog).getByText(/to confirm the supplier, the price and the delivery time/)).toBeVisible()
    expect(bodies[0]).toMatchObject({
      service: 'Sand Services',
      town: 'Armoor',
      address: '12-3 Gandhi Road',
      order: { quantity: 2, unit: 'tractor_load' },
    })
    expect(mock.calls.filter((c) => c.name === 'priceRanges')).toHaveLength(1)
  })

  it('a job’s request carries no order, whatever was typed for a material before', async () => {
    const { calls } = mockApi({ createServiceRequest: () => ({ message: 'Received', id: 9, reference: 'TW-000009' }) })
    localStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({
        quantity: '3',
        unit: 'bag',
        address: '1 Main Road',
        town: 'Nirmal',
        name: 'Ravi',
        phone: '9848012345',
      }),
    )
    const u = userEvent.setup()
    renderCatalog()
    const dialog = await openCard(u, /^Electrician: Electrician$/)
    await u.click(within(dialog).getByRole('button', { name: 'Next' }))
    await u.click(await within(dialog).findByRole('button', { name: 'Next' }))
    await u.click(await within(dialog).findByRole('radio', { name: 'Tomorrow' }))
    await u.click(within(dialog).getByRole('radio', { name: 'Evening (4–7)' }))
    await u.click(within(dialog).getByRole('button', { name: 'Next' }))
    await u.click(await within(dialog).findByRole('button', { name: 'SUBMIT' }))
    expect(await screen.findByText('Your reference number is TW-000009.', {}, { timeout: 10_000 })).toBeVisible()
    const body = calls.find((c) => c.name === 'createServiceRequest')!.body as ServiceRequestBody
    expect(body.service).toBe('Electrician')
    expect(body).not.toHaveProperty('order')
    expect(screen.getByText(/to confirm the worker and the time/)).toBeVisible()
  })
})

describe('My requests: a request’s order (decision 069)', { timeout: 30_000 }, () => {
  const withOrder = aMyRequest(null, {
    service: 'Sand Services',
    order: { quantity: 2, unit: 'tractor_load' },
  })

  it.each([
    ['en', 'Order: 2 tractor loads'],
    ['te', 'ఆర్డర్: 2 ట్రాక్టర్ లోడ్లు'],
    ['hi', 'ऑर्डर: 2 ट्रैक्टर लोड'],
  ])('shows it on the card in %s; a job’s card has none', async (language, words) => {
    await i18n.changeLanguage(language)
    const job = aMyRequest(null, { id: 46, reference: 'TW-000046', order: null })
    mockApi({ myRequests: () => ({ gst_invoices: false, requests: [withOrder, job] }) })
    renderWithRouter(<MyRequestsList />, { role: 'customer', path: '/my/requests' })
    const card = await screen.findByRole('article', { name: /TW-000045/ }, { timeout: 10_000 })
    expect(await within(card).findByTestId('request-order', {}, { timeout: 10_000 })).toHaveTextContent(words)
    expect(within(screen.getByRole('article', { name: /TW-000046/ })).queryByTestId('request-order')).toBeNull()
    if (language === 'en') {
      expect(card).toHaveTextContent(
        'An operator will call you to confirm the supplier, the price and the delivery time.',
      )
      expect(screen.getByRole('article', { name: /TW-000046/ })).toHaveTextContent(
        'An operator will call you to confirm a worker and a time.',
      )
    }
  })
})
