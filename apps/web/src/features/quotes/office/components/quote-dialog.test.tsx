import type { CreateQuoteBody, Quote, QuoteLine, ServiceRequestDetail } from '@townworks/contract'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { i18n } from '../../../../lib/i18n'
import { MantineScope } from '../../../../lib/mantine'
import { mockApi, refuse } from '../../../../testing/api-mock'
import { aWorkerService, noRequestExtras } from '../../../../testing/fixtures'
import { renderWithRouter } from '../../../../testing/render'
import { QuoteDialog } from './quote-dialog'
import { forgetQuoteDrafts } from './use-quote-form'

beforeAll(() => i18n.loadNamespaces(['quotes', 'fieldErrors']))
// The form's schema (and zod) arrive by a dynamic import when the form is on screen (decision 055): fetched
// once here, so a busy machine's first import does not eat Testing Library's one-second wait.
beforeAll(() => import('../../../../lib/form-resolvers'), 60_000)
afterEach(() => forgetQuoteDrafts())

const request: ServiceRequestDetail = {
  id: 12,
  reference: 'TW-000012',
  name: 'Sujatha',
  phone: '+919949012345',
  email: null,
  service: 'Brick Worker',
  town: 'Armoor',
  service_date: '2030-01-15',
  state: 'open',
  reject_reason: null,
  created_at: '2030-01-01T00:00:00.000Z',
  ...noRequestExtras(),
  customer: null,
  task_id: null,
  duplicate_of: null,
}

function aLine(overrides: Partial<QuoteLine> = {}): QuoteLine {
  return {
    position: 1,
    kind: 'labour',
    description: 'Build the wall',
    service: null,
    unit: 'job',
    quantity: 1,
    unit_price_paise: 45_000,
    total_paise: 45_000,
    ...overrides,
  }
}

function aQuote(overrides: Partial<Quote> = {}): Quote {
  return {
    id: 30,
    request_id: 12,
    version: 1,
    status: 'sent',
    valid_until: '2030-01-20',
    note: null,
    visit_charge_paise: 0,
    slot: null,
    lines: [
      aLine(),
      aLine({
        position: 2,
        kind: 'material',
        description: 'River sand',
        service: 'Sand Services',
        unit: 'tractor_load',
        quantity: 2,
        unit_price_paise: 350_000,
        total_paise: 700_000,
      }),
    ],
    total_paise: 745_000,
    created_at: '2030-01-10T04:30:00.000Z',
    created_by: 'operator1',
    decided_at: null,
    decline_reason: null,
    expired: false,
    can_decide: true,
    ...overrides,
  }
}

function renderDialog() {
  return renderWithRouter(
    <MantineScope>
      <QuoteDialog request={request} onClose={() => undefined} />
    </MantineScope>,
    { role: 'operator' },
  )
}

/** The fieldset of line `n` (1-based). */
const line = (n: number) => screen.getByRole('group', { name: `Line ${n}` })

/** Replace a field's text as a person would, in one input (typing each key is slow on a busy machine). */
async function retype(u: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await u.clear(field)
  await u.click(field)
  await u.paste(text)
}

/** Fill a line: description, (material), unit, quantity, unit price. */
async function fillLine(
  u: ReturnType<typeof userEvent.setup>,
  n: number,
  values: { description: string; material?: string; unit?: string; quantity: string; price: string },
) {
  const fields = within(line(n))
  await retype(u, fields.getByLabelText(/^Description/), values.description)
  if (values.material) await u.selectOptions(fields.getByLabelText('Material'), values.material)
  if (values.unit) await u.selectOptions(fields.getByLabelText('Unit'), values.unit)
  await retype(u, fields.getByLabelText(/^Quantity/), values.quantity)
  await retype(u, fields.getByLabelText(/^Unit price/), values.price)
  await u.tab()
}

const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent)

describe('Prepare quote', { timeout: 30_000 }, () => {
  it('builds a quote of labour and sand, its totals live, and sends it as paise with one key', async () => {
    let sent: CreateQuoteBody | undefined
    const { calls } = mockApi({
      requestQuotes: () => ({ quotes: sent ? [aQuote({ created_by: 'operator1' })] : [] }),
      createQuote: ({ body }) => {
        sent = body as CreateQuoteBody
        return { message: 'Quote v1 sent to the customer', quote: aQuote() }
      },
    })
    renderDialog()
    expect(await screen.findByText('No quote has been sent for this request yet.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'New quote: version 1' })).toBeInTheDocument()
    const u = userEvent.setup()
    await fillLine(u, 1, { description: 'Build the wall', quantity: '1', price: '450' })
    expect(within(line(1)).getByTestId('line-total')).toHaveTextContent('₹450')

    await u.click(screen.getByRole('button', { name: 'Add material' }))
    const sand = within(line(2))
    // A material's units only, in words; the catalogue's materials, and the request's own service.
    expect(optionTexts(sand.getByLabelText('Unit'))).toEqual([
      'Day',
      'Tractor load',
      'Bag',
      'Piece',
      'Trip',
      'Cubic foot',
    ])
    expect(optionTexts(sand.getByLabelText('Material'))).toEqual(
      expect.arrayContaining(['As the request: Brick Worker', 'Sand Services', 'Brick Services']),
    )
    expect(optionTexts(sand.getByLabelText('Material'))).not.toContain('Plumber')
    await fillLine(u, 2, { description: 'River sand', material: 'Sand Services', quantity: '2', price: '3,500' })
    expect(sand.getByTestId('line-total')).toHaveTextContent('₹7,000')
    const total = screen.getByTestId('quote-total')
    expect(total).toHaveTextContent('₹7,450')
    expect(total.tagName).toBe('STRONG')

    await u.click(screen.getByRole('button', { name: 'Send quote' }))
    const done = await screen.findByRole('status', { name: /Quote version 1 sent/ })
    expect(done).toHaveTextContent('Sujatha got a message with a link to the quote of ₹7,450')
    const post = calls.find((c) => c.method === 'POST')!
    expect(post.url.pathname).toBe('/api/requests/12/quotes')
    expect(post.headers.get('Idempotency-Key')).toMatch(/^qt-[0-9a-f]{32}$/)
    expect(sent).toMatchObject({
      visit_charge_paise: 0,
      lines: [
        { kind: 'labour', description: 'Build the wall', unit: 'job', quantity: 1, unit_price_paise: 45_000 },
        {
          kind: 'material',
          description: 'River sand',
          service: 'Sand Services',
          unit: 'tractor_load',
          quantity: 2,
          unit_price_paise: 350_000,
        },
      ],
    })
    expect(sent?.slot).toBeUndefined()
    // The versions are read again: version 1 waits for the customer, and the next one would be 2.
    const version = await screen.findByTestId('quote-version-1')
    expect(version).toHaveTextContent('Waiting for the customer')
    expect(version).toHaveTextContent('River sand (Sand Services): 2 tractor loads × ₹3,500 = ₹7,000')
    expect(screen.getByRole('heading', { name: 'New quote: version 2' })).toBeInTheDocument()
    // What was sent stays in the form, the start of a changed quote.
    expect(within(line(2)).getByLabelText(/^Quantity/)).toHaveValue(2)
  })

  it('fills the lines from the price guide of the request’s service and town, at the middle of each range', async () => {
    const guide = (town: string, townId: number) => ({
      service_id: 4,
      service: 'Brick Worker',
      town_id: townId,
      town,
      minimum_charge_paise: 100_000,
      items: [
        {
          position: 1,
          kind: 'labour' as const,
          description: 'Mason, a day',
          unit: 'day' as const,
          typical_quantity: 2,
          low_unit_price_paise: 80_000,
          high_unit_price_paise: 95_050,
        },
        {
          position: 2,
          kind: 'material' as const,
          description: 'Red bricks',
          unit: 'piece' as const,
          typical_quantity: 500,
          low_unit_price_paise: 700,
          high_unit_price_paise: 900,
        },
      ],
      low_total_paise: 510_000,
      high_total_paise: 640_100,
      low_rupees: 5100,
      high_rupees: 6401,
      updated_by: 'admin',
      updated_at: '2030-01-01T00:00:00.000Z',
    })
    mockApi({
      requestQuotes: () => ({ quotes: [] }),
      priceGuides: () => ({ guides: [guide('Nirmal', 3), guide('Armoor', 1)] }),
    })
    renderDialog()
    const u = userEvent.setup()
    await u.click(
      await screen.findByRole(
        'button',
        { name: 'Fill from the price guide (Brick Worker, Armoor)' },
        { timeout: 10_000 },
      ),
    )
    // The one empty line gives way to the guide's two: ₹875.25 rounds to ₹875, ₹8 stays ₹8.
    expect(screen.queryByRole('group', { name: 'Line 3' })).not.toBeInTheDocument()
    expect(within(line(1)).getByLabelText(/^Description/)).toHaveValue('Mason, a day')
    expect(within(line(1)).getByLabelText('Unit')).toHaveValue('day')
    expect(within(line(1)).getByLabelText(/^Quantity/)).toHaveValue(2)
    expect(within(line(1)).getByLabelText(/^Unit price/)).toHaveValue('875')
    expect(within(line(2)).getByLabelText(/^Description/)).toHaveValue('Red bricks')
    expect(within(line(2)).getByLabelText(/^Unit price/)).toHaveValue('8')
    expect(screen.getByTestId('quote-total')).toHaveTextContent('₹5,750')
    expect(screen.getByText(/2 lines filled from the price guide/)).toHaveTextContent(
      "The guide's minimum charge is ₹1,000.",
    )
    // Filled again: the lines follow what is there, they do not replace it.
    await u.click(screen.getByRole('button', { name: 'Fill from the price guide (Brick Worker, Armoor)' }))
    expect(within(line(4)).getByLabelText(/^Description/)).toHaveValue('Red bricks')
  })

  it('refuses a quantity its unit does not count in, inline, before anything is sent', async () => {
    const { calls } = mockApi({ requestQuotes: () => ({ quotes: [] }) })
    renderDialog()
    const u = userEvent.setup()
    await screen.findByText('No quote has been sent for this request yet.')
    // Labour: a job, hours, days or trips; hours in halves.
    expect(optionTexts(within(line(1)).getByLabelText('Unit'))).toEqual(['Job (fixed price)', 'Hour', 'Day', 'Trip'])
    await fillLine(u, 1, { description: 'Plastering', unit: 'hour', quantity: '1.25', price: '300' })
    expect(await within(line(1)).findByText('Counted in whole or half units only (1.5, not 1.25).')).toBeInTheDocument()
    await retype(u, within(line(1)).getByLabelText(/^Quantity/), '1.5')
    await waitFor(() => expect(within(line(1)).queryByText(/Counted in/)).not.toBeInTheDocument())
    expect(within(line(1)).getByTestId('line-total')).toHaveTextContent('₹450')

    await u.click(screen.getByRole('button', { name: 'Add material' }))
    await fillLine(u, 2, { description: 'River sand', quantity: '1.5', price: '3500' })
    expect(await within(line(2)).findByText('Counted in whole numbers only (1, 2, 3…).')).toBeInTheDocument()
    expect(within(line(2)).getByTestId('line-total')).toHaveTextContent('—')
    expect(screen.getByText('Lines not yet filled in are not counted.')).toBeInTheDocument()
    expect(screen.getByTestId('quote-total')).toHaveTextContent('₹450')

    // Switching a line to labour takes a unit labour is counted in.
    await u.selectOptions(within(line(2)).getByLabelText('Kind'), 'labour')
    expect(within(line(2)).getByLabelText('Unit')).toHaveValue('job')
    expect(within(line(2)).queryByLabelText('Material')).not.toBeInTheDocument()
    await u.selectOptions(within(line(2)).getByLabelText('Kind'), 'material')

    await u.click(screen.getByRole('button', { name: 'Send quote' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Some fields need attention: nothing was sent.')
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)
  })

  it('checks every field on Send: a description, a price, the last day within 90 days', async () => {
    const { calls } = mockApi({ requestQuotes: () => ({ quotes: [] }) })
    renderDialog()
    const u = userEvent.setup()
    await screen.findByText('No quote has been sent for this request yet.')
    fireEvent.change(screen.getByLabelText(/^Valid until/), { target: { value: '2099-01-01' } })
    await u.type(screen.getByLabelText(/^Visit charge/), 'two hundred')
    await u.click(screen.getByRole('button', { name: 'Send quote' }))
    expect(await screen.findByText('Describe the work or the material in 2 to 120 characters.')).toBeInTheDocument()
    expect(screen.getByText('Enter the price in rupees, for example 450 or 450.50.')).toBeInTheDocument()
    expect(screen.getByText('Enter the charge in rupees (for example 200), or leave it empty.')).toBeInTheDocument()
    expect(screen.getByText(/^Choose a day from .* to .*\.$/)).toBeInTheDocument()
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)
  })

  it("puts a 400's issues on their fields and says a 409 in words, keeping what was typed", async () => {
    let answer = () =>
      refuse(400, {
        message: 'Request validation failed',
        code: 'VALIDATION_FAILED',
        issues: [
          { path: 'lines.1.service', message: 'Line 2: Sand Services is no longer offered' },
          { path: 'lines.1.quantity', message: 'Line 2: tractor loads are counted in whole numbers' },
        ],
      })
    mockApi({
      requestQuotes: () => ({ quotes: [] }),
      createQuote: () => answer(),
    })
    renderDialog()
    const u = userEvent.setup()
    await screen.findByText('No quote has been sent for this request yet.')
    await fillLine(u, 1, { description: 'Build the wall', quantity: '1', price: '450' })
    await u.click(screen.getByRole('button', { name: 'Add material' }))
    await fillLine(u, 2, { description: 'River sand', material: 'Sand Services', quantity: '2', price: '3500' })
    await u.click(screen.getByRole('button', { name: 'Send quote' }))
    expect(await within(line(2)).findByText('Line 2: Sand Services is no longer offered')).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('Some fields need attention')

    answer = () =>
      refuse(409, {
        message: 'The customer has already accepted quote v1',
        code: 'CONFLICT',
        details: { reason: 'quote_accepted' },
      })
    await u.click(screen.getByRole('button', { name: 'Send quote' }))
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'The customer has already accepted a quote for this request.',
      ),
    )
    expect(within(line(2)).getByLabelText(/^Description/)).toHaveValue('River sand')
    expect(within(line(2)).getByLabelText(/^Unit price/)).toHaveValue('3500')

    answer = () =>
      refuse(409, {
        message: 'This request is already scheduled: only an open request gets a quote',
        code: 'CONFLICT',
        details: { reason: 'request_not_open' },
      })
    await u.click(screen.getByRole('button', { name: 'Send quote' }))
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('This request is no longer open'))
  })

  it('lists every version with its state, and starts a changed quote from the latest', async () => {
    mockApi({
      requestQuotes: () => ({
        quotes: [
          aQuote({ id: 32, version: 3, note: 'Cement extra' }),
          aQuote({
            id: 31,
            version: 2,
            status: 'declined',
            decline_reason: 'Too dear',
            decided_at: '2030-01-11T06:00:00.000Z',
          }),
          aQuote({ id: 30, version: 1, status: 'superseded', created_by: null }),
        ],
      }),
    })
    renderDialog()
    expect(await screen.findByTestId('quote-version-3')).toHaveTextContent('Waiting for the customer')
    expect(screen.getByTestId('quote-version-3')).toHaveTextContent('Made')
    expect(screen.getByTestId('quote-version-3')).toHaveTextContent('by operator1')
    expect(screen.getByTestId('quote-version-2')).toHaveTextContent('Declined₹7,450')
    expect(screen.getByTestId('quote-version-2')).toHaveTextContent("The customer's reason: Too dear")
    expect(screen.getByTestId('quote-version-1')).toHaveTextContent('Superseded')
    expect(screen.getByRole('heading', { name: 'New quote: version 4' })).toBeInTheDocument()
    expect(within(line(2)).getByLabelText('Material')).toHaveValue('Sand Services')
    expect(within(line(2)).getByLabelText(/^Unit price/)).toHaveValue('3500')
    expect(screen.getByLabelText(/^Note to the customer/)).toHaveValue('Cement extra')
    expect(screen.getByTestId('quote-total')).toHaveTextContent('₹7,450')
  })

  it('keeps what was typed when the dialog is closed and opened again', async () => {
    mockApi({ requestQuotes: () => ({ quotes: [] }) })
    function Reopen() {
      const [open, setOpen] = useState(true)
      return (
        <MantineScope>
          <button type="button" onClick={() => setOpen(true)}>
            reopen
          </button>
          <QuoteDialog request={open ? request : null} onClose={() => setOpen(false)} />
        </MantineScope>
      )
    }
    renderWithRouter(<Reopen />, { role: 'operator' })
    const u = userEvent.setup()
    await screen.findByText('No quote has been sent for this request yet.')
    await fillLine(u, 1, { description: 'Build the wall', quantity: '3', price: '450' })
    await u.click(screen.getAllByRole('button', { name: 'Close' })[0]!)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await u.click(screen.getByRole('button', { name: 'reopen' }))
    const first = await screen.findByRole('group', { name: 'Line 1' })
    expect(within(first).getByLabelText(/^Description/)).toHaveValue('Build the wall')
    expect(screen.getByTestId('quote-total')).toHaveTextContent('₹1,350')
  })

  it('once a version is accepted, offers scheduling instead of a new quote', async () => {
    mockApi({
      requestQuotes: () => ({
        quotes: [aQuote({ status: 'accepted', decided_at: '2030-01-11T06:00:00.000Z', can_decide: false })],
      }),
    })
    renderDialog()
    expect(await screen.findByText('The customer accepted version 1')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Schedule TW-000012' })).toHaveAttribute('href', '/ts?requestId=12')
    expect(screen.queryByRole('button', { name: 'Send quote' })).not.toBeInTheDocument()
  })

  it("proposes a slot with a worker who offers the request's service in its town", async () => {
    let sent: CreateQuoteBody | undefined
    const { calls } = mockApi({
      requestQuotes: () => ({ quotes: [] }),
      workerServices: () => ({
        workerServices: [aWorkerService(7, 'Ravi Kumar', { service_name: 'Brick Worker', town: 'Armoor' })],
      }),
      workerSuggestions: () => ({ workers: [] }),
      createQuote: ({ body }) => {
        sent = body as CreateQuoteBody
        return refuse(409, {
          message: 'Ravi Kumar is already booked 10:00–11:00 that day (assignment 3)',
          code: 'DOUBLE_BOOKING',
          issues: [{ path: 'slot.worker_id', message: 'Busy at that time' }],
        })
      },
    })
    renderDialog()
    const u = userEvent.setup()
    await screen.findByText('No quote has been sent for this request yet.')
    await fillLine(u, 1, { description: 'Build the wall', quantity: '1', price: '450' })
    await u.click(screen.getByLabelText(/Propose a time/))
    const worker = screen.getByLabelText(/^Worker/)
    await waitFor(() => expect(optionTexts(worker)).toContain('Ravi Kumar · Armoor'))
    await u.selectOptions(worker, '7')
    fireEvent.change(screen.getByLabelText(/^Day/), { target: { value: '2030-01-15' } })
    fireEvent.change(screen.getByLabelText(/^Start time/), { target: { value: '10:00' } })
    fireEvent.change(screen.getByLabelText(/^End time/), { target: { value: '12:00' } })
    await waitFor(() => expect(optionTexts(worker)).toContain('Ravi Kumar · Armoor · busy then'))
    const roster = calls.find((c) => c.url.pathname === '/api/workerservices')!.url.searchParams
    expect(Object.fromEntries(roster)).toEqual({ service: 'Brick Worker', town: 'Armoor' })

    await u.click(screen.getByRole('button', { name: 'Send quote' }))
    expect(await screen.findByText('Busy at that time')).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The proposed time cannot be booked: Ravi Kumar is already booked',
    )
    expect(sent?.slot).toEqual({ worker_id: 7, date: '2030-01-15', start_time: '10:00:00', end_time: '12:00:00' })
  })
})

describe('Prepare quote: a materials order (decision 069)', { timeout: 30_000 }, () => {
  /** Sujatha's order: 2 tractor loads of sand, delivered in Armoor. */
  const sandOrder: ServiceRequestDetail = {
    ...request,
    service: 'Sand Services',
    order: { quantity: 2, unit: 'tractor_load' },
  }
  const sand = { service_name: 'Sand Services', town: 'Armoor' }
  const suppliers = () => ({
    workerServices: [
      aWorkerService(21, 'Mallesh', { ...sand, price_paise: 450_000, unit: 'tractor_load' }),
      aWorkerService(22, 'Yadagiri', { ...sand, price_paise: 520_050, unit: 'tractor_load' }),
      aWorkerService(23, 'Srinu', { ...sand, price_paise: 3_000, unit: 'cubic_foot' }),
    ],
  })

  function renderOrder() {
    return renderWithRouter(
      <MantineScope>
        <QuoteDialog request={sandOrder} onClose={() => undefined} />
      </MantineScope>,
      { role: 'operator' },
    )
  }

  /** Tick "Propose a time" and choose the slot's worker by id. */
  async function chooseSupplier(u: ReturnType<typeof userEvent.setup>, id: string) {
    if (!screen.queryByLabelText(/^Worker/)) await u.click(screen.getByLabelText(/Propose a time/))
    const worker = screen.getByLabelText(/^Worker/)
    await waitFor(() => expect(optionTexts(worker)).toContain('Mallesh · Armoor'))
    await u.selectOptions(worker, id)
  }

  const price = () => within(line(1)).getByLabelText(/^Unit price/)

  it('a new quote starts with the order’s material line: the service, its unit and quantity, no price yet', async () => {
    mockApi({ requestQuotes: () => ({ quotes: [] }) })
    renderOrder()
    await screen.findByText('No quote has been sent for this request yet.')
    const first = within(line(1))
    expect(first.getByLabelText('Kind')).toHaveValue('material')
    expect(first.getByLabelText(/^Description/)).toHaveValue('Sand Services')
    expect(first.getByLabelText('Material')).toHaveValue('')
    expect(optionTexts(first.getByLabelText('Material'))[0]).toBe('As the request: Sand Services')
    expect(first.getByLabelText('Unit')).toHaveValue('tractor_load')
    expect(first.getByLabelText(/^Quantity/)).toHaveValue(2)
    expect(price()).toHaveValue('')
    expect(screen.queryByRole('group', { name: 'Line 2' })).not.toBeInTheDocument()
  })

  it('the description is the service’s name in the reader’s language', async () => {
    mockApi({ requestQuotes: () => ({ quotes: [] }) })
    await i18n.loadLanguages('te')
    await i18n.changeLanguage('te')
    try {
      renderOrder()
      const description = await within(
        await screen.findByRole('group', { name: 'అంశం 1' }, { timeout: 10_000 }),
      ).findByLabelText(/^వివరణ/)
      expect(description).toHaveValue('ఇసుక సరఫరా')
    } finally {
      await i18n.changeLanguage('en')
    }
  })

  it('a slot’s supplier who prices that unit fills an empty unit price; another supplier’s replaces it; one pricing another unit takes it back', async () => {
    let sent: CreateQuoteBody | undefined
    mockApi({
      requestQuotes: () => ({ quotes: [] }),
      workerServices: suppliers,
      workerSuggestions: () => ({ workers: [] }),
      createQuote: ({ body }) => {
        sent = body as CreateQuoteBody
        return { message: 'Quote v1 sent to the customer', quote: aQuote() }
      },
    })
    renderOrder()
    const u = userEvent.setup()
    await screen.findByText('No quote has been sent for this request yet.')
    await chooseSupplier(u, '21')
    await waitFor(() => expect(price()).toHaveValue('4500'))
    expect(within(line(1)).getByTestId('line-total')).toHaveTextContent('₹9,000')
    await chooseSupplier(u, '22')
    await waitFor(() => expect(price()).toHaveValue('5200.50'))
    await chooseSupplier(u, '23')
    await waitFor(() => expect(price()).toHaveValue(''))
    await chooseSupplier(u, '21')
    await waitFor(() => expect(price()).toHaveValue('4500'))
    fireEvent.change(screen.getByLabelText(/^Day/), { target: { value: '2030-01-15' } })
    fireEvent.change(screen.getByLabelText(/^Start time/), { target: { value: '10:00' } })
    fireEvent.change(screen.getByLabelText(/^End time/), { target: { value: '12:00' } })
    await u.click(screen.getByRole('button', { name: 'Send quote' }))
    await screen.findByRole('status', { name: /Quote version 1 sent/ })
    expect(sent?.lines).toEqual([
      { kind: 'material', description: 'Sand Services', unit: 'tractor_load', quantity: 2, unit_price_paise: 450_000 },
    ])
  })

  it('never replaces a unit price the office typed', async () => {
    mockApi({
      requestQuotes: () => ({ quotes: [] }),
      workerServices: suppliers,
      workerSuggestions: () => ({ workers: [] }),
    })
    renderOrder()
    const u = userEvent.setup()
    await screen.findByText('No quote has been sent for this request yet.')
    await retype(u, price(), '4,200')
    await chooseSupplier(u, '21')
    // The roster has come and the worker is chosen: the typed price stays, whoever is chosen.
    await waitFor(() => expect(screen.getByLabelText(/^Worker/)).toHaveValue('21'))
    await chooseSupplier(u, '23')
    await chooseSupplier(u, '22')
    expect(price()).toHaveValue('4,200')
    expect(within(line(1)).getByTestId('line-total')).toHaveTextContent('₹8,400')
  })

  it('the price guide still fills: its lines follow the order’s line', async () => {
    mockApi({
      requestQuotes: () => ({ quotes: [] }),
      priceGuides: () => ({
        guides: [
          {
            service_id: 6,
            service: 'Sand Services',
            town_id: 1,
            town: 'Armoor',
            minimum_charge_paise: 0,
            items: [
              {
                position: 1,
                kind: 'material' as const,
                description: 'Delivery by tractor',
                unit: 'trip' as const,
                typical_quantity: 1,
                low_unit_price_paise: 50_000,
                high_unit_price_paise: 70_000,
              },
            ],
            low_total_paise: 50_000,
            high_total_paise: 70_000,
            low_rupees: 500,
            high_rupees: 700,
            updated_by: 'admin',
            updated_at: '2030-01-01T00:00:00.000Z',
          },
        ],
      }),
    })
    renderOrder()
    const u = userEvent.setup()
    await u.click(
      await screen.findByRole(
        'button',
        { name: 'Fill from the price guide (Sand Services, Armoor)' },
        { timeout: 10_000 },
      ),
    )
    expect(within(line(1)).getByLabelText(/^Description/)).toHaveValue('Sand Services')
    expect(within(line(1)).getByLabelText(/^Quantity/)).toHaveValue(2)
    expect(within(line(2)).getByLabelText(/^Description/)).toHaveValue('Delivery by tractor')
    expect(within(line(2)).getByLabelText(/^Unit price/)).toHaveValue('600')
  })
})
