import type { AcceptQuoteResponse, MyRequest, Quote, QuoteRefusal } from '@townworks/contract'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { mockApi, refuse } from '../../../testing/api-mock'
import { aMyRequest, anError, aQuote } from '../../../testing/fixtures'
import { renderApp } from '../../../testing/render'
import { quantityText } from '../../../lib/quantity-text'
// The panel is fetched for a request with a quote: import it with the tests, not on the first render.
import './quote-panel'

vi.setConfig({ testTimeout: 30_000 })
const slow = { timeout: 10_000 }

beforeAll(() => i18n.loadNamespaces(['myRequests', 'quotes']))

/** Request TW-000045, open, with this quote. */
const withQuote = (quote: Quote | null, overrides: Partial<MyRequest> = {}) => aMyRequest(null, { quote, ...overrides })

/** Quote 2 of the request: a ₹200 visit charge, a slot with Ravi Kumar and a note. */
const second = (overrides: Partial<Quote> = {}) =>
  aQuote({
    id: 82,
    version: 2,
    visit_charge_paise: 20_000,
    total_paise: 870_000,
    note: 'Sand from the Godavari bed.\nWe bring it on the day.',
    slot: { worker_id: 3, worker_name: 'Ravi Kumar', date: '2031-01-05', start_time: '10:00:00', end_time: '12:00:00' },
    ...overrides,
  })

const accepted = (quote: Quote): Quote => ({
  ...quote,
  status: 'accepted',
  can_decide: false,
  decided_at: '2031-01-02T05:00:00.000Z',
})

const answer = (quote: Quote, extra: Partial<AcceptQuoteResponse> = {}): AcceptQuoteResponse => ({
  message: 'accepted',
  quote: accepted(quote),
  scheduled: null,
  slot_unavailable: false,
  ...extra,
})

const refusal = (reason: QuoteRefusal) => refuse(409, { ...anError('CONFLICT', 'Refused'), details: { reason } })

async function openCard() {
  renderApp({ role: 'customer', path: '/my/requests' })
  return screen.findByRole('article', {}, slow)
}

describe('My requests: the quote the customer decides on (issue 22)', () => {
  it('shows a waiting quote in full: version, each line in its unit, visit charge, total, last day, note, slot', async () => {
    mockApi({ myRequests: () => ({ gst_invoices: false, requests: [withQuote(second())] }) })
    const card = await openCard()
    const panel = await within(card).findByRole('region', { name: 'Your quote' }, slow)
    expect(panel).toHaveTextContent('Quote 2 · This replaces the earlier quote.')
    const lines = within(panel).getByRole('table', { name: 'What quote 2 covers' })
    const rows = within(lines).getAllByRole('row')
    expect(rows.map((row) => row.textContent)).toEqual([
      'Lay the sand1 job × ₹1,500₹1,500',
      'Sand2 tractor loads × ₹3,500₹7,000',
      'Visit charge₹200',
      'Total₹8,700',
    ])
    expect(within(lines).getByText('₹8,700').tagName).toBe('STRONG')
    expect(panel).toHaveTextContent('Valid until 10 Jan 2031.')
    expect(panel).toHaveTextContent('Proposed visitRavi Kumar, 5 Jan 2031, 10:00–12:00')
    expect(within(panel).getByText(/Sand from the Godavari bed/)).toHaveClass('quote-panel__note')
    // The quote to keep or show someone: its PDF in the reader's language.
    const pdf = within(panel).getByRole('link', { name: 'Download the quote (PDF)' })
    expect(pdf).toHaveAttribute('href', `/api/quotes/${second().id}/pdf?lang=en`)
    expect(pdf).toHaveAttribute('download')
    const actions = within(panel).getByRole('group', { name: 'Your decision' })
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Accept quote of ₹8,700', 'Decline'])
    // The quote says what to do: not the card's "an operator will call you".
    expect(card).not.toHaveTextContent('An operator will call you')
  })

  it('a first version does not speak of an earlier one', async () => {
    mockApi({ myRequests: () => ({ gst_invoices: false, requests: [withQuote(aQuote())] }) })
    const card = await openCard()
    const panel = await within(card).findByRole('region', { name: 'Your quote' }, slow)
    expect(panel).toHaveTextContent('Quote 1')
    expect(panel).not.toHaveTextContent('replaces')
    expect(panel).not.toHaveTextContent('Visit charge')
    expect(panel).not.toHaveTextContent('Proposed visit')
  })

  it('accepting asks first, then says the office will schedule, and the card shows the quote accepted', async () => {
    let quote = aQuote()
    const mock = mockApi({
      myRequests: () => ({ gst_invoices: false, requests: [withQuote(quote)] }),
      acceptQuote: () => {
        quote = accepted(quote)
        return answer(aQuote())
      },
    })
    const user = userEvent.setup()
    const card = await openCard()
    await user.click(await within(card).findByRole('button', { name: 'Accept quote of ₹8,500' }, slow))
    const dialog = screen.getByRole('dialog', { name: 'Accept quote 1?' })
    expect(dialog).toHaveTextContent('You agree to pay ₹8,500 for this work.')
    expect(dialog).toHaveTextContent('The office will then schedule your visit.')
    // Going back sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(mock.calls.filter((c) => c.name === 'acceptQuote')).toHaveLength(0)

    await user.click(within(card).getByRole('button', { name: 'Accept quote of ₹8,500' }))
    const reads = mock.calls.filter((c) => c.name === 'myRequests').length
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, accept' }))
    const notice = await within(card).findByText(
      'You accepted quote 1. The office will now schedule your visit and call you.',
      {},
      slow,
    )
    expect(notice).toHaveFocus()
    expect(notice.closest('[role="status"]')).not.toBeNull()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(mock.calls.find((c) => c.name === 'acceptQuote')?.url.pathname).toBe('/api/quotes/81/accept')
    // My requests was read again: the card shows the quote as accepted, and the office's call to come.
    expect(mock.calls.filter((c) => c.name === 'myRequests').length).toBeGreaterThan(reads)
    expect(card).toHaveTextContent('✓ You accepted quote 1 on 2 Jan 2031, ₹8,500.')
    expect(card).toHaveTextContent('An operator will call you to confirm a worker and a time.')
    expect(within(card).queryByRole('button', { name: /Accept quote/ })).not.toBeInTheDocument()
  })

  it('accepting a quote with a slot says when the visit is booked, or that the time was taken', async () => {
    const quote = second()
    let scheduled = true
    mockApi({
      myRequests: () => ({ gst_invoices: false, requests: [withQuote(quote)] }),
      acceptQuote: () =>
        scheduled
          ? answer(quote, { scheduled: { task_id: 9, assignment_id: 4 } })
          : answer(quote, { slot_unavailable: true }),
    })
    const user = userEvent.setup()
    const card = await openCard()
    await user.click(await within(card).findByRole('button', { name: 'Accept quote of ₹8,700' }, slow))
    expect(screen.getByRole('dialog')).toHaveTextContent(
      'Ravi Kumar will be booked for 5 Jan 2031, 10:00–12:00, if still free then.',
    )
    await user.click(screen.getByRole('button', { name: 'Yes, accept' }))
    expect(
      await within(card).findByText(
        'You accepted quote 2. Your visit is booked: Ravi Kumar, 5 Jan 2031, 10:00–12:00.',
        {},
        slow,
      ),
    ).toBeInTheDocument()

    scheduled = false
    await user.click(within(card).getByRole('button', { name: 'Accept quote of ₹8,700' }))
    await user.click(screen.getByRole('button', { name: 'Yes, accept' }))
    expect(
      await within(card).findByText(
        'You accepted quote 2. The proposed time is no longer free, so the office will call you to fix another.',
        {},
        slow,
      ),
    ).toBeInTheDocument()
  })

  it('a newer version sent meanwhile: the dialog closes, the card says so and shows the new one', async () => {
    let quote = aQuote()
    mockApi({
      myRequests: () => ({ gst_invoices: false, requests: [withQuote(quote)] }),
      acceptQuote: () => {
        quote = second({ id: 90 })
        return refusal('superseded')
      },
    })
    const user = userEvent.setup()
    const card = await openCard()
    await user.click(await within(card).findByRole('button', { name: 'Accept quote of ₹8,500' }, slow))
    await user.click(screen.getByRole('button', { name: 'Yes, accept' }))
    expect(await within(card).findByText('The office sent a newer quote: here it is.', {}, slow)).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(await within(card).findByRole('button', { name: 'Accept quote of ₹8,700' }, slow)).toBeInTheDocument()
    expect(card).toHaveTextContent('Quote 2 · This replaces the earlier quote.')
  })

  it.each([
    ['already_accepted', 'You have already accepted this quote.'],
    ['already_declined', 'You have already declined this quote.'],
    ['expired', 'This quote has expired, so it can no longer be accepted. The office can send you a new one.'],
    [
      'request_not_open',
      'The office has already scheduled or closed this request, so the quote can no longer be changed.',
    ],
  ] as const)('a refusal (%s) is said in the customer’s words', async (reason, words) => {
    mockApi({
      myRequests: () => ({ gst_invoices: false, requests: [withQuote(aQuote())] }),
      acceptQuote: () => refusal(reason),
    })
    const user = userEvent.setup()
    const card = await openCard()
    await user.click(await within(card).findByRole('button', { name: 'Accept quote of ₹8,500' }, slow))
    await user.click(screen.getByRole('button', { name: 'Yes, accept' }))
    expect(await within(card).findByText(words, {}, slow)).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('no answer from the server: said in the dialog, nothing changed, and trying again works', async () => {
    let fail = true
    mockApi({
      myRequests: () => ({ gst_invoices: false, requests: [withQuote(aQuote())] }),
      acceptQuote: () => {
        if (fail) throw new TypeError('Failed to fetch')
        return answer(aQuote())
      },
    })
    const user = userEvent.setup()
    const card = await openCard()
    await user.click(await within(card).findByRole('button', { name: 'Accept quote of ₹8,500' }, slow))
    await user.click(screen.getByRole('button', { name: 'Yes, accept' }))
    const dialog = screen.getByRole('dialog')
    expect(await within(dialog).findByRole('alert', {}, slow)).toHaveTextContent(
      'No response from TownWorks: nothing was changed. Check your connection and try again.',
    )
    fail = false
    await user.click(within(dialog).getByRole('button', { name: 'Yes, accept' }))
    expect(
      await within(card).findByText(
        'You accepted quote 1. The office will now schedule your visit and call you.',
        {},
        slow,
      ),
    ).toBeInTheDocument()
  })

  it('declining asks why (optional), keeps what was typed when it fails, then shows the request closed with the reason', async () => {
    let request = withQuote(aQuote())
    let fail = true
    const mock = mockApi({
      myRequests: () => ({ gst_invoices: false, requests: [request] }),
      declineQuote: ({ body }) => {
        if (fail) return refuse(500, anError('INTERNAL', 'Something broke'))
        const quote: Quote = {
          ...aQuote(),
          status: 'declined',
          can_decide: false,
          decided_at: '2031-01-02T05:00:00.000Z',
          decline_reason: body.reason ?? null,
        }
        request = withQuote(quote, {
          state: 'rejected',
          reject_reason: `Customer declined the quote: ${body.reason ?? ''}`,
        })
        return { message: 'declined', quote }
      },
    })
    const user = userEvent.setup()
    const card = await openCard()
    await user.click(await within(card).findByRole('button', { name: 'Decline' }, slow))
    const dialog = screen.getByRole('dialog', { name: 'Decline quote 1?' })
    expect(dialog).toHaveTextContent('Your request will then be closed.')
    const reason = within(dialog).getByRole('textbox', { name: 'Why are you declining? (optional)' })
    expect(reason).toHaveAccessibleDescription(/The office reads this/)
    await user.type(reason, 'Too costly for now')
    await user.click(within(dialog).getByRole('button', { name: 'Decline quote' }))
    expect(await within(dialog).findByRole('alert', {}, slow)).toHaveTextContent(/^Not done: /)
    expect(reason).toHaveValue('Too costly for now')

    fail = false
    await user.click(within(dialog).getByRole('button', { name: 'Decline quote' }))
    expect(
      await within(card).findByText(/You declined quote 1\. Your request is closed\./, {}, slow),
    ).toBeInTheDocument()
    expect(within(card).getByRole('link', { name: 'Ask for a service again' })).toHaveAttribute('href', '/imdDisplay')
    expect(mock.calls.find((c) => c.name === 'declineQuote')?.body).toEqual({ reason: 'Too costly for now' })
    expect(await within(card).findByText('You declined quote 1 on 2 Jan 2031.', {}, slow)).toBeInTheDocument()
    expect(card).toHaveTextContent('Your reason: Too costly for now')
    // Closed by the customer: not "not possible", and not the server's English reason again.
    expect(within(card).getByText('Closed')).toHaveClass('requests-mine-card__badge')
    expect(card).not.toHaveTextContent('Customer declined the quote')
  })

  it('declining without a reason sends none', async () => {
    const mock = mockApi({
      myRequests: () => ({ gst_invoices: false, requests: [withQuote(aQuote())] }),
      declineQuote: () => ({ message: 'declined', quote: { ...aQuote(), status: 'declined', can_decide: false } }),
    })
    const user = userEvent.setup()
    const card = await openCard()
    await user.click(await within(card).findByRole('button', { name: 'Decline' }, slow))
    await user.type(screen.getByRole('textbox'), '   ')
    await user.click(screen.getByRole('button', { name: 'Decline quote' }))
    await within(card).findByText(/You declined quote 1/, {}, slow)
    expect(mock.calls.find((c) => c.name === 'declineQuote')?.body).toEqual({})
  })

  it('an expired quote says so, with its last day, and offers no buttons', async () => {
    mockApi({
      myRequests: () => ({ gst_invoices: false, requests: [withQuote(aQuote({ expired: true, can_decide: false }))] }),
    })
    const card = await openCard()
    expect(
      await within(card).findByText(
        'Quote 1 was valid until 10 Jan 2031 and has expired; the office can send you a new one.',
        {},
        slow,
      ),
    ).toBeInTheDocument()
    expect(within(card).queryByRole('button', { name: /Accept|Decline/ })).not.toBeInTheDocument()
  })

  it('an accepted quote is one line, its lines one tap away', async () => {
    mockApi({ myRequests: () => ({ gst_invoices: false, requests: [withQuote(accepted(second()))] }) })
    const user = userEvent.setup()
    const card = await openCard()
    expect(await within(card).findByText(/You accepted quote 2 on 2 Jan 2031, ₹8,700\./, {}, slow)).toBeInTheDocument()
    await user.click(within(card).getByText('What it covered'))
    expect(within(card).getByRole('table', { name: 'What quote 2 covers' })).toBeVisible()
  })

  it('a request without a quote loads none of it', async () => {
    const mock = mockApi({ myRequests: () => ({ gst_invoices: false, requests: [withQuote(null)] }) })
    const card = await openCard()
    expect(card).toHaveTextContent('An operator will call you')
    expect(within(card).queryByRole('region', { name: 'Your quote' })).not.toBeInTheDocument()
    expect(mock.calls.map((c) => c.name)).not.toContain('acceptQuote')
  })
})

describe('quantities in the reader’s language', () => {
  beforeAll(() =>
    Promise.all(['te', 'hi'].map((lng) => i18n.loadLanguages(lng).then(() => i18n.loadNamespaces('quotes')))),
  )

  it.each([
    ['en', 2, 'tractor_load', '2 tractor loads'],
    ['en', 1, 'bag', '1 bag'],
    ['en', 1.5, 'hour', '1.5 hours'],
    ['en', 2000, 'piece', '2,000 pieces'],
    ['en', 2.25, 'cubic_foot', '2.25 cubic feet'],
    ['te', 2, 'tractor_load', '2 ట్రాక్టర్ లోడ్లు'],
    ['te', 1, 'tractor_load', '1 ట్రాక్టర్ లోడ్'],
    ['te', 50, 'bag', '50 బస్తాలు'],
    ['te', 1, 'job', '1 పని'],
    ['te', 1.5, 'hour', '1.5 గంటలు'],
    ['te', 2.25, 'cubic_foot', '2.25 క్యూబిక్ అడుగులు'],
    ['hi', 2, 'tractor_load', '2 ट्रैक्टर लोड'],
    ['hi', 50, 'bag', '50 बोरियाँ'],
    ['hi', 1, 'hour', '1 घंटा'],
    ['hi', 3, 'hour', '3 घंटे'],
    ['hi', 2, 'trip', '2 फेरे'],
  ] as const)('%s: %s %s is “%s”', async (lng, quantity, unit, words) => {
    await i18n.loadNamespaces('quotes')
    const t = i18n.getFixedT(lng, 'quotes')
    expect(quantityText(t, quantity, unit, lng)).toBe(words)
  })
})
