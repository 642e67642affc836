import type { MyRequestTask } from '@townworks/contract'
import { screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { mockApi } from '../../../testing/api-mock'
import { aMyRequest, aMyRequestTask, aTaskPhoto } from '../../../testing/fixtures'
import { renderWithRouter } from '../../../testing/render'
import { MyRequestsList } from './my-requests-list'

// My requests shows the photos of the finished work (issue 21) in the card's lazily loaded trust part.
vi.setConfig({ testTimeout: 30_000 })
const slow = { timeout: 10_000 }
beforeAll(() => Promise.all([i18n.loadNamespaces(['myRequests', 'requestDetails', 'trust']), import('./task-photos')]))
afterEach(() => vi.unstubAllGlobals())

const completed = (overrides: Partial<MyRequestTask> = {}) =>
  aMyRequestTask({
    status: 'work_completed',
    next_statuses: ['payment_pending', 'work_inprogress'],
    start_code: null,
    ...overrides,
  })

describe('My requests: photos of the work (issue 21)', () => {
  it('shows the worker’s photos of the finished work, each a link to it full size', async () => {
    const { calls } = mockApi({
      myRequests: () => ({ gst_invoices: false, requests: [aMyRequest(completed({ photo_count: 2 }))] }),
      taskPhotos: () => ({ photos: [aTaskPhoto({ id: 5 }), aTaskPhoto({ id: 6 })], max: 5, can_add: false }),
    })
    renderWithRouter(<MyRequestsList />, { role: 'customer', path: '/my/requests' })
    const card = await screen.findByRole('article', {}, slow)
    const photos = await within(card).findByRole('region', { name: 'Photos of the work' }, slow)
    expect(photos).toHaveTextContent('Ravi Kumar sent 2 photos of the finished work.')
    const list = await within(photos).findByRole('list', { name: 'Photos of the work' }, slow)
    const images = within(list).getAllByRole('img')
    expect(images.map((img) => img.getAttribute('alt'))).toEqual([
      'Photo 1 of 2 of the work: open it full size',
      'Photo 2 of 2 of the work: open it full size',
    ])
    expect(images[0]).toHaveAttribute('src', '/api/task-photos/5')
    expect(images[0]).toHaveAttribute('loading', 'lazy')
    expect(images[0]).toHaveAttribute('width', '112')
    expect(images[0]).toHaveAttribute('height', '84')
    expect(images[1]!.closest('a')).toHaveAttribute('href', '/api/task-photos/6')
    expect(calls.filter((c) => c.name === 'taskPhotos').map((c) => c.url.pathname)).toEqual(['/api/tasks/7/photos'])
  })

  it('asks for no photos for a task without any', async () => {
    const { calls } = mockApi({ myRequests: () => ({ gst_invoices: false, requests: [aMyRequest(completed())] }) })
    renderWithRouter(<MyRequestsList />, { role: 'customer', path: '/my/requests' })
    const card = await screen.findByRole('article', {}, slow)
    expect(within(card).queryByRole('region', { name: 'Photos of the work' })).not.toBeInTheDocument()
    expect(calls.some((c) => c.name === 'taskPhotos')).toBe(false)
  })
})
