import { screen, waitFor, within } from '@testing-library/react'
import type { InboxRequest } from '@townworks/contract'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { MantineScope } from '../../../lib/mantine'
import { mockApi } from '../../../testing/api-mock'
import { noRequestExtras } from '../../../testing/fixtures'
import { renderWithRouter } from '../../../testing/render'
import { RequestsInbox } from './requests-inbox'

beforeAll(() => i18n.loadNamespaces(['requests', 'requestDetails']))
afterEach(() => vi.unstubAllGlobals())

/** An open request of the inbox: TW-000031, a plumber for Lakshmi in Armoor. */
function aRow(overrides: Partial<InboxRequest> = {}): InboxRequest {
  return {
    id: 31,
    reference: 'TW-000031',
    name: 'Lakshmi',
    phone: '+919848012345',
    email: null,
    service: 'Plumber',
    town: 'Armoor',
    service_date: '2031-05-05',
    state: 'open',
    reject_reason: null,
    created_at: '2031-05-01T05:00:00.000Z',
    ...noRequestExtras(),
    customer: null,
    task_id: null,
    duplicate_of: null,
    latest_quote: null,
    ...overrides,
  }
}

const SAND = aRow({
  id: 32,
  reference: 'TW-000032',
  name: 'Sujatha',
  service: 'Sand Services',
  order: { quantity: 2, unit: 'tractor_load' },
})
const BRICKS = aRow({
  id: 33,
  reference: 'TW-000033',
  name: 'Narsimha',
  service: 'Brick Services',
  order: { quantity: 2000, unit: 'piece' },
})

function setup() {
  mockApi({ listRequests: () => ({ requests: [aRow(), SAND, BRICKS], total: 3, page: 1, pageSize: 20 }) })
  renderWithRouter(
    <MantineScope>
      <RequestsInbox />
    </MantineScope>,
    { role: 'operator', path: '/requests' },
  )
}

const rowOf = (reference: string) => screen.getByRole('row', { name: new RegExp(reference) })

describe('the inbox: materials orders (decision 069)', { timeout: 30_000 }, () => {
  it('a request with an order says how much to deliver under its service; a job’s request does not', async () => {
    setup()
    await screen.findByRole('table', {}, { timeout: 20_000 })
    // The unit words come a moment after the rows (the quotes namespace, not in the inbox's first load).
    await waitFor(() =>
      expect(within(rowOf('TW-000032')).getByTestId('inbox-order')).toHaveTextContent('Deliver 2 tractor loads'),
    )
    expect(within(rowOf('TW-000032')).getByRole('cell', { name: /^Sand Services/ })).toHaveTextContent(
      'Sand ServicesDeliver 2 tractor loads',
    )
    // Numbers as the reader writes them.
    expect(within(rowOf('TW-000033')).getByTestId('inbox-order')).toHaveTextContent('Deliver 2,000 pieces')
    expect(within(rowOf('TW-000031')).queryByTestId('inbox-order')).toBeNull()
  })

  it('in Telugu, the order reads in Telugu', async () => {
    await i18n.loadLanguages('te')
    await i18n.changeLanguage('te')
    try {
      setup()
      await screen.findByRole('table', {}, { timeout: 20_000 })
      await waitFor(() =>
        expect(within(rowOf('TW-000032')).getByTestId('inbox-order')).toHaveTextContent('2 ట్రాక్టర్ లోడ్లు డెలివరీ'),
      )
    } finally {
      await i18n.changeLanguage('en')
    }
  })
})
