import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { CATALOG_CARDS } from '@townworks/contract/constants'
import { beforeAll, describe, expect, it } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { mockApi, refuse } from '../../../testing/api-mock'
import { anError } from '../../../testing/fixtures'
import { renderWithRouter } from '../../../testing/render'
import { todayInKolkata } from '../../../lib/format'
import { ILLUSTRATED_SLUGS } from './service-illustration'
import { filterCards, ServiceCatalog } from './service-catalog'

beforeAll(() => i18n.loadNamespaces('requests'))

// No MantineScope around it: the catalog is plain elements, and the form brings Mantine with it.
const renderCatalog = () => renderWithRouter(<ServiceCatalog />)

const cardButtons = () => within(screen.getByRole('list')).getAllByRole('button')

describe('the service catalog', { timeout: 40_000 }, () => {
  it('every one of the 24 cards has its own drawing', () => {
    expect(CATALOG_CARDS).toHaveLength(24)
    expect(CATALOG_CARDS.every((c) => ILLUSTRATED_SLUGS.includes(c.slug))).toBe(true)
    expect(new Set(ILLUSTRATED_SLUGS).size).toBe(24)
  })

  it('filters by title, ignoring case, as you type; an empty result says so', async () => {
    expect(filterCards('PAINT').map((c) => c.title)).toEqual([
      'Wall Painter',
      'Premium Painting Service',
      'Painting Services',
    ])
    renderCatalog()
    expect(cardButtons()).toHaveLength(24)
    expect(screen.getByRole('status')).toHaveTextContent('24 services')
    const u = userEvent.setup()
    const search = screen.getByRole('searchbox', { name: 'Search services' })
    expect(search).toHaveAttribute('placeholder', 'Search images...')
    await u.type(search, 'brIck')
    await waitFor(() => expect(cardButtons()).toHaveLength(3))
    expect(cardButtons().map((b) => b.querySelector('.requests-card__title')?.textContent)).toEqual([
      'Brick Workers',
      'Red Brick Service',
      'Fly Ash Bricks',
    ])
    // The clear button empties the search and leaves the keyboard in the box.
    await u.click(screen.getByRole('button', { name: 'Clear search' }))
    expect(search).toHaveValue('')
    expect(search).toHaveFocus()
    await waitFor(() => expect(cardButtons()).toHaveLength(24))
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument()
    await u.type(search, 'zzz')
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No service matches “zzz”'))
    expect(screen.queryByRole('list')?.querySelectorAll('li') ?? []).toHaveLength(0)
  })

  it('keeps every value and shows the reason when the submit fails, and sends the same key again', async () => {
    // The first submit gets no answer; the second, a refusal naming the phone field.
    let submits = 0
    const { calls } = mockApi({
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
    await u.type(within(dialog).getByLabelText(/Your Name/), 'Lakshmi Devi')
    await u.type(within(dialog).getByLabelText(/Mobile Number/), '98480 12345')
    await u.type(within(dialog).getByLabelText(/Enter Email/), 'lakshmi@example.com')
    await u.click(within(dialog).getByRole('combobox', { name: /^Town/ }))
    await u.click(await screen.findByRole('option', { name: 'Nirmal', hidden: true }))
    const date = within(dialog).getByPlaceholderText('Select Service Date')
    const day = todayInKolkata()
    await u.type(date, day)
    await u.tab()

    await u.click(within(dialog).getByRole('button', { name: 'SUBMIT' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/No Server Response/)
    expect(within(dialog).getByLabelText(/Your Name/)).toHaveValue('Lakshmi Devi')
    expect(within(dialog).getByLabelText(/Mobile Number/)).toHaveValue('98480 12345')
    expect(within(dialog).getByLabelText(/Enter Email/)).toHaveValue('lakshmi@example.com')
    expect(within(dialog).getByRole('combobox', { name: /^Town/ })).toHaveValue('Nirmal')
    expect(date).toHaveValue(day)

    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual(['POST /api/servicerequest'])
    const firstKey = calls[0]!.headers.get('Idempotency-Key')
    expect(firstKey).toMatch(/^sr-[0-9a-f]{32}$/)
    expect(calls[0]!.body).toEqual({
      name: 'Lakshmi Devi',
      phone: '98480 12345',
      email: 'lakshmi@example.com',
      service: 'Painter',
      town: 'Nirmal',
      service_date: day,
    })

    // Sending again: the same request carries the same key; the server's field reason shows by the field.
    await u.click(within(dialog).getByRole('button', { name: 'SUBMIT' }))
    expect(await within(dialog).findByText('This number cannot take calls')).toBeInTheDocument()
    expect(calls[1]!.headers.get('Idempotency-Key')).toBe(firstKey)
    expect(within(dialog).getByLabelText(/Your Name/)).toHaveValue('Lakshmi Devi')
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })

  it('checks fields before sending and shows the reference on success', async () => {
    const { calls } = mockApi({
      createServiceRequest: () => ({ message: 'Received', id: 123, reference: 'TW-000123' }),
    })
    const u = userEvent.setup()
    renderCatalog()
    await u.click(screen.getByRole('button', { name: 'Electrician: Electrician' }))
    const dialog = await screen.findByRole('dialog', {}, { timeout: 20_000 })
    await u.type(within(dialog).getByLabelText(/Mobile Number/), '12345')
    await u.click(within(dialog).getByRole('button', { name: 'SUBMIT' }))
    expect(await within(dialog).findByText('Enter your name.')).toBeInTheDocument()
    expect(within(dialog).getByText(/Enter a 10-digit Indian mobile number/)).toBeInTheDocument()
    expect(within(dialog).getByText('Choose Armoor, Nizamabad or Nirmal.')).toBeInTheDocument()
    expect(calls).toEqual([])

    await u.type(within(dialog).getByLabelText(/Your Name/), 'Ramana')
    await u.clear(within(dialog).getByLabelText(/Mobile Number/))
    await u.type(within(dialog).getByLabelText(/Mobile Number/), '+919848012345')
    await u.click(within(dialog).getByRole('combobox', { name: /^Town/ }))
    await u.click(await screen.findByRole('option', { name: 'Armoor', hidden: true }))
    await u.type(within(dialog).getByPlaceholderText('Select Service Date'), todayInKolkata())
    await u.tab()
    await u.click(within(dialog).getByRole('button', { name: 'SUBMIT' }))
    expect(await screen.findByText('Your reference number is TW-000123.')).toBeInTheDocument()
    expect(calls[0]!.body).toMatchObject({ service: 'Electrician' })
  })
})
