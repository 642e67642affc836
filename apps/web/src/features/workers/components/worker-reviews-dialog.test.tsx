import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Review, WorkerProfile } from '@townworks/contract'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { mockApi, refuse } from '../../../testing/api-mock'
import { aWorkerService, anError, NO_PROFILE } from '../../../testing/fixtures'
import { renderApp } from '../../../testing/render'

// The dialog's code comes on the press of Reviews (decision 046): fetched once here, so a busy machine's
// first import does not eat Testing Library's one-second wait.
beforeAll(() => import('./worker-reviews-dialog'), 60_000)
afterEach(() => vi.unstubAllGlobals())

const review = (overrides: Partial<Review>): Review => ({
  task_id: 40,
  stars: 5,
  review: 'Fixed the leak quickly and cleaned up.',
  customer_first_name: 'Lakshmi',
  town: 'Nirmal',
  service_name: 'Plumber',
  created_at: '2026-11-20T10:00:00.000Z',
  hidden: null,
  ...overrides,
})

function profile(hidden = false): WorkerProfile {
  return {
    worker_id: 7,
    name: 'Ravi Kumar',
    town: 'Armoor',
    services: [{ service_name: 'Plumber', price_paise: 45000 }],
    ...NO_PROFILE,
    rating_avg: hidden ? 5 : 3.5,
    rating_count: hidden ? 1 : 2,
    jobs_done: 12,
    reviews: [
      review({}),
      review({
        task_id: 41,
        stars: 2,
        review: 'Call this number for cheaper work 98480 00000',
        customer_first_name: 'Mahesh',
        town: 'Armoor',
        created_at: '2026-11-22T10:00:00.000Z',
        hidden: hidden ? { reason: 'An advert, not a review', at: '2026-11-23T09:00:00.000Z' } : null,
      }),
    ],
  }
}

function setup(hide: () => ReturnType<typeof refuse> | { message: string; task_id: number }) {
  let hidden = false
  const mock = mockApi({
    workerServices: () => ({ workerServices: [aWorkerService(7, 'Ravi Kumar')] }),
    workerProfile: () => ({ profile: profile(hidden) }),
    hideReview: () => {
      const answer = hide()
      if (!('refusal' in answer)) hidden = true
      return answer
    },
    showReview: ({ params }) => {
      hidden = false
      return { message: 'The review shows again', task_id: Number(params.task_id) }
    },
  })
  renderApp({ path: '/wss', role: 'operator' })
  return mock
}

async function openReviews(u: ReturnType<typeof userEvent.setup>) {
  await u.click(await screen.findByRole('button', { name: 'Reviews of Ravi Kumar' }, { timeout: 20_000 }))
  const dialog = await screen.findByRole('dialog', { name: 'Reviews of Ravi Kumar' })
  await within(dialog).findByText('★ 3.5 from 2 ratings · 12 jobs done', {}, { timeout: 10_000 })
  return dialog
}

describe('/wss: a worker’s reviews (issue 21)', { timeout: 40_000 }, () => {
  it('loads the worker’s profile on the press: rating, jobs done, each review with stars, words, who, where, when', async () => {
    const u = userEvent.setup()
    const { calls } = setup(() => ({ message: 'ok', task_id: 41 }))
    await screen.findByRole('button', { name: 'Reviews of Ravi Kumar' }, { timeout: 20_000 })
    expect(calls.some((c) => c.name === 'workerProfile')).toBe(false)
    const dialog = await openReviews(u)
    expect(calls.filter((c) => c.name === 'workerProfile').map((c) => c.url.pathname)).toEqual([
      '/api/workers/7/profile',
    ])
    const items = within(dialog).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(within(items[0]!).getByRole('img', { name: '5 stars out of 5' })).toBeInTheDocument()
    expect(items[0]).toHaveTextContent('Fixed the leak quickly and cleaned up.')
    expect(items[0]).toHaveTextContent(/Lakshmi from Nirmal · Plumber · 20 Nov 2026/)
    expect(within(items[1]!).getByRole('img', { name: '2 stars out of 5' })).toBeInTheDocument()
  })

  it('hides a review only with a reason of 3 to 300 characters, then shows it hidden with why', async () => {
    const u = userEvent.setup()
    const { calls } = setup(() => ({ message: 'Review hidden', task_id: 41 }))
    const dialog = await openReviews(u)
    const mahesh = within(dialog).getAllByRole('listitem')[1]!
    await u.click(within(mahesh).getByRole('button', { name: /^Hide the review by Mahesh of 22 Nov 2026/ }))
    const reason = within(mahesh).getByRole('textbox', { name: /^Why hide it\?/ })
    await waitFor(() => expect(reason).toHaveFocus())
    expect(reason).toHaveAttribute('maxlength', '300')
    // Too short: nothing is sent.
    await u.type(reason, 'ad')
    await u.click(within(mahesh).getByRole('button', { name: 'Hide the review' }))
    expect(await within(mahesh).findByText('Say why, in at least 3 characters.')).toBeInTheDocument()
    expect(calls.filter((c) => c.name === 'hideReview')).toHaveLength(0)
    await u.clear(reason)
    await u.type(reason, '  An advert, not a review  ')
    await u.click(within(mahesh).getByRole('button', { name: 'Hide the review' }))
    await waitFor(() => expect(calls.filter((c) => c.name === 'hideReview')).toHaveLength(1))
    const sent = calls.find((c) => c.name === 'hideReview')!
    expect(sent.url.pathname).toBe('/api/tasks/41/rating/hidden')
    expect(sent.body).toEqual({ reason: 'An advert, not a review' })
    // Said, and read again: the review is marked hidden with its reason; the rating counts it no more.
    expect(await within(dialog).findByRole('status')).toHaveTextContent('The review by Mahesh is hidden.')
    expect(await within(dialog).findByText('★ 5.0 from 1 rating · 12 jobs done')).toBeInTheDocument()
    const hiddenItem = within(dialog).getAllByRole('listitem')[1]!
    expect(hiddenItem).toHaveTextContent('Hidden from customers. Reason: An advert, not a review (23 Nov 2026)')
    expect(within(hiddenItem).queryByRole('button', { name: /Hide/ })).not.toBeInTheDocument()
    // The other review can still be hidden.
    expect(
      within(within(dialog).getAllByRole('listitem')[0]!).getByRole('button', { name: /^Hide the review by Lakshmi/ }),
    ).toBeInTheDocument()

    // Hidden by mistake: shown again, it counts again.
    await u.click(within(hiddenItem).getByRole('button', { name: 'Show the review by Mahesh of 22 Nov 2026 again' }))
    await waitFor(() => expect(calls.filter((c) => c.name === 'showReview')).toHaveLength(1))
    expect(calls.find((c) => c.name === 'showReview')!.url.pathname).toBe('/api/tasks/41/rating/hidden')
    expect(calls.find((c) => c.name === 'showReview')!.method).toBe('DELETE')
    expect(await within(dialog).findByText('The review by Mahesh shows again.')).toBeInTheDocument()
    expect(await within(dialog).findByText('★ 3.5 from 2 ratings · 12 jobs done')).toBeInTheDocument()
  })

  it('says why a hide was refused and keeps the reason typed', async () => {
    const u = userEvent.setup()
    setup(() => refuse(403, anError('FORBIDDEN', 'Staff only')))
    const dialog = await openReviews(u)
    const mahesh = within(dialog).getAllByRole('listitem')[1]!
    await u.click(within(mahesh).getByRole('button', { name: /^Hide the review by Mahesh/ }))
    const reason = within(mahesh).getByRole('textbox', { name: /^Why hide it\?/ })
    await u.type(reason, 'An advert')
    await u.click(within(mahesh).getByRole('button', { name: 'Hide the review' }))
    await waitFor(() => expect(within(mahesh).getByRole('alert')).not.toBeEmptyDOMElement())
    expect(within(mahesh).getByRole('alert')).toHaveTextContent('Your account may not do this.')
    expect(reason).toHaveValue('An advert')
  })
})
