import 'fake-indexeddb/auto'
import type { ServiceRequestBody } from '@townworks/contract'
import { IDEMPOTENCY_KEY_HEADER } from '@townworks/contract/constants'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { dismissOutboxItem, flushOutbox, outboxItems } from '../../../lib/offline/outbox'
import { mockApi, refuse } from '../../../testing/api-mock'
import { aMyRequest, aProfile } from '../../../testing/fixtures'
import { renderWithRouter } from '../../../testing/render'
import { DRAFT_KEY } from '../model/request-form'
import { QUEUED_REQUESTS_KEY } from '../model/queued-hint'
import { REQUEST_KIND } from '../model/request-outbox'
import { MyRequestsList } from './my-requests-list'
import { ServiceCatalog } from './service-catalog'
// Loaded on demand by the code under test: imported here so a busy machine's first import counts
// against no wait below.
import './service-request-form'
import './queued-requests'
import './my-requests-offline'

/*
 * Issue 23, a customer on 2G: a request sent with no signal waits on the phone (the outbox) with its
 * Idempotency-Key, goes when the network returns, and shows its reference; a refusal then shows why and
 * the form again with what was typed. My requests shows its last loaded list, and what waits to be sent.
 */

const CUSTOMER = 'test-customer'

beforeAll(async () => {
  await i18n.loadNamespaces(['requests', 'requestDetails', 'catalog', 'myRequests', 'apiErrors', 'errors'])
})
// Emptied item by item: the request kind, defined once when its module loads, stays defined.
async function emptyOutbox() {
  for (const item of await outboxItems()) await dismissOutboxItem(item.id)
}
beforeEach(async () => {
  localStorage.clear()
  await emptyOutbox()
})
afterEach(emptyOutbox)

/** The server, with no network until `online()`; what reached it, with each call's Idempotency-Key. */
function server(
  answer: (body: ServiceRequestBody) => unknown = () => ({ message: 'Received', id: 321, reference: 'TW-000321' }),
) {
  let reachable = false
  const stored: { body: ServiceRequestBody; key: string | null }[] = []
  const mock = mockApi({
    me: () => aProfile({ user: CUSTOMER, display_name: 'Lakshmi Devi', phone: '+919848012345', email: null }),
    createServiceRequest: ({ body }) => {
      if (!reachable) throw new TypeError('Failed to fetch')
      return answer(body) as never
    },
  })
  const keys = () =>
    mock.calls.filter((c) => c.name === 'createServiceRequest').map((c) => c.headers.get(IDEMPOTENCY_KEY_HEADER))
  return { ...mock, stored, keys, online: () => (reachable = true) }
}

/** A plumber's request, to its last step, as a customer fills it. */
async function fillRequest(u: ReturnType<typeof userEvent.setup>) {
  await u.click(screen.getByRole('button', { name: /^Plumbing:/ }))
  const dialog = await screen.findByRole('dialog', { name: 'Enter Service Request Details' }, { timeout: 20_000 })
  await u.click(within(dialog).getByRole('checkbox', { name: 'Leak' }))
  await u.click(within(dialog).getByRole('button', { name: 'Next' }))
  await u.type(await within(dialog).findByLabelText(/House number and street/), '12-3 Gandhi Road')
  await u.click(within(dialog).getByRole('combobox', { name: /^Town/ }))
  await u.click(await screen.findByRole('option', { name: 'Nirmal', hidden: true }))
  await u.click(within(dialog).getByRole('button', { name: 'Next' }))
  await u.click(await within(dialog).findByRole('radio', { name: 'Tomorrow' }))
  await u.click(within(dialog).getByRole('radio', { name: 'Morning (8–12)' }))
  await u.click(within(dialog).getByRole('button', { name: 'Next' }))
  // The account's name and number are filled in; typed here as the customer would see them.
  const name = await within(dialog).findByLabelText(/Your Name/)
  await waitFor(() => expect(name).not.toHaveValue(''))
  await u.clear(name)
  await u.type(name, 'Lakshmi Devi')
  const phone = within(dialog).getByLabelText(/Mobile Number/)
  await u.clear(phone)
  await u.type(phone, '98480 12345')
  return dialog
}

const SAVED = 'No signal — your request is saved on this phone and will be sent when you are back online.'

describe('a request sent with no signal (issue 23)', { timeout: 60_000 }, () => {
  it('waits on the phone with its Idempotency-Key, keeps the draft, and shows the reference once sent', async () => {
    const api = server()
    const u = userEvent.setup()
    renderWithRouter(<ServiceCatalog />, { role: 'customer', path: '/imdDisplay' })
    const dialog = await fillRequest(u)
    await u.click(within(dialog).getByRole('button', { name: 'SUBMIT' }))

    expect(await within(dialog).findByText(SAVED)).toBeVisible()
    await waitFor(async () => expect((await outboxItems(CUSTOMER))[0]?.state).toBe('waiting'))
    const [item] = await outboxItems(CUSTOMER)
    expect(item).toMatchObject({ kind: REQUEST_KIND, owner: CUSTOMER, state: 'waiting', attempts: 1 })
    expect(item!.payload).toMatchObject({ values: { address: '12-3 Gandhi Road', town: 'Nirmal', service: 'Plumber' } })
    // The key of the try that found no network is the item's: a retry can never store it twice.
    expect(item!.id).toMatch(/^sr-[0-9a-f]{32}$/)
    expect(api.keys().length).toBeGreaterThan(0)
    expect(new Set(api.keys())).toEqual(new Set([item!.id]))
    // The draft stays until the request is accepted; home and the catalog know one waits.
    expect(JSON.parse(localStorage.getItem(DRAFT_KEY)!)).toMatchObject({ address: '12-3 Gandhi Road' })
    expect(localStorage.getItem(QUEUED_REQUESTS_KEY)).not.toBeNull()

    // The network returns.
    api.online()
    await act(() => flushOutbox())
    expect(
      await within(dialog).findByText('Your reference number is TW-000321.', {}, { timeout: 10_000 }),
    ).toBeVisible()
    // Every try, the form's and the outbox's, carried the one key.
    expect(new Set(api.keys())).toEqual(new Set([item!.id]))
    // Seen: it leaves the outbox, and the draft goes.
    await waitFor(async () => expect(await outboxItems()).toEqual([]))
    expect(JSON.parse(localStorage.getItem(DRAFT_KEY) ?? '{}')).toMatchObject({ address: '', town: '' })
    await waitFor(() => expect(localStorage.getItem(QUEUED_REQUESTS_KEY)).toBeNull())
  })

  it('a refusal after the network returns shows why, and the form again with what was typed', async () => {
    const api = server(() =>
      refuse(400, {
        message: 'Nirmal does not offer Plumber any more',
        code: 'VALIDATION_FAILED',
        issues: [{ path: 'town', message: 'Nirmal does not offer Plumber any more', code: 'custom' }],
      } as never),
    )
    const u = userEvent.setup()
    renderWithRouter(<ServiceCatalog />, { role: 'customer', path: '/imdDisplay' })
    const dialog = await fillRequest(u)
    await u.click(within(dialog).getByRole('button', { name: 'SUBMIT' }))
    expect(await within(dialog).findByText(SAVED)).toBeVisible()

    api.online()
    await act(() => flushOutbox())
    // Back at the step the server named, with the typed values and its reason.
    expect(await within(dialog).findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'Please correct the marked fields. Everything you typed is still here.',
    )
    expect(within(dialog).getByText('Nirmal does not offer Plumber any more')).toBeVisible()
    expect(within(dialog).getByRole('combobox', { name: /^Town/ })).toHaveValue('Nirmal')
    expect(within(dialog).getByLabelText(/House number and street/)).toHaveValue('12-3 Gandhi Road')
    await waitFor(async () => expect(await outboxItems()).toEqual([]))
  })

  it('a refusal seen outside the form says why in the reader’s language and opens the form again', async () => {
    const api = server(() => refuse(409, { message: 'Nirmal is not taking requests now', code: 'CONFLICT' }))
    const u = userEvent.setup()
    renderWithRouter(<ServiceCatalog />, { role: 'customer', path: '/imdDisplay' })
    const dialog = await fillRequest(u)
    await u.click(within(dialog).getByRole('button', { name: 'SUBMIT' }))
    expect(await within(dialog).findByText(SAVED)).toBeVisible()
    await u.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!)
    // The catalog lists it as waiting.
    const queued = await screen.findByTestId('queued-requests', {}, { timeout: 10_000 })
    expect(queued).toHaveTextContent('Waiting to send:')

    api.online()
    await act(() => flushOutbox())
    expect(await within(queued).findByRole('alert')).toHaveTextContent('Request not sent: Plumber in Nirmal, for')
    expect(within(queued).getByRole('alert')).toHaveTextContent('Reason: Nirmal is not taking requests now')
    await act(() => i18n.changeLanguage('te'))
    expect(within(queued).getByRole('alert')).toHaveTextContent('అభ్యర్థన వెళ్లలేదు')
    await act(() => i18n.changeLanguage('en'))

    await u.click(within(queued).getByRole('button', { name: 'Change and send again' }))
    const again = await screen.findByRole('dialog', { name: 'Enter Service Request Details' })
    expect(await within(again).findByRole('alert')).toHaveTextContent('Nirmal is not taking requests now')
    expect(within(again).getByLabelText(/Your Name/)).toHaveValue('Lakshmi Devi')
    await waitFor(async () => expect(await outboxItems()).toEqual([]))
  })
})

describe('My requests with no signal (issue 23)', { timeout: 60_000 }, () => {
  it('shows the list last loaded, when it was loaded, and a request waiting to be sent at the top', async () => {
    let reachable = true
    mockApi({
      me: () => aProfile({ user: CUSTOMER }),
      myRequests: () => {
        if (!reachable) throw new TypeError('Failed to fetch')
        return { gst_invoices: false, requests: [aMyRequest(null, { reference: 'TW-000045' })] }
      },
      createServiceRequest: () => {
        throw new TypeError('Failed to fetch')
      },
    })
    const first = renderWithRouter(<MyRequestsList />, { role: 'customer', path: '/my/requests' })
    expect(await screen.findByRole('article', { name: /TW-000045/ }, { timeout: 10_000 })).toBeVisible()
    first.unmount()

    // Later, with no signal, and a request waiting on the phone.
    reachable = false
    const { queueRequest } = await import('../model/request-outbox')
    await queueRequest(CUSTOMER, 'sr-0123456789abcdef0123456789abcdef', {
      language: 'en',
      values: {
        name: 'Lakshmi Devi',
        phone: '9848012345',
        email: '',
        service: 'Electrician',
        town: 'Armoor',
        service_date: '2031-01-05',
        address: '1-2 Main Road',
        landmark: '',
        description: '',
        problems: [],
        time_window: 'morning',
        lat: null,
        lng: null,
        photo: null,
        preferred_worker: null,
        quantity: '',
        unit: '',
      },
    })
    renderWithRouter(<MyRequestsList />, { role: 'customer', path: '/my/requests' })
    expect(await screen.findByRole('article', { name: /TW-000045/ }, { timeout: 10_000 })).toBeVisible()
    const note = await screen.findByTestId('my-requests-offline', {}, { timeout: 10_000 })
    expect(note).toHaveTextContent(/^Last updated at \d\d:\d\d\. No signal/)
    const queued = await screen.findByTestId('queued-requests')
    expect(queued).toHaveTextContent('Waiting to send: Electrician in Armoor, for')
    // At the top: before the list.
    expect(queued.compareDocumentPosition(screen.getByRole('article')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })
})
