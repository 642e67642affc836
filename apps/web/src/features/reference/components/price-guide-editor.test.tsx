import type { PriceGuide, PriceGuideBody } from '@townworks/contract'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { MantineScope } from '../../../lib/mantine'
import { mockApi, refuse } from '../../../testing/api-mock'
import { INITIAL_SERVICE_ROWS, INITIAL_TOWN_ROWS } from '../../../testing/fixtures'
import { renderWithRouter } from '../../../testing/render'
import en from '../../../locales/lazy/price-guide/en.json'
import hi from '../../../locales/lazy/price-guide/hi.json'
import te from '../../../locales/lazy/price-guide/te.json'
import PriceGuideEditor, { parseRupees } from './price-guide-editor'

vi.setConfig({ testTimeout: 30_000 })
const slow = { timeout: 10_000 }

beforeAll(async () => {
  await i18n.loadNamespaces(['reference', 'quotes'])
})

const plumber = INITIAL_SERVICE_ROWS.find((s) => s.name === 'Plumber')!
const armoor = INITIAL_TOWN_ROWS.find((t) => t.name === 'Armoor')!

function aGuide(body: PriceGuideBody): PriceGuide {
  return {
    service_id: plumber.id,
    service: 'Plumber',
    town_id: armoor.id,
    town: 'Armoor',
    minimum_charge_paise: body.minimum_charge_paise,
    items: body.items.map((i, n) => ({ ...i, position: n + 1 })),
    low_total_paise: 42_575,
    high_total_paise: 77_550,
    low_rupees: 425,
    high_rupees: 776,
    updated_by: 'admin1',
    updated_at: '2026-11-27T07:00:00.000Z',
  }
}

const show = () =>
  renderWithRouter(
    <MantineScope>
      <PriceGuideEditor />
    </MantineScope>,
    { role: 'admin' },
  )

async function choosePlumberInArmoor(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('option', { name: 'Plumber' }, slow)
  await screen.findByRole('option', { name: 'Armoor' }, slow)
  await user.selectOptions(screen.getByRole('combobox', { name: 'Service' }), 'Plumber')
  await user.selectOptions(screen.getByRole('combobox', { name: 'Town' }), 'Armoor')
}

describe('the price guide editor', () => {
  it('has every word in English, Telugu and Hindi', () => {
    const keys = (words: object, prefix = ''): string[] =>
      Object.entries(words).flatMap(([k, v]) => (typeof v === 'object' ? keys(v as object, `${k}.`) : [prefix + k]))
    expect(keys(te).sort()).toEqual(keys(en).sort())
    expect(keys(hi).sort()).toEqual(keys(en).sort())
  })

  it('reads rupees as exact paise', () => {
    expect(parseRupees('450.5')).toBe(45_050)
    expect(parseRupees('0.29')).toBe(29)
    expect(parseRupees('1,000')).toBeUndefined()
    expect(parseRupees('-3')).toBeUndefined()
  })

  it('an admin writes a new guide and saves it: the body in exact paise, then the range customers see', async () => {
    const saved: PriceGuideBody[] = []
    const api = mockApi({
      priceGuides: () => ({ guides: [] }),
      savePriceGuide: ({ body }) => {
        saved.push(body)
        return aGuide(body)
      },
    })
    const user = userEvent.setup()
    show()
    await choosePlumberInArmoor(user)
    expect(await screen.findByText('No guide yet for this service in this town.')).toBeInTheDocument()
    await user.clear(screen.getByRole('textbox', { name: 'Minimum charge (₹)' }))
    await user.type(screen.getByRole('textbox', { name: 'Minimum charge (₹)' }), '300')
    const first = screen.getByRole('group', { name: 'Item 1' })
    await user.type(within(first).getByRole('textbox', { name: 'Description' }), 'Fix a leaking tap')
    await user.type(within(first).getByRole('textbox', { name: 'Low price per unit (₹)' }), '200')
    await user.type(within(first).getByRole('textbox', { name: 'High price per unit (₹)' }), '400')
    await user.click(screen.getByRole('button', { name: 'Add an item' }))
    const second = screen.getByRole('group', { name: 'Item 2' })
    await user.selectOptions(within(second).getByRole('combobox', { name: 'Unit' }), 'Hour')
    await user.type(within(second).getByRole('textbox', { name: 'Description' }), 'Extra hours')
    await user.clear(within(second).getByRole('textbox', { name: 'Typical quantity' }))
    await user.type(within(second).getByRole('textbox', { name: 'Typical quantity' }), '1.5')
    await user.type(within(second).getByRole('textbox', { name: 'Low price per unit (₹)' }), '150.5')
    await user.type(within(second).getByRole('textbox', { name: 'High price per unit (₹)' }), '250.33')
    await user.click(screen.getByRole('button', { name: 'Save the guide' }))
    expect(await screen.findByText('Saved. Customers see: about ₹425–₹776')).toBeInTheDocument()
    expect(saved).toEqual([
      {
        minimum_charge_paise: 30_000,
        items: [
          {
            kind: 'labour',
            description: 'Fix a leaking tap',
            unit: 'job',
            typical_quantity: 1,
            low_unit_price_paise: 20_000,
            high_unit_price_paise: 40_000,
          },
          {
            kind: 'labour',
            description: 'Extra hours',
            unit: 'hour',
            typical_quantity: 1.5,
            low_unit_price_paise: 15_050,
            high_unit_price_paise: 25_033,
          },
        ],
      },
    ])
    expect(api.calls.find((c) => c.name === 'savePriceGuide')?.url.pathname).toBe(
      `/api/price-guides/${plumber.id}/${armoor.id}`,
    )
  })

  it('opens an existing guide; an amount that is not rupees is named before sending; the server’s refusal is shown', async () => {
    const existing = aGuide({
      minimum_charge_paise: 30_000,
      items: [
        {
          kind: 'material',
          description: 'River sand',
          unit: 'tractor_load',
          typical_quantity: 2,
          low_unit_price_paise: 350_050,
          high_unit_price_paise: 400_000,
        },
      ],
    })
    const api = mockApi({
      priceGuides: () => ({ guides: [existing] }),
      savePriceGuide: () =>
        refuse(400, {
          code: 'VALIDATION_FAILED',
          message: 'Invalid input',
          issues: [
            { path: 'items.0.high_unit_price_paise', message: 'Item 1: the high unit price is below the low one' },
          ],
        }),
    })
    const user = userEvent.setup()
    show()
    await choosePlumberInArmoor(user)
    expect(await screen.findByText('Customers see: about ₹425–₹776')).toBeInTheDocument()
    const item = screen.getByRole('group', { name: 'Item 1' })
    expect(within(item).getByRole('textbox', { name: 'Low price per unit (₹)' })).toHaveValue('3500.50')
    expect(within(item).getByRole('combobox', { name: 'Unit' })).toHaveDisplayValue('Tractor load')
    const high = within(item).getByRole('textbox', { name: 'High price per unit (₹)' })
    await user.clear(high)
    await user.type(high, 'lots')
    await user.click(screen.getByRole('button', { name: 'Save the guide' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Item 1: enter the quantity and both prices as numbers')
    expect(api.calls.some((c) => c.name === 'savePriceGuide')).toBe(false)
    await user.clear(high)
    await user.type(high, '100')
    await user.click(screen.getByRole('button', { name: 'Save the guide' }))
    expect(await screen.findByText('Item 1: the high unit price is below the low one')).toBeInTheDocument()
  })
})
