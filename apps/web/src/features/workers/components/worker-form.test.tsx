import { aWorkerDetail, INITIAL_SERVICE_ROWS, INITIAL_TOWN_ROWS } from '../../../testing/fixtures'
import { pick, pickerOptions } from '../../../testing/pickers'
import { setReferenceRows } from '../../../lib/names'
import type { WorkerBody, WorkerDetail } from '@townworks/contract'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../lib/api-client'
import { i18n } from '../../../lib/i18n'
import { MantineScope } from '../../../lib/mantine'
import { renderWithRouter } from '../../../testing/render'
import { WorkerForm } from './worker-form'

beforeAll(() => i18n.loadNamespaces(['workers', 'workerForm', 'quotes']))
// The form's schema (and zod) arrive by a dynamic import when the form is on screen (decision 055): fetched
// once here, so a busy machine's first import does not eat Testing Library's one-second wait.
beforeAll(() => import('../../../lib/form-resolvers'), 60_000)

const RAVI = aWorkerDetail({
  active: false,
  has_login: true,
  services: [
    { service_name: 'Plumber', description: 'Taps and pipes', price: 450, price_paise: 45000, unit: null },
    { service_name: 'Painter', description: 'Walls', price: 300.5, price_paise: 30050, unit: null },
  ],
})

function renderForm(initial?: WorkerDetail, onSubmit = vi.fn<(body: WorkerBody) => Promise<void>>()) {
  renderWithRouter(
    <MantineScope>
      <WorkerForm initial={initial} onSubmit={onSubmit} />
    </MantineScope>,
  )
  return onSubmit
}

const priceInputs = () => screen.getAllByRole('textbox', { name: /Price/ })

describe('the worker form', () => {
  it('an empty new worker is not sent: name, town, phone, service and price are asked for', async () => {
    const onSubmit = renderForm()
    await userEvent.click(screen.getByRole('button', { name: 'Add worker' }))
    expect(await screen.findByText('Enter the name')).toBeVisible()
    expect(screen.getByText('Enter a 10-digit Indian mobile number')).toBeVisible()
    expect(screen.getByText(/Enter a price in rupees/)).toBeVisible()
    expect(screen.getByText('Please correct the marked fields.')).toBeVisible()
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveAttribute('aria-invalid', 'true')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it.each([
    ['0', 'The price must be more than 0'],
    ['12.345', 'Enter a price in rupees, like 450 or 450.50'],
    ['-5', 'Enter a price in rupees, like 450 or 450.50'],
    ['abc', 'Enter a price in rupees, like 450 or 450.50'],
    ['2000000', 'The price can be at most ₹10,00,000'],
  ])('a price of %s is refused with "%s"', async (price, message) => {
    const onSubmit = renderForm(RAVI)
    const [first] = priceInputs()
    await userEvent.clear(first!)
    await userEvent.type(first!, price)
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText(message)).toBeVisible()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('a bad phone or email is refused, and the typed values stay', async () => {
    const onSubmit = renderForm(RAVI)
    const phone = screen.getByRole('textbox', { name: /Phone/ })
    await userEvent.clear(phone)
    await userEvent.type(phone, '12345')
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'ravi@')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Enter a 10-digit Indian mobile number')).toBeVisible()
    expect(screen.getByText('Enter a valid email address')).toBeVisible()
    expect(phone).toHaveValue('12345')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('an edit is sent with every service, prices as rupee numbers, and the Active switch', async () => {
    const onSubmit = renderForm(RAVI)
    expect(screen.getByRole('checkbox', { name: /Active/ })).not.toBeChecked()
    await userEvent.click(screen.getByRole('checkbox', { name: /Active/ }))
    const [first] = priceInputs()
    await userEvent.clear(first!)
    await userEvent.type(first!, '520.75')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      worker_name: 'Ravi Kumar',
      town: 'Armoor',
      phone_number: '+919000000000',
      email: null,
      active: true,
      languages: [],
      experience_years: null,
      // Neither is ordered by quantity: each price is a job's (unit null).
      services: [
        { service_name: 'Plumber', description: 'Taps and pipes', price: 520.75, unit: null },
        { service_name: 'Painter', description: 'Walls', price: 300.5, unit: null },
      ],
    })
  })

  it('a service can be removed, and the last one cannot', async () => {
    renderForm(RAVI)
    await userEvent.click(screen.getByRole('button', { name: 'Remove service 2' }))
    expect(priceInputs()).toHaveLength(1)
    expect(screen.queryByRole('button', { name: /Remove service/ })).toBeNull()
  })

  it('the server’s refusal keeps every value and marks the field it names', async () => {
    const onSubmit = vi.fn<(body: WorkerBody) => Promise<void>>().mockRejectedValue(
      new ApiError({
        kind: 'http',
        status: 409,
        code: 'CONFLICT',
        message: 'Srinivas (worker 2) already has this phone number',
        issues: [{ path: 'phone_number', message: 'Another worker has this phone number' }],
      }),
    )
    renderForm(RAVI, onSubmit)
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Another worker has this phone number')).toBeVisible()
    expect(screen.getByRole('alert')).toHaveTextContent('Srinivas (worker 2) already has this phone number')
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('Ravi Kumar')
    const group = screen.getByRole('group', { name: 'Service 2' })
    expect(within(group).getByRole('textbox', { name: /Price/ })).toHaveValue('300.50')
  })

  it('no server answer says so', async () => {
    const onSubmit = vi
      .fn<(body: WorkerBody) => Promise<void>>()
      .mockRejectedValue(new ApiError({ kind: 'network', status: 0, message: 'No Server Response' }))
    renderForm(RAVI, onSubmit)
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(/No Server Response/)
  })

  it('the languages ticked (each name in its own script) and the years are sent, in the order chosen', async () => {
    const onSubmit = renderForm({ ...RAVI, languages: ['hi'], experience_years: 4 })
    const group = screen.getByRole('group', { name: /Languages spoken/ })
    // The six names as they are written, none translated; Urdu keeps its own direction.
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('value')),
    ).toEqual(['te', 'hi', 'ur', 'en', 'mr', 'kn'])
    expect(within(group).getByRole('checkbox', { name: 'हिन्दी' })).toBeChecked()
    expect(within(group).getByText('اردو').closest('bdi')).toHaveAttribute('lang', 'ur')
    await userEvent.click(within(group).getByRole('checkbox', { name: 'తెలుగు' }))
    await userEvent.click(within(group).getByRole('checkbox', { name: 'اردو' }))
    const years = screen.getByRole('textbox', { name: /Years of experience/ })
    expect(years).toHaveValue('4')
    await userEvent.clear(years)
    await userEvent.type(years, '12')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ languages: ['hi', 'te', 'ur'], experience_years: 12 })
  })

  it('years left empty are sent as not known; years over the limit are refused and stay as typed', async () => {
    const onSubmit = renderForm({ ...RAVI, experience_years: 7 })
    const years = screen.getByRole('textbox', { name: /Years of experience/ })
    await userEvent.clear(years)
    await userEvent.type(years, '75')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Enter the years as a whole number from 0 to 60')).toBeVisible()
    expect(years).toHaveValue('75')
    expect(years).toHaveAttribute('aria-invalid', 'true')
    expect(onSubmit).not.toHaveBeenCalled()
    await userEvent.clear(years)
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ experience_years: null, languages: [] })
  })

  it('the server’s refusal keeps the languages ticked and the years typed', async () => {
    const onSubmit = vi.fn<(body: WorkerBody) => Promise<void>>().mockRejectedValue(
      new ApiError({
        kind: 'http',
        status: 409,
        code: 'CONFLICT',
        message: 'Srinivas (worker 2) already has this phone number',
      }),
    )
    renderForm(RAVI, onSubmit)
    const group = screen.getByRole('group', { name: /Languages spoken/ })
    await userEvent.click(within(group).getByRole('checkbox', { name: 'English' }))
    await userEvent.click(within(group).getByRole('checkbox', { name: 'ಕನ್ನಡ' }))
    await userEvent.type(screen.getByRole('textbox', { name: /Years of experience/ }), '9')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Srinivas (worker 2) already has this phone number')
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ languages: ['en', 'kn'], experience_years: 9 })
    expect(within(group).getByRole('checkbox', { name: 'English' })).toBeChecked()
    expect(within(group).getByRole('checkbox', { name: 'ಕನ್ನಡ' })).toBeChecked()
    expect(within(group).getByRole('checkbox', { name: 'తెలుగు' })).not.toBeChecked()
    expect(screen.getByRole('textbox', { name: /Years of experience/ })).toHaveValue('9')
  })

  it('a new worker is told the photo comes after saving', () => {
    renderForm()
    expect(screen.getByText('The photo can be added once the worker is saved: press Edit on their row.')).toBeVisible()
  })
})

describe('the worker form: a material’s price per unit (decision 069)', () => {
  // The services as GET /api/services lists them: Sand is ordered in tractor loads or cubic feet.
  beforeAll(() => setReferenceRows({ towns: INITIAL_TOWN_ROWS, services: INITIAL_SERVICE_ROWS }))

  const SUPPLIER = aWorkerDetail({
    worker_name: 'Mallesh',
    services: [
      {
        service_name: 'Sand Services',
        description: 'River sand',
        price: 4500,
        price_paise: 450_000,
        unit: 'tractor_load',
      },
      { service_name: 'Plumber', description: 'Taps', price: 450, price_paise: 45_000, unit: null },
    ],
  })
  const priceFor = (n: number) => within(screen.getByRole('group', { name: `Service ${n}` }))

  it('a service ordered by quantity reads "price per [unit]" with its own units (and a job’s price), other services a job’s price', async () => {
    renderForm(SUPPLIER)
    const per = priceFor(1).getByRole('combobox', { name: /^Price per/ })
    expect(per).toHaveValue('Tractor load')
    expect(await pickerOptions('Price per')).toEqual(['Tractor load', 'Cubic foot', 'Job (fixed price)'])
    // The plumber's price is a job's: no unit to choose.
    expect(priceFor(2).queryByRole('combobox', { name: /^Price per/ })).toBeNull()
    expect(priceFor(2).getByRole('textbox', { name: /^Price/ })).toHaveValue('450')
  })

  it('sends the unit chosen with the price, and null for a job’s price', async () => {
    const onSubmit = renderForm(SUPPLIER)
    await pick('Price per', 'Cubic foot')
    const price = priceFor(1).getByRole('textbox', { name: /^Price \(₹\)/ })
    await userEvent.clear(price)
    await userEvent.type(price, '32.50')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(onSubmit.mock.calls[0]![0].services).toEqual([
      { service_name: 'Sand Services', description: 'River sand', price: 32.5, unit: 'cubic_foot' },
      { service_name: 'Plumber', description: 'Taps', price: 450, unit: null },
    ])
  })

  it('choosing a material prices it per its usual unit; choosing a job’s service again drops the unit', async () => {
    // A plumber whose one service becomes Morter (ordered in bags), then an electrician's.
    const onSubmit = renderForm(aWorkerDetail())
    const first = () => screen.getByRole('group', { name: 'Service 1' })
    await pick('Service', 'Morter Services')
    expect(within(first()).getByRole('combobox', { name: /^Price per/ })).toHaveValue('Bag')
    expect(await pickerOptions('Price per')).toEqual(['Bag', 'Job (fixed price)'])
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(onSubmit.mock.calls[0]![0].services[0]).toMatchObject({ service_name: 'Morter Services', unit: 'bag' })
    await pick('Service', 'Electrician')
    expect(within(first()).queryByRole('combobox', { name: /^Price per/ })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2))
    expect(onSubmit.mock.calls[1]![0].services[0]).toMatchObject({ service_name: 'Electrician', unit: null })
  })
})
