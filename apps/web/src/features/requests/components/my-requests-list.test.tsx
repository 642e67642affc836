import type { MyRequestTask, RatingResponse } from '@townworks/contract'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { mockApi, refuse } from '../../../testing/api-mock'
import { aMyRequest, aMyRequestTask, NO_PROFILE } from '../../../testing/fixtures'
import { renderWithRouter } from '../../../testing/render'
import { MyRequestsList } from './my-requests-list'

vi.setConfig({ testTimeout: 30_000 })
const slow = { timeout: 10_000 }

beforeAll(() => i18n.loadNamespaces(['myRequests', 'requestDetails', 'trust']))

const aTask = aMyRequestTask
const aRequest = (task: MyRequestTask) => aMyRequest(task)

const paid = (overrides: Partial<MyRequestTask> = {}) =>
  aTask({
    status: 'payment_received',
    next_statuses: [],
    start_code: null,
    can_rate: true,
    money_state: 'paid',
    ...overrides,
  })

const saved = (stars: number, review: string | null): RatingResponse => ({
  message: 'Thank you for your rating',
  task_id: 7,
  rating: { stars, review, created_at: '2031-01-02T05:00:00.000Z', editable_until: '2031-01-09T05:00:00.000Z' },
})

describe('My requests: who is coming, the start code, the rating (issue 21)', () => {
  it('shows the assigned worker’s rating and jobs done, and the start code to read out at the door', async () => {
    mockApi({ myRequests: () => ({ gst_invoices: false, requests: [aRequest(aTask())] }) })
    renderWithRouter(<MyRequestsList />, { role: 'customer', path: '/my/requests' })
    const card = await screen.findByRole('article', {}, slow)
    expect(within(card).getByText('★ 4.5 · 12 ratings · 30 jobs done')).toBeInTheDocument()
    // The start code's part comes with its own chunk and words, after the list has painted.
    const code = await within(card).findByRole('region', { name: 'Start code' }, slow)
    expect(within(code).getByLabelText('Start code 4 8 2 1')).toHaveTextContent('4821')
    expect(code).toHaveTextContent('Tell it to Ravi Kumar at your door, not before')
    // Not paid yet: nothing to rate.
    expect(within(card).queryByRole('button', { name: /Rate/ })).not.toBeInTheDocument()
  })

  it("the worker's card shows their photo; their profile opens with languages, years, prices and reviews", async () => {
    const worker = { ...aTask().worker!, photo_url: '/api/workers/3/photo/face' }
    const { calls } = mockApi({
      myRequests: () => ({ gst_invoices: false, requests: [aRequest(aTask({ worker }))] }),
      workerProfile: ({ params }) => ({
        profile: {
          worker_id: Number(params.worker_id),
          name: 'Ravi Kumar',
          town: 'Armoor',
          photo_url: '/api/workers/3/photo/face',
          languages: ['te', 'hi', 'ur'],
          experience_years: 12,
          services: [{ service_name: 'Plumber', price_paise: 45000 }],
          rating_avg: 4.5,
          rating_count: 12,
          jobs_done: 30,
          reviews: [
            {
              task_id: 9,
              stars: 4,
              review: 'Fixed the tap in an hour.',
              customer_first_name: 'Sujatha',
              town: 'Nirmal',
              service_name: 'Plumber',
              created_at: '2026-11-20T10:00:00.000Z',
            },
          ],
        },
      }),
    })
    renderWithRouter(<MyRequestsList />, { role: 'customer', path: '/my/requests' })
    const card = await screen.findByRole('article', {}, slow)
    const photo = within(card).getByRole('img', { name: 'Photo of Ravi Kumar' })
    expect(photo).toHaveAttribute('src', '/api/workers/3/photo/face')
    // Sized before it loads: nothing below it moves.
    expect(photo).toHaveAttribute('width', '56')
    expect(photo).toHaveAttribute('height', '56')

    const u = userEvent.setup()
    const toggle = within(card).getByRole('button', { name: "See Ravi Kumar's profile" })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await u.click(toggle)
    const profile = await within(card).findByRole('region', { name: "Ravi Kumar's profile" }, slow)
    expect(profile).toHaveTextContent('From Armoor')
    expect(profile).toHaveTextContent('Speaks తెలుగు, हिन्दी, اردو')
    expect(profile).toHaveTextContent('12 years of experience')
    expect(profile).toHaveTextContent('Plumber · ₹450')
    expect(within(profile).getByRole('img', { name: '4 of 5 stars' })).toBeVisible()
    expect(profile).toHaveTextContent('Fixed the tap in an hour.')
    expect(profile).toHaveTextContent('Sujatha, Nirmal')
    expect(calls.find((c) => c.name === 'workerProfile')?.url.pathname).toBe('/api/workers/3/profile')
    await u.click(within(card).getByRole('button', { name: 'Hide the profile' }))
    expect(within(card).queryByRole('region', { name: "Ravi Kumar's profile" })).not.toBeInTheDocument()
  })

  it('a worker not rated yet says so, with the jobs done; no code once the work started', async () => {
    const worker = {
      worker_id: 3,
      name: 'Ravi Kumar',
      phone: null,
      rating_avg: null,
      rating_count: 0,
      jobs_done: 1,
      ...NO_PROFILE,
    }
    mockApi({
      myRequests: () => ({
        gst_invoices: false,
        requests: [aRequest(aTask({ worker, status: 'work_inprogress', start_code: null }))],
      }),
    })
    renderWithRouter(<MyRequestsList />, { role: 'customer', path: '/my/requests' })
    const card = await screen.findByRole('article', {}, slow)
    expect(within(card).getByText('Not rated yet · 1 job done')).toBeInTheDocument()
    expect(within(card).queryByRole('region', { name: 'Start code' })).not.toBeInTheDocument()
  })

  it('rates a paid job: stars and a review are sent, the thanks is announced, and the list shows it', async () => {
    let task = paid()
    const mock = mockApi({
      myRequests: () => ({ gst_invoices: false, requests: [aRequest(task)] }),
      rateTask: ({ body }) => {
        task = paid({ rating: saved(body.stars, body.review ?? null).rating })
        return saved(body.stars, body.review ?? null)
      },
    })
    const user = userEvent.setup()
    renderWithRouter(<MyRequestsList />, { role: 'customer', path: '/my/requests' })
    await user.click(await screen.findByRole('button', { name: 'Rate Ravi Kumar' }, slow))
    const form = await screen.findByRole('group', { name: "How was Ravi Kumar's work?" }, slow)
    // Sending without stars says what to do and sends nothing.
    await user.click(screen.getByRole('button', { name: 'Send rating' }))
    expect(await screen.findByText('Choose from 1 to 5 stars.')).toBeInTheDocument()
    expect(mock.calls.filter((c) => c.name === 'rateTask')).toHaveLength(0)

    await user.click(within(form).getByRole('radio', { name: '4 stars: Good' }))
    await user.type(screen.getByLabelText('Tell others about the work (optional)'), 'Fixed the tap quickly')
    await user.click(screen.getByRole('button', { name: 'Send rating' }))
    expect(await screen.findByText('Thank you! Your rating of Ravi Kumar is saved.', {}, slow)).toBeInTheDocument()
    const sent = mock.calls.find((c) => c.name === 'rateTask')!
    expect(sent.url.pathname).toBe('/api/tasks/7/rating')
    expect(sent.body).toEqual({ stars: 4, review: 'Fixed the tap quickly' })
    expect(await screen.findByText('You gave 4 of 5 stars', {}, slow)).toBeInTheDocument()
    expect(screen.getByText('Fixed the tap quickly')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Change your rating' })).toBeInTheDocument()
  })

  it('a refused rating keeps the stars and the words, and says why', async () => {
    mockApi({
      myRequests: () => ({ gst_invoices: false, requests: [aRequest(paid())] }),
      rateTask: () =>
        refuse(409, { code: 'RATING_NOT_OPEN', message: 'A rating can be changed for 7 days after it is given' }),
    })
    const user = userEvent.setup()
    renderWithRouter(<MyRequestsList />, { role: 'customer', path: '/my/requests' })
    await user.click(await screen.findByRole('button', { name: 'Rate Ravi Kumar' }, slow))
    await user.click(await screen.findByRole('radio', { name: '2 stars: Poor' }, slow))
    await user.type(screen.getByLabelText('Tell others about the work (optional)'), 'Came late')
    await user.click(screen.getByRole('button', { name: 'Send rating' }))
    expect(
      await screen.findByText(/Your rating was not saved: Rating opens once the job is paid/, {}, slow),
    ).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: '2 stars: Poor' })).toBeChecked()
    expect(screen.getByLabelText('Tell others about the work (optional)')).toHaveValue('Came late')
  })

  it('the payment message’s link (?rate=7) opens that job’s rating form', async () => {
    mockApi({ myRequests: () => ({ gst_invoices: false, requests: [aRequest(paid())] }) })
    renderWithRouter(<MyRequestsList />, { role: 'customer', path: '/my/requests?rate=7' })
    expect(await screen.findByRole('radio', { name: '5 stars: Excellent' }, slow)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Rate Ravi Kumar' })).not.toBeInTheDocument()
  })
})
