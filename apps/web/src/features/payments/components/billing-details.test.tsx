import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { mockApi, refuse } from '../../../testing/api-mock'
import { aMyRequestTask } from '../../../testing/fixtures'
import { renderWithRouter } from '../../../testing/render'
import { gstinProblemKey } from './billing-details'
import { TaskCharges } from './task-charges'
import './billing-details'

vi.setConfig({ testTimeout: 30_000 })
const slow = { timeout: 10_000 }

beforeAll(() => i18n.loadNamespaces(['myRequests', 'payments']))

const renderCharges = (gstInvoices: boolean, billing = { name: null as string | null, gstin: null as string | null }) =>
  renderWithRouter(<TaskCharges task={aMyRequestTask()} billing={{ requestId: 45, billing, gstInvoices }} />, {
    role: 'customer',
    path: '/my/requests',
  })

describe('who the invoices are made out to (issue 22)', () => {
  it('knows a GSTIN: its shape, its state code and its check character', () => {
    expect(gstinProblemKey('36AABCT1332L1ZF')).toBeNull()
    expect(gstinProblemKey('29AAGCB7383J1Z4')).toBeNull()
    expect(gstinProblemKey('36AABCT1332L1Z')).toBe('shape')
    expect(gstinProblemKey('99AABCT1332L1ZF')).toBe('state')
    expect(gstinProblemKey('36AABCT1332L1ZX')).toBe('check')
  })

  it('a business not registered for GST offers nothing to fill in', async () => {
    mockApi({})
    renderCharges(false)
    expect((await screen.findAllByText('₹500', {}, slow)).length).toBeGreaterThan(0)
    expect(screen.queryByRole('button', { name: 'Add GSTIN for a GST invoice' })).not.toBeInTheDocument()
  })

  it('a wrong GSTIN is caught before sending, in words; a right one is saved with the name, upper-cased', async () => {
    const user = userEvent.setup()
    const { calls } = mockApi({
      setRequestBilling: ({ body }) => ({ message: 'saved', billing: { name: body.name, gstin: body.gstin } }),
    })
    renderCharges(true)
    await user.click(await screen.findByRole('button', { name: 'Add GSTIN for a GST invoice' }, slow))
    await user.type(screen.getByLabelText('Name on the invoice (optional)'), 'Sri Sai Constructions')
    const gstin = screen.getByLabelText('GSTIN (optional)')
    await user.type(gstin, '36aabct1332l1zx')
    await user.click(screen.getByRole('button', { name: 'Save invoice details' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('its last character does not match the rest')
    expect(gstin).toHaveAttribute('aria-invalid', 'true')
    expect(calls.filter((c) => c.name === 'setRequestBilling')).toHaveLength(0)

    await user.clear(gstin)
    await user.type(gstin, '36aabct1332l1zf')
    await user.click(screen.getByRole('button', { name: 'Save invoice details' }))
    expect(await screen.findByText('Saved. Your next receipt or invoice will carry these details.')).toBeInTheDocument()
    const sent = calls.filter((c) => c.name === 'setRequestBilling')
    expect(sent.map((c) => [c.url.pathname, c.body])).toEqual([
      ['/api/requests/45/billing', { name: 'Sri Sai Constructions', gstin: '36AABCT1332L1ZF' }],
    ])
  })

  it('a failure keeps what was typed and says why', async () => {
    const user = userEvent.setup()
    mockApi({ setRequestBilling: () => refuse(404, { message: 'Request not found', code: 'NOT_FOUND' }) })
    renderCharges(true, { name: 'Sri Sai Constructions', gstin: null })
    expect(await screen.findByText('Invoices are made out to Sri Sai Constructions', {}, slow)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Change invoice details' }))
    await user.type(screen.getByLabelText('GSTIN (optional)'), '36AABCT1332L1ZF')
    await user.click(screen.getByRole('button', { name: 'Save invoice details' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The details could not be saved')
    expect(screen.getByLabelText('GSTIN (optional)')).toHaveValue('36AABCT1332L1ZF')
    expect(screen.getByLabelText('Name on the invoice (optional)')).toHaveValue('Sri Sai Constructions')
  })
})
