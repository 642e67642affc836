import type { MyJobsResponse, MyJobWithEarning, Review } from '@townworks/contract'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { mockApi, refuse, type MockHandlers } from '../../../testing/api-mock'
import { aStatusChange, aMyJob, NO_PROFILE } from '../../../testing/fixtures'
import { renderWithRouter } from '../../../testing/render'
import { MyJobsScreen } from './my-jobs-screen'

// The parts a tap opens (and the sections after the jobs) are fetched once here, so a busy machine's
// first import does not eat Testing Library's one-second wait (decision 046).
beforeAll(() =>
  Promise.all([
    i18n.loadNamespaces(['myJobs', 'myJobsMore', 'workers']),
    import('./start-code-form'),
    import('./my-ratings-panel'),
    import('./my-jobs-sections'),
    import('./my-profile-panel'),
  ]),
)
afterEach(() => vi.unstubAllGlobals())

const TODAY = '2026-11-25'

const aJob = (overrides: Partial<MyJobWithEarning> = {}) => aMyJob(TODAY, overrides)

type Standing = Pick<NonNullable<MyJobsResponse['worker']>, 'rating_avg' | 'rating_count' | 'jobs_done'>

type Profile = Pick<NonNullable<MyJobsResponse['worker']>, 'photo_url' | 'languages'>

function setup(
  jobs: MyJobWithEarning[] | (() => MyJobWithEarning[]),
  handlers: MockHandlers = {},
  standing: Standing = { rating_avg: 4.5, rating_count: 2, jobs_done: 7 },
  profile: Profile | (() => Profile) = { photo_url: null, languages: [] },
) {
  const answer = (): MyJobsResponse => ({
    worker: { worker_id: 4, name: 'Ravi', ...standing, ...(typeof profile === 'function' ? profile() : profile) },
    today: TODAY,
    jobs: typeof jobs === 'function' ? jobs() : jobs,
  })
  const mock = mockApi({
    myJobs: answer,
    updateStatus: ({ body }) => aStatusChange('work_inprogress', body.status),
    ...handlers,
  })
  renderWithRouter(<MyJobsScreen />, { role: 'worker' })
  return mock
}

const NEEDS_CODE = { status: 'assigned', start_code: { state: 'needed', tries_left: 5 } } as const

/** Opens the start code form of the one job on screen: its box has the focus. */
async function openStartForm(u: ReturnType<typeof userEvent.setup>) {
  const job = await screen.findByRole('article', { name: 'Fan fitting' })
  await u.click(within(job).getByRole('button', { name: 'Start: Fan fitting' }))
  const form = await within(job).findByRole('form', { name: 'Start “Fan fitting” with the customer’s code' })
  const box = within(form).getByRole('textbox', { name: 'Customer’s start code' })
  await waitFor(() => expect(box).toHaveFocus())
  return { job, form, box }
}

function aReview(overrides: Partial<Review> = {}): Review {
  return {
    task_id: 11,
    stars: 4,
    review: 'Came on time and fixed both fans.',
    customer_first_name: 'Lakshmi',
    town: 'Armoor',
    service_name: 'Electrician',
    created_at: '2026-11-20T06:30:00.000Z',
    ...overrides,
  }
}

describe('My jobs', { timeout: 30_000 }, () => {
  it('shows where to go with a Maps link, what the worker earns, and the customer to call', async () => {
    setup([aJob({ place: 'Temple Street' })])
    const job = await screen.findByRole('article', { name: 'Fan fitting' })
    expect(within(job).getByText('Temple Street, Armoor')).toBeVisible()
    expect(within(job).getByRole('link', { name: 'Open in Maps: Temple Street, Armoor' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=Temple%20Street%2C%20Armoor',
    )
    expect(within(job).getByText('₹405')).toBeVisible()
    expect(within(job).getByRole('link', { name: 'Call Padma: +91 98480 12345' })).toHaveAttribute(
      'href',
      'tel:+919848012345',
    )
  })

  it('says when a job has no price yet', async () => {
    setup([aJob({ earning_paise: null })])
    const job = await screen.findByRole('article', { name: 'Fan fitting' })
    expect(within(job).getByText('Not priced yet: ask the office')).toBeVisible()
  })

  it('names a job after its catalogue service in the worker’s language', async () => {
    await i18n.loadNamespaces('myJobs')
    await i18n.loadLanguages('te')
    await i18n.changeLanguage('te')
    try {
      setup([aJob({ task_name: 'Electrician' })])
      expect(await screen.findByRole('heading', { level: 3, name: 'ఎలక్ట్రీషియన్' })).toBeVisible()
    } finally {
      await i18n.changeLanguage('en')
    }
  })

  it('asks before Completed, says the customer is messaged, and Not yet changes nothing', async () => {
    const { calls } = setup([aJob()])
    const u = userEvent.setup()
    const job = await screen.findByRole('article', { name: 'Fan fitting' })
    await u.click(within(job).getByRole('button', { name: 'Complete: Fan fitting' }))
    const confirm = within(job).getByRole('group', { name: 'Is “Fan fitting” completed?' })
    expect(confirm).toHaveTextContent('We will send Padma a message to check the work and confirm it, then pay.')
    expect(within(confirm).getByText('Is “Fan fitting” completed?')).toHaveFocus()

    await u.click(within(confirm).getByRole('button', { name: 'Not yet' }))
    expect(within(job).queryByRole('group')).toBeNull()
    await waitFor(() => expect(within(job).getByRole('button', { name: 'Complete: Fan fitting' })).toHaveFocus())
    expect(calls.filter((c) => c.name === 'updateStatus')).toEqual([])

    await u.click(within(job).getByRole('button', { name: 'Complete: Fan fitting' }))
    await u.click(within(job).getByRole('button', { name: 'Yes, completed' }))
    await waitFor(() => expect(calls.filter((c) => c.name === 'updateStatus')).toHaveLength(1))
    expect(calls.find((c) => c.name === 'updateStatus')?.body).toMatchObject({ status: 'work_completed' })
    expect(await screen.findByText('Fan fitting: Work completed.')).toBeVisible()
  })

  it('starts a job that needs no start code at once, through the status change: only Completed asks first', async () => {
    const { calls } = setup([aJob({ status: 'assigned', start_code: null })])
    const u = userEvent.setup()
    const job = await screen.findByRole('article', { name: 'Fan fitting' })
    await u.click(within(job).getByRole('button', { name: 'Start: Fan fitting' }))
    await waitFor(() => expect(calls.filter((c) => c.name === 'updateStatus')).toHaveLength(1))
    expect(calls.find((c) => c.name === 'updateStatus')?.body).toMatchObject({ status: 'work_inprogress' })
    expect(within(job).queryByRole('form')).toBeNull()
    expect(calls.filter((c) => c.name === 'startTask')).toEqual([])
  })

  describe('the start code', () => {
    it('starts the work with the customer’s code, then reads the jobs again and says so', async () => {
      let started = false
      const { calls } = setup(() => [started ? aJob({ status: 'work_inprogress' }) : aJob(NEEDS_CODE)], {
        startTask: () => {
          started = true
          return aStatusChange('assigned', 'work_inprogress')
        },
      })
      const u = userEvent.setup()
      const { job, form, box } = await openStartForm(u)
      expect(box).toHaveAttribute('inputmode', 'numeric')
      expect(box).toHaveAttribute('autocomplete', 'one-time-code')
      expect(box).toHaveAttribute('maxlength', '4')
      expect(box).toHaveAccessibleDescription(
        'Ask the customer for the 4-digit start code they got by SMS and in My requests.',
      )
      // While the form is open it is the Start; the customer can still be called.
      expect(within(job).queryByRole('button', { name: 'Start: Fan fitting' })).toBeNull()
      expect(within(job).getByRole('link', { name: /^Call Padma/ })).toBeVisible()

      await u.type(box, '4821')
      await u.click(within(form).getByRole('button', { name: 'Start work' }))

      expect(await screen.findByText('Fan fitting: Work in progress.')).toBeVisible()
      const start = calls.filter((c) => c.name === 'startTask')
      expect(start).toHaveLength(1)
      expect(start[0]?.url.pathname).toBe('/api/tasks/11/start')
      expect(start[0]?.body).toEqual({ start_code: '4821', expected_status: 'assigned' })
      expect(calls.filter((c) => c.name === 'updateStatus')).toEqual([])
      // The list was read again: the job now shows its next steps.
      expect(calls.filter((c) => c.name === 'myJobs').length).toBeGreaterThanOrEqual(2)
      expect(await within(job).findByRole('button', { name: 'Pause: Fan fitting' })).toBeVisible()
      expect(within(job).queryByRole('form')).toBeNull()
      await waitFor(() => expect(within(job).getByRole('heading', { name: 'Fan fitting' })).toHaveFocus())
    })

    it('says a wrong code and how many tries are left, and keeps the digits typed', async () => {
      const { calls } = setup([aJob(NEEDS_CODE)], {
        startTask: () =>
          refuse(400, {
            message: 'Wrong start code',
            code: 'CODE_WRONG',
            details: { tries_left: 3 },
            issues: [{ path: 'start_code', message: 'Wrong start code' }],
          }),
      })
      const u = userEvent.setup()
      const { form, box } = await openStartForm(u)
      await u.type(box, '1234')
      await u.click(within(form).getByRole('button', { name: 'Start work' }))

      expect(await within(form).findByText('That is not the code. 3 tries left.')).toBeVisible()
      expect(box).toHaveValue('1234')
      expect(box).toHaveFocus()
      expect(box).toHaveAttribute('aria-invalid', 'true')
      expect(box).toHaveAccessibleDescription(expect.stringContaining('That is not the code. 3 tries left.'))
      expect(calls.filter((c) => c.name === 'startTask')).toHaveLength(1)
    })

    it('sends nothing until 4 digits are typed', async () => {
      const { calls } = setup([aJob(NEEDS_CODE)])
      const u = userEvent.setup()
      const { form, box } = await openStartForm(u)
      await u.type(box, '12{Enter}')
      expect(await within(form).findByText('Type the 4 digits the customer tells you.')).toBeVisible()
      expect(box).toHaveValue('12')
      expect(calls.filter((c) => c.name === 'startTask')).toEqual([])
    })

    it('reads digits typed on a Telugu or Hindi keyboard as the code', async () => {
      const { calls } = setup([aJob(NEEDS_CODE)], { startTask: () => aStatusChange('assigned', 'work_inprogress') })
      const u = userEvent.setup()
      const { form, box } = await openStartForm(u)
      await u.type(box, '౪౮२१')
      await u.click(within(form).getByRole('button', { name: 'Start work' }))
      await waitFor(() => expect(calls.filter((c) => c.name === 'startTask')).toHaveLength(1))
      expect(calls.find((c) => c.name === 'startTask')?.body).toMatchObject({ start_code: '4821' })
    })

    it('shows Starting… while the answer is on its way and ignores a second press', async () => {
      let answer: (value: ReturnType<typeof aStatusChange>) => void = () => undefined
      const { calls } = setup([aJob(NEEDS_CODE)], {
        startTask: () => new Promise((resolve) => (answer = resolve)),
      })
      const u = userEvent.setup()
      const { form, box } = await openStartForm(u)
      await u.type(box, '4821')
      await u.click(within(form).getByRole('button', { name: 'Start work' }))
      const busy = await within(form).findByRole('button', { name: 'Starting…' })
      expect(busy).toHaveAttribute('aria-busy', 'true')
      await u.click(busy)
      await u.type(box, '{Enter}')
      expect(calls.filter((c) => c.name === 'startTask')).toHaveLength(1)
      answer(aStatusChange('assigned', 'work_inprogress'))
      expect(await screen.findByText('Fan fitting: Work in progress.')).toBeVisible()
    })

    it('Cancel closes the form and puts the focus back on Start', async () => {
      const { calls } = setup([aJob(NEEDS_CODE)])
      const u = userEvent.setup()
      const { job, form } = await openStartForm(u)
      await u.click(within(form).getByRole('button', { name: 'Cancel' }))
      expect(within(job).queryByRole('form')).toBeNull()
      await waitFor(() => expect(within(job).getByRole('button', { name: 'Start: Fan fitting' })).toHaveFocus())
      expect(calls.filter((c) => c.name === 'startTask')).toEqual([])
    })

    it('when the wrong codes have used up the tries, says the office will call and offers no Start', async () => {
      setup([aJob({ status: 'assigned', start_code: { state: 'used_up', tries_left: 0 } })])
      const job = await screen.findByRole('article', { name: 'Fan fitting' })
      expect(within(job).getByText('Too many wrong codes. The office has been told and will call you.')).toBeVisible()
      expect(within(job).queryByRole('button', { name: 'Start: Fan fitting' })).toBeNull()
      expect(within(job).getByRole('link', { name: /^Call Padma/ })).toBeVisible()
    })

    it('the last wrong code closes the form and says the office will call', async () => {
      let usedUp = false
      setup(
        () => [aJob(usedUp ? { status: 'assigned', start_code: { state: 'used_up', tries_left: 0 } } : NEEDS_CODE)],
        {
          startTask: () => {
            usedUp = true
            return refuse(410, { message: 'Too many wrong codes', code: 'CODE_TRIES_USED', details: { tries_left: 0 } })
          },
        },
      )
      const u = userEvent.setup()
      const { job, form, box } = await openStartForm(u)
      await u.type(box, '9999')
      await u.click(within(form).getByRole('button', { name: 'Start work' }))
      const notice = await within(job).findByText('Too many wrong codes. The office has been told and will call you.')
      await waitFor(() => expect(notice).toHaveFocus())
      expect(within(job).queryByRole('form')).toBeNull()
      expect(within(job).queryByRole('button', { name: 'Start: Fan fitting' })).toBeNull()
    })
  })

  describe('My ratings', () => {
    it('shows the worker’s standing in one line', async () => {
      setup([aJob()])
      const section = await screen.findByRole('region', { name: 'My ratings' })
      expect(within(section).getByText('★ 4.5 · 2 ratings · 7 jobs done')).toBeVisible()
    })

    it('says when there are no ratings yet', async () => {
      setup([aJob()], {}, { rating_avg: null, rating_count: 0, jobs_done: 1 })
      const section = await screen.findByRole('region', { name: 'My ratings' })
      expect(within(section).getByText('No ratings yet · 1 job done')).toBeVisible()
    })

    it('lists the reviews when asked: stars read out, the words, who, where and when', async () => {
      const { calls } = setup([aJob()], {
        workerProfile: ({ params }) => ({
          profile: {
            worker_id: Number(params.worker_id),
            name: 'Ravi',
            town: 'Armoor',
            services: [],
            ...NO_PROFILE,
            rating_avg: 4.5,
            rating_count: 2,
            jobs_done: 7,
            reviews: [
              aReview(),
              aReview({ task_id: 12, stars: 5, review: null, town: null, customer_first_name: 'Anil' }),
            ],
          },
        }),
      })
      const u = userEvent.setup()
      const section = await screen.findByRole('region', { name: 'My ratings' })
      const show = within(section).getByRole('button', { name: 'Show my reviews' })
      expect(show).toHaveAttribute('aria-expanded', 'false')
      await u.click(show)
      const list = await within(section).findByRole('list')
      const items = within(list).getAllByRole('listitem')
      expect(items).toHaveLength(2)
      expect(within(items[0] as HTMLElement).getByRole('img', { name: '4 of 5 stars' })).toHaveTextContent('★★★★☆')
      expect(items[0]).toHaveTextContent('Came on time and fixed both fans.')
      expect(items[0]).toHaveTextContent('Lakshmi, Armoor · Electrician · 20 Nov 2026')
      expect(within(items[1] as HTMLElement).getByRole('img', { name: '5 of 5 stars' })).toBeVisible()
      expect(items[1]).toHaveTextContent('Anil · Electrician')
      expect(within(section).getByRole('button', { name: 'Hide my reviews' })).toHaveAttribute('aria-expanded', 'true')
      expect(calls.find((c) => c.name === 'workerProfile')?.url.pathname).toBe('/api/workers/4/profile')
    })

    it('says when there are no reviews yet, and offers a retry when they could not be loaded', async () => {
      let fail = true
      setup([aJob()], {
        workerProfile: () =>
          fail
            ? refuse(404, { message: 'Not found', code: 'NOT_FOUND' })
            : {
                profile: {
                  worker_id: 4,
                  name: 'Ravi',
                  town: 'Armoor',
                  services: [],
                  ...NO_PROFILE,
                  rating_avg: null,
                  rating_count: 0,
                  jobs_done: 7,
                  reviews: [],
                },
              },
      })
      const u = userEvent.setup()
      const section = await screen.findByRole('region', { name: 'My ratings' })
      await u.click(within(section).getByRole('button', { name: 'Show my reviews' }))
      const alert = await within(section).findByRole('alert')
      expect(alert).toHaveTextContent('Your reviews could not be loaded.')
      fail = false
      await u.click(within(alert).getByRole('button', { name: 'Try again' }))
      expect(await within(section).findByText('No reviews yet.')).toBeVisible()
    })
  })

  describe('My profile (issue 21)', () => {
    const selfie = () =>
      new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0]), new Uint8Array(200)], 'me.jpg', {
        type: 'image/jpeg',
      })

    it('shows the photo and languages as customers see them, and saves the languages ticked', async () => {
      let saved: Profile = { photo_url: '/api/workers/4/photo/abc', languages: ['te'] }
      const { calls } = setup(
        [aJob()],
        {
          setWorkerLanguages: ({ params, body }) => {
            saved = { ...saved, languages: body.languages }
            return { message: 'Languages saved', worker_id: Number(params.id), languages: body.languages }
          },
        },
        undefined,
        () => saved,
      )
      const u = userEvent.setup()
      const section = await screen.findByRole('region', { name: 'My profile' })
      expect(within(section).getByRole('img', { name: 'Your photo' })).toHaveAttribute(
        'src',
        '/api/workers/4/photo/abc',
      )
      expect(section).toHaveTextContent('Languages: తెలుగు')
      await u.click(within(section).getByRole('button', { name: 'Change my photo and languages' }))
      const languages = await within(section).findByRole('group', { name: 'Languages I speak' })
      expect(within(languages).getByRole('checkbox', { name: 'తెలుగు' })).toBeChecked()
      await u.click(within(languages).getByRole('checkbox', { name: 'اردو' }))
      await u.click(within(languages).getByRole('checkbox', { name: 'हिन्दी' }))
      await u.click(within(section).getByRole('button', { name: 'Save languages' }))
      expect(await within(section).findByText('Languages saved.')).toBeVisible()
      // In the list's order, whatever the order ticked.
      expect(calls.find((c) => c.name === 'setWorkerLanguages')?.body).toEqual({ languages: ['te', 'hi', 'ur'] })
      await waitFor(() => expect(section).toHaveTextContent('Languages: తెలుగు, हिन्दी, اردو'))
    })

    it('sends a selfie, then shows it; says why when it is refused; removes it', async () => {
      let photo: string | null = null
      let refuseNext = true
      const { calls } = setup(
        [aJob()],
        {
          setWorkerPhoto: ({ params }) => {
            if (refuseNext) {
              refuseNext = false
              return refuse(415, {
                message: 'The photo must be a JPEG, PNG or WebP image',
                code: 'UNSUPPORTED_MEDIA_TYPE',
              })
            }
            photo = `/api/workers/${params.id}/photo/new`
            return { message: 'Photo saved', worker_id: Number(params.id), photo_url: photo }
          },
          deleteWorkerPhoto: ({ params }) => {
            photo = null
            return { message: 'Photo removed', worker_id: Number(params.id), photo_url: null }
          },
        },
        undefined,
        () => ({ photo_url: photo, languages: [] }),
      )
      const u = userEvent.setup()
      const section = await screen.findByRole('region', { name: 'My profile' })
      expect(section).toHaveTextContent('No photo yet.')
      expect(section).toHaveTextContent('Add the languages you speak.')
      await u.click(within(section).getByRole('button', { name: 'Change my photo and languages' }))
      await within(section).findByRole('button', { name: 'Take a selfie' })
      const camera = screen.getByTestId('profile-photo-camera')
      expect(camera).toHaveAttribute('capture', 'user')
      fireEvent.change(camera, { target: { files: [selfie()] } })
      expect(
        await within(section).findByText('This file is not a photo. Choose a JPEG, PNG or WebP photo.'),
      ).toBeVisible()
      fireEvent.change(camera, { target: { files: [selfie()] } })
      expect(await within(section).findByText('Photo saved. Customers see it on their booking.')).toBeVisible()
      const sent = calls.filter((c) => c.name === 'setWorkerPhoto').at(-1)?.body as { type: string; data: string }
      expect(sent.type).toBe('image/jpeg')
      expect(atob(sent.data).charCodeAt(0)).toBe(0xff)
      expect(await within(section).findByRole('img', { name: 'Your photo' })).toHaveAttribute(
        'src',
        '/api/workers/4/photo/new',
      )
      await u.click(within(section).getByRole('button', { name: 'Remove photo' }))
      expect(await within(section).findByText('Photo removed.')).toBeVisible()
      await waitFor(() => expect(within(section).queryByRole('img', { name: 'Your photo' })).toBeNull())
    })
  })
})
