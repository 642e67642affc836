import type { InvoiceSummary, InvoicesResponse } from '@townworks/contract'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { MantineScope } from '../../../lib/mantine'
import { mockApi, refuse } from '../../../testing/api-mock'
import { renderWithRouter } from '../../../testing/render'
import { InvoicesScreen } from './invoices-screen'

vi.setConfig({ testTimeout: 30_000 })
const slow = { timeout: 10_000 }

beforeAll(() => i18n.loadNamespaces(['invoices', 'common']))

function anInvoice(overrides: Partial<InvoiceSummary> = {}): InvoiceSummary {
  return {
    id: 1,
    kind: 'receipt',
    number: 'RC/26-27/000001',
    financial_year: '2026-27',
    payment_id: 11,
    task_id: 52,
    request_id: 123,
    customer_name: 'Lakshmi',
    taxable_paise: 45_000,
    tax_paise: 0,
    total_paise: 45_000,
    // 20 November 2026, 23:30 in India: the day of issue is India's, not UTC's (the 20th, not the 21st).
    issued_at: '2026-11-20T18:00:00.000Z',
    corrects: null,
    ...overrides,
  }
}

/** A tax invoice for task 60 (no request: named #60), and a credit note that corrects the receipt. */
const invoices = [
  anInvoice({
    id: 3,
    kind: 'credit_note',
    number: 'CN/26-27/000001',
    payment_id: 11,
    corrects: { id: 1, number: 'RC/26-27/000001' },
  }),
  anInvoice({
    id: 2,
    kind: 'tax_invoice',
    number: 'TW/26-27/000001',
    task_id: 60,
    request_id: null,
    customer_name: 'Ravi Kumar',
    taxable_paise: 42_373,
    tax_paise: 7_627,
    total_paise: 50_000,
  }),
  anInvoice(),
]

const page = (rows: InvoiceSummary[], total = rows.length): InvoicesResponse => ({
  invoices: rows,
  page: 1,
  pageSize: 20,
  total,
})

const renderScreen = (path = '/invoices') =>
  renderWithRouter(
    <MantineScope>
      <InvoicesScreen />
    </MantineScope>,
    { role: 'operator', path },
  )

describe('Receipts and invoices (/invoices)', () => {
  it('lists each document with its kind in words, day of issue, customer, task, amounts and its PDF', async () => {
    const { calls } = mockApi({ listInvoices: () => page(invoices) })
    renderScreen()

    const table = await screen.findByRole('table', { name: 'Receipts, tax invoices and credit notes' }, slow)
    expect(screen.getByText('3 documents')).toBeInTheDocument()
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'CN/26-27/000001',
      'TW/26-27/000001',
      'RC/26-27/000001',
    ])

    const [note, invoice, receipt] = rows as [HTMLElement, HTMLElement, HTMLElement]
    expect(note).toHaveTextContent('Credit note')
    expect(note).toHaveTextContent('Corrects RC/26-27/000001')
    expect(invoice).toHaveTextContent('Tax invoice')
    expect(receipt).toHaveTextContent('Receipt')
    expect(receipt).toHaveTextContent('20 Nov 2026')
    expect(invoice).toHaveTextContent('Ravi Kumar')
    // Indian grouping and the rupee sign: the shared money formatter.
    expect(invoice).toHaveTextContent('₹423.73')
    expect(invoice).toHaveTextContent('₹76.27')
    expect(invoice).toHaveTextContent('₹500')

    // The task as the office names it, opening the job (in the drawer over the list).
    expect(within(receipt).getByRole('link', { name: 'Open task TW-000123' })).toHaveAttribute(
      'href',
      '/invoices?job=52',
    )
    expect(within(invoice).getByRole('link', { name: 'Open task #60' })).toHaveTextContent('#60')

    // One PDF link a row, named with its document's number, saving the file under the number.
    const pdf = within(invoice).getByRole('link', { name: 'Download PDF of TW/26-27/000001' })
    expect(pdf).toHaveTextContent('Download PDF')
    expect(pdf).toHaveAttribute('href', '/api/invoices/2/pdf?lang=en')
    expect(pdf).toHaveAttribute('download', 'TW-26-27-000001.pdf')

    expect(calls.map((c) => `${c.name} ${c.url.search}`)).toEqual(['listInvoices ?page=1&pageSize=20'])
  })

  it('sends the filters of the address, and offers the accountant a CSV of the kind and days (not the search)', async () => {
    const { calls } = mockApi({ listInvoices: () => page(invoices.slice(0, 1)) })
    renderScreen('/invoices?kind=credit_note&from=2026-11-01&to=2026-11-30&q=Lakshmi&page=2')

    await screen.findByRole('table', {}, slow)
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({
      kind: 'credit_note',
      from: '2026-11-01',
      to: '2026-11-30',
      q: 'Lakshmi',
      page: '2',
      pageSize: '20',
    })
    const csv = screen.getByRole('link', { name: 'Download CSV for the accountant' })
    expect(csv).toHaveAttribute('href', '/api/invoices/export.csv?kind=credit_note&from=2026-11-01&to=2026-11-30')
    expect(csv).toHaveAttribute('download', 'invoices.csv')
    expect(screen.getByText(/the search does not narrow it/)).toBeInTheDocument()
    // The form shows what the list shows.
    const filters = screen.getByRole('search', { name: 'Filter the documents' })
    expect(within(filters).getByLabelText('Kind')).toHaveValue('credit_note')
    expect(within(filters).getByRole('searchbox', { name: /Number, customer or task/ })).toHaveValue('Lakshmi')
  })

  it('finds a document by what is typed, narrows by kind and days, and clears them again', async () => {
    const user = userEvent.setup()
    const { calls } = mockApi({
      listInvoices: ({ query }) => page(query.get('q') ? invoices.slice(2) : invoices),
    })
    const { router } = renderScreen()
    await screen.findByText('3 documents', {}, slow)

    const filters = screen.getByRole('search', { name: 'Filter the documents' })
    await user.type(within(filters).getByRole('searchbox', { name: /Number, customer or task/ }), 'TW-000123')
    await user.selectOptions(within(filters).getByLabelText('Kind'), 'Receipt')
    await user.type(within(filters).getByLabelText('Issued on or after'), '2026-11-01')
    await user.click(within(filters).getByRole('button', { name: 'Show' }))

    expect(await screen.findByText('1 document', {}, slow)).toBeInTheDocument()
    // The form stays in place (focus stays on Show) and says what the list shows.
    expect(within(filters).getByRole('button', { name: 'Show' })).toHaveFocus()
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      q: 'TW-000123',
      kind: 'receipt',
      from: '2026-11-01',
    })
    expect(Object.fromEntries(calls.at(-1)!.url.searchParams)).toMatchObject({
      q: 'TW-000123',
      kind: 'receipt',
      from: '2026-11-01',
    })

    await user.click(within(filters).getByRole('button', { name: 'Clear filters' }))
    expect(await screen.findByText('3 documents', {}, slow)).toBeInTheDocument()
    expect(router.state.location.search).toBe('')
    expect(within(filters).getByLabelText('Kind')).toHaveValue('')
    expect(within(filters).getByRole('searchbox', { name: /Number, customer or task/ })).toHaveValue('')
  })

  it('says on the field when the last day is before the first, and asks nothing', async () => {
    const user = userEvent.setup()
    const { calls } = mockApi({ listInvoices: () => page(invoices) })
    const { router } = renderScreen()
    await screen.findByText('3 documents', {}, slow)
    const filters = screen.getByRole('search')
    await user.type(within(filters).getByLabelText('Issued on or after'), '2026-11-20')
    await user.type(within(filters).getByLabelText('Issued on or before'), '2026-11-10')
    await user.click(within(filters).getByRole('button', { name: 'Show' }))
    expect(within(filters).getByLabelText('Issued on or before')).toHaveAccessibleDescription(
      'This date is before the first one. Choose a later date.',
    )
    expect(router.state.location.search).toBe('')
    expect(calls).toHaveLength(1)
  })

  it('pages through the server’s pages, keeping the filters', async () => {
    const user = userEvent.setup()
    const { calls } = mockApi({
      listInvoices: ({ query }) => ({ ...page(invoices, 45), page: Number(query.get('page')) }),
    })
    const { router } = renderScreen('/invoices?kind=receipt')
    expect(await screen.findByText('Page 1 of 3', {}, slow)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    expect(await screen.findByText('Page 2 of 3', {}, slow)).toBeInTheDocument()
    expect(router.state.location.search).toBe('?kind=receipt&page=2')
    expect(calls.at(-1)!.url.searchParams.get('kind')).toBe('receipt')
  })

  it('says what to do when there is no document yet, and when the filters keep none', async () => {
    mockApi({ listInvoices: () => page([]) })
    const { unmount } = renderScreen()
    const empty = await screen.findByText(/No receipts or invoices yet/, {}, slow)
    expect(within(empty).getByRole('link', { name: 'Record a payment on Payouts' })).toHaveAttribute('href', '/payouts')
    unmount()

    renderScreen('/invoices?kind=credit_note')
    expect(await screen.findByText(/No document matches these filters/, {}, slow)).toBeInTheDocument()
  })

  it('tells of an address it could not read, and shows the list without that part', async () => {
    const { calls } = mockApi({ listInvoices: () => page(invoices) })
    renderScreen('/invoices?kind=bill&q=Ravi')
    expect(await screen.findByText(/could not be read/, {}, slow)).toBeInTheDocument()
    await screen.findByRole('table', {}, slow)
    expect(calls[0]!.url.searchParams.get('kind')).toBeNull()
    expect(calls[0]!.url.searchParams.get('q')).toBe('Ravi')
  })

  it('says in words why the list could not be loaded, and tries again', async () => {
    const user = userEvent.setup()
    let fail = true
    mockApi({
      listInvoices: () => (fail ? refuse(403, { message: 'Forbidden', code: 'FORBIDDEN' }) : page(invoices)),
    })
    renderScreen()
    const alert = await screen.findByRole('alert', {}, slow)
    expect(alert).toHaveTextContent('The documents could not be loaded.')
    expect(alert).not.toHaveTextContent('Forbidden')
    fail = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('3 documents', {}, slow)).toBeInTheDocument()
  })
})
