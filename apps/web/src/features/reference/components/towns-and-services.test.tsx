import type { ServiceRow, TownBody, TownRow } from '@townworks/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { MantineScope } from '../../../lib/mantine'
import { mockApi, refuse } from '../../../testing/api-mock'
import { aServiceRow, aTownRow, INITIAL_SERVICE_ROWS, INITIAL_TOWN_ROWS } from '../../../testing/fixtures'
import { renderWithRouter } from '../../../testing/render'
import { TownsAndServices } from './towns-and-services'

// Mantine's dialogs in jsdom are slow on a shared machine.
vi.setConfig({ testTimeout: 30_000 })
const slow = { timeout: 10_000 }

beforeAll(async () => {
  await i18n.loadNamespaces('reference')
})

const show = () =>
  renderWithRouter(
    <MantineScope>
      <TownsAndServices />
    </MantineScope>,
    { role: 'admin' },
  )

/** A server holding rows: GET answers what the writes left. */
function serverWith(towns: TownRow[], services: ServiceRow[] = INITIAL_SERVICE_ROWS) {
  const state = { towns: [...towns], services: [...services] }
  const api = mockApi({
    towns: () => ({ towns: state.towns }),
    services: () => ({ services: state.services }),
    createTown: ({ body }) => {
      const row = aTownRow(body.name, { ...(body as TownBody), id: 99 })
      state.towns.push(row)
      return row
    },
    updateTown: ({ params, body }) => {
      const row = aTownRow(body.name, { ...(body as TownBody), id: Number(params.id) })
      state.towns = state.towns.map((t) => (t.id === row.id ? row : t))
      return row
    },
  })
  return { ...api, state }
}

describe('/admin/catalog: towns and services', () => {
  it('lists every town and service, retired ones marked', async () => {
    serverWith([...INITIAL_TOWN_ROWS, aTownRow('Bheemgal', { id: 4, active: false, services: [] })])
    show()
    const towns = await screen.findByRole('region', { name: '4 towns' }, slow)
    expect(within(towns).getByRole('rowheader', { name: 'Nizamabad' })).toBeInTheDocument()
    const retired = within(towns).getByRole('rowheader', { name: 'Bheemgal' }).closest('tr')!
    expect(within(retired).getByText('Retired')).toBeInTheDocument()
    expect(within(retired).getByText('0 of 15')).toBeInTheDocument()
    const services = await screen.findByRole('region', { name: '15 services' })
    expect(within(services).getByRole('rowheader', { name: 'Sand Services' }).closest('tr')).toHaveTextContent(
      'Material',
    )
  })

  it('adds a town with its names and two services, and it is listed at once', async () => {
    const { calls, state } = serverWith(INITIAL_TOWN_ROWS)
    const u = userEvent.setup()
    show()
    await screen.findByRole('region', { name: '3 towns' }, slow)
    await u.click(screen.getByRole('button', { name: 'Add a town' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add a town' }, slow)
    await u.type(within(dialog).getByRole('textbox', { name: /^Name in English/ }), 'Bodhan')
    await u.type(within(dialog).getByRole('textbox', { name: /^Name in Telugu/ }), 'బోధన్')
    // A new town starts offering every service: keep two.
    const group = within(dialog).getByRole('group', { name: 'Services offered in this town' })
    for (const box of within(group).getAllByRole('checkbox')) {
      if (!['Plumber', 'Electrician'].includes(box.getAttribute('value') ?? '')) await u.click(box)
    }
    await u.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), slow)
    expect(calls.find((c) => c.name === 'createTown')?.body).toEqual({
      name: 'Bodhan',
      name_te: 'బోధన్',
      name_hi: '',
      active: true,
      sort_order: 100,
      services: ['Plumber', 'Electrician'],
    })
    expect(state.towns.map((t) => t.name)).toContain('Bodhan')
    expect(await screen.findByRole('status')).toHaveTextContent('Bodhan is saved.')
    expect(await screen.findByRole('rowheader', { name: 'Bodhan' }, slow)).toBeInTheDocument()
  })

  it('retires a town: the change is sent with its services kept', async () => {
    const { calls } = serverWith(INITIAL_TOWN_ROWS)
    const u = userEvent.setup()
    show()
    await u.click(await screen.findByRole('button', { name: 'Edit Nirmal' }, slow))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Nirmal' }, slow)
    await u.click(within(dialog).getByRole('checkbox', { name: /^In use/ }))
    await u.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(calls.some((c) => c.name === 'updateTown')).toBe(true), slow)
    const update = calls.find((c) => c.name === 'updateTown')!
    expect(update.url.pathname).toBe('/api/admin/towns/3')
    expect(update.body).toMatchObject({ name: 'Nirmal', active: false, services: INITIAL_TOWN_ROWS[2]!.services })
    const row = (await screen.findByRole('rowheader', { name: 'Nirmal' }, slow)).closest('tr')!
    await waitFor(() => expect(within(row).getByText('Retired')).toBeInTheDocument(), slow)
  })

  it('a taken name is said under the field, and the dialog keeps what was typed', async () => {
    mockApi({
      createService: () =>
        refuse(409, {
          message: 'A service with this name already exists',
          code: 'CONFLICT',
          issues: [{ path: 'name', message: 'A service with this name already exists' }],
        }),
    })
    const u = userEvent.setup()
    show()
    await screen.findByRole('region', { name: '15 services' }, slow)
    await u.click(screen.getByRole('button', { name: 'Add a service' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add a service' }, slow)
    const name = within(dialog).getByRole('textbox', { name: /^Name in English/ })
    await u.type(name, 'plumber')
    await u.click(within(dialog).getByRole('radio', { name: 'Material' }))
    await u.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByText('This name is taken already: choose another.', {}, slow)).toBeInTheDocument()
    expect(name).toHaveValue('plumber')
  })

  it("a service's order units: the usual first, an unticked one dropped, sent in the order ticked", async () => {
    const { calls } = mockApi({
      updateService: ({ params, body }) =>
        aServiceRow(body.name, { ...body, id: Number(params.id) } as Partial<ServiceRow>),
    })
    await i18n.loadNamespaces('quotes')
    const u = userEvent.setup()
    show()
    const services = await screen.findByRole('region', { name: '15 services' }, slow)
    const sand = within(services).getByRole('rowheader', { name: 'Sand Services' }).closest('tr')!
    expect(sand).toHaveTextContent('By quantity')
    const plumber = within(services).getByRole('rowheader', { name: 'Plumber' }).closest('tr')!
    expect(plumber).toHaveTextContent('As a job')
    await u.click(within(sand).getByRole('button', { name: 'Edit Sand Services' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Sand Services' }, slow)
    const units = within(dialog).getByRole('group', { name: 'Ordered by quantity in' })
    expect(within(units).getByRole('checkbox', { name: 'Tractor load' })).toBeChecked()
    expect(within(units).getByRole('checkbox', { name: 'Cubic foot' })).toBeChecked()
    expect(within(units).getByRole('checkbox', { name: 'Bag' })).not.toBeChecked()
    await u.click(within(units).getByRole('checkbox', { name: 'Tractor load' }))
    await u.click(within(units).getByRole('checkbox', { name: 'Trip' }))
    await u.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(calls.some((c) => c.name === 'updateService')).toBe(true), slow)
    expect(calls.find((c) => c.name === 'updateService')!.body).toMatchObject({
      name: 'Sand Services',
      order_units: ['cubic_foot', 'trip'],
    })
  })

  it('an empty English name is not sent', async () => {
    const { calls } = mockApi({})
    const u = userEvent.setup()
    show()
    await screen.findByRole('region', { name: '15 services' }, slow)
    await u.click(screen.getByRole('button', { name: 'Add a service' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add a service' }, slow)
    await u.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByText('Enter the English name.')).toBeInTheDocument()
    expect(calls.some((c) => c.name === 'createService')).toBe(false)
  })

  it('names rows in Telugu where the row has a Telugu name', async () => {
    serverWith(INITIAL_TOWN_ROWS, [...INITIAL_SERVICE_ROWS, aServiceRow('Tiling', { id: 16, name_te: 'టైల్స్ పని' })])
    await i18n.changeLanguage('te')
    try {
      const u = userEvent.setup()
      show()
      await u.click(await screen.findByRole('button', { name: 'టైల్స్ పని మార్చండి' }, slow))
      expect(await screen.findByRole('dialog', { name: 'టైల్స్ పని మార్చండి' }, slow)).toBeInTheDocument()
    } finally {
      await i18n.changeLanguage('en')
    }
  })
})
