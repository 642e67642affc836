import type { MyJobsResponse, MyJobWithEarning, TaskPhoto, TaskPhotosResponse } from '@townworks/contract'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { mockApi, refuse, type MockHandlers } from '../../../testing/api-mock'
import { aLogin, anError, aStatusChange, aTaskPhoto, aMyJob } from '../../../testing/fixtures'
import { renderWithRouter } from '../../../testing/render'
import { MyJobsScreen } from './my-jobs-screen'

// The photos of the work on My jobs (issue 21): the button after the jobs, the panel on the tap, each
// photo sent with its own Idempotency-Key, a failed one kept for Retry with the same key.
beforeAll(() =>
  Promise.all([
    i18n.loadNamespaces(['myJobs', 'myJobsMore']),
    import('./work-photos'),
    import('./work-photos-panel'),
    import('./my-jobs-sections'),
  ]),
)
afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

const TODAY = '2026-11-25'

const aJob = (overrides: Partial<MyJobWithEarning> = {}) => aMyJob(TODAY, { service_desc: '', ...overrides })

/**
 * A small JPEG as the phone's file picker gives it (jsdom cannot redraw it: it is sent as it is), a few
 * hundred bytes, so each percent of its upload is a byte or more.
 */
const jpeg = (name: string) =>
  new File(
    [
      new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
      new Uint8Array(300),
    ],
    name,
    { type: 'image/jpeg' },
  )

/** My jobs with one job, its photos kept by the mock server as they are added. */
function setup(job: MyJobWithEarning, handlers: MockHandlers = {}, stored: TaskPhoto[] = []) {
  const photos = [...stored]
  const answer = (): MyJobsResponse => ({
    worker: {
      worker_id: 4,
      name: 'Ravi',
      rating_avg: null,
      rating_count: 0,
      jobs_done: 0,
      photo_url: null,
      languages: [],
    },
    today: TODAY,
    jobs: [job],
  })
  const list = (): TaskPhotosResponse => ({ photos, max: 5, can_add: photos.length < 5 })
  const mock = mockApi({
    myJobs: answer,
    updateStatus: ({ body }) => aStatusChange('work_inprogress', body.status),
    taskPhotos: list,
    addTaskPhoto: ({ body }) => {
      const photo = aTaskPhoto({ id: 40 + photos.length, task_id: job.task_id, type: body.type })
      photos.push(photo)
      return { photo }
    },
    ...handlers,
  })
  renderWithRouter(<MyJobsScreen />, { role: 'worker' })
  return { ...mock, photos }
}

async function openPanel(u: ReturnType<typeof userEvent.setup>) {
  const job = await screen.findByRole('article', { name: 'Fan fitting' })
  await u.click(await within(job).findByRole('button', { name: 'Add photos of the work: Fan fitting' }))
  const panel = await within(job).findByRole('region', { name: 'Photos of the work' })
  return { job, panel }
}

const choose = (panel: HTMLElement, ...files: File[]) =>
  fireEvent.change(within(panel).getByTestId('work-photos-camera'), { target: { files } })

const sent = (calls: ReturnType<typeof mockApi>['calls']) => calls.filter((c) => c.name === 'addTaskPhoto')

/**
 * An upload the test moves by hand: `uploaded(share)` reports its bytes to the page, `answer()` lets
 * the server answer (the photo kept in `photos`), `drop()` drops the line. Each photo's call replaces
 * the last's.
 */
function heldUploads() {
  const held = {
    photos: [] as TaskPhoto[],
    calls: 0,
    uploaded: (_share: number) => {},
    answer: () => {},
    drop: () => {},
  }
  const addTaskPhoto: NonNullable<MockHandlers['addTaskPhoto']> = async ({ body, uploaded }) => {
    held.calls += 1
    held.uploaded = (share) => act(() => uploaded(share))
    await new Promise<void>((resolve, reject) => {
      held.answer = resolve
      held.drop = () => reject(new TypeError('Failed to fetch'))
    })
    const photo = aTaskPhoto({ id: 40 + held.photos.length, task_id: 11, type: body.type })
    held.photos.push(photo)
    return { photo }
  }
  return { held, addTaskPhoto }
}

describe('My jobs: photos of the work (issue 21)', { timeout: 30_000 }, () => {
  it('a job in progress offers the camera behind a labelled button; the photos go one by one, then show', async () => {
    const u = userEvent.setup()
    const { calls } = setup(aJob())
    const { panel } = await openPanel(u)
    expect(await within(panel).findByText('No photos sent yet.')).toBeVisible()
    expect(within(panel).getByText('You can add 5 more photos.')).toBeVisible()
    const camera = within(panel).getByTestId('work-photos-camera')
    expect(camera).toHaveAttribute('capture', 'environment')
    expect(camera).toHaveAttribute('accept', 'image/*')
    expect(camera).toHaveAttribute('multiple')
    expect(within(panel).getByRole('button', { name: 'Take a photo' })).toBeVisible()
    expect(within(panel).getByRole('button', { name: 'Choose photos' })).toBeVisible()

    choose(panel, jpeg('IMG_0001.jpg'), jpeg('IMG_0002.jpg'))
    expect(await within(panel).findByText('2 photos sent.')).toBeVisible()
    const adds = sent(calls)
    expect(adds).toHaveLength(2)
    expect(adds.map((c) => c.url.pathname)).toEqual(['/api/tasks/11/photos', '/api/tasks/11/photos'])
    expect(adds[0]!.body).toMatchObject({ type: 'image/jpeg', data: expect.stringMatching(/^\/9j\//) })
    // Each photo its own key.
    const keys = adds.map((c) => c.headers.get('Idempotency-Key'))
    expect(keys[0]).toMatch(/^ph-[0-9a-f]{32}$/)
    expect(new Set(keys).size).toBe(2)
    // The list is read again: the thumbnails, each a link to the photo full size.
    const strip = await within(panel).findByRole('list', { name: 'Photos sent for Fan fitting' })
    const first = within(strip).getByRole('img', { name: 'Photo 1 of 2 of the work: open it full size' })
    expect(first).toHaveAttribute('src', '/api/task-photos/40')
    expect(first).toHaveAttribute('loading', 'lazy')
    expect(first).toHaveAttribute('width', '112')
    expect(first).toHaveAttribute('height', '84')
    expect(first.closest('a')).toHaveAttribute('href', '/api/task-photos/40')
    expect(within(panel).getByText('You can add 3 more photos.')).toBeVisible()
  })

  it('keeps a photo that did not go, with Retry: the retry sends it with the same key', async () => {
    const u = userEvent.setup()
    let fail = true
    const { calls, photos } = setup(aJob({ status: 'work_completed' }), {
      addTaskPhoto: ({ body }) => {
        if (fail) throw new TypeError('Failed to fetch')
        const photo = aTaskPhoto({ id: 9, task_id: 11, type: body.type })
        photos.push(photo)
        return { photo }
      },
    })
    const { panel } = await openPanel(u)
    choose(panel, jpeg('door.jpg'))
    expect(await within(panel).findByText('1 photo was not sent. Tap Retry when the line is better.')).toBeVisible()
    const queue = within(panel).getByRole('list', { name: 'Photos being sent' })
    expect(within(queue).getByText('door.jpg')).toBeVisible()
    expect(within(queue).getByText(/^Not sent: No Server Response/)).toBeVisible()
    fail = false
    await u.click(within(queue).getByRole('button', { name: 'Send door.jpg again' }))
    expect(await within(panel).findByText('1 photo sent.')).toBeVisible()
    const adds = sent(calls)
    expect(adds).toHaveLength(2)
    expect(adds[1]!.headers.get('Idempotency-Key')).toBe(adds[0]!.headers.get('Idempotency-Key'))
    expect(adds[1]!.body).toEqual(adds[0]!.body)
    expect(await within(panel).findByRole('img', { name: 'Photo 1 of 1 of the work: open it full size' })).toBeVisible()
  })

  it('says when the job has its five photos, and takes back a photo with Remove', async () => {
    const u = userEvent.setup()
    const five = [1, 2, 3, 4, 5].map((id) => aTaskPhoto({ id, task_id: 11 }))
    const { calls, photos } = setup(
      aJob(),
      {
        deleteTaskPhoto: ({ params }) => {
          photos.splice(
            photos.findIndex((p) => p.id === Number(params.id)),
            1,
          )
          return { message: 'The photo is removed', id: Number(params.id) }
        },
      },
      five,
    )
    const { panel } = await openPanel(u)
    expect(await within(panel).findByText('This job has 5 photos, the most it can have.')).toBeVisible()
    expect(within(panel).queryByRole('button', { name: 'Take a photo' })).not.toBeInTheDocument()
    await u.click(within(panel).getByRole('button', { name: 'Remove photo 2' }))
    expect(await within(panel).findByText('Photo 2 removed.')).toBeVisible()
    expect(calls.find((c) => c.name === 'deleteTaskPhoto')?.url.pathname).toBe('/api/task-photos/2')
    expect(await within(panel).findByRole('button', { name: 'Take a photo' })).toBeVisible()
    expect(within(panel).getByText('You can add 1 more photo.')).toBeVisible()
  })

  it('a photo the server refuses is said plainly and can be discarded, not retried', async () => {
    const u = userEvent.setup()
    setup(aJob(), {
      addTaskPhoto: () =>
        refuse(409, {
          code: 'CONFLICT',
          message: 'A job has at most 5 photos of the work',
          details: { reason: 'photos_full', max: 5 },
        }),
    })
    const { panel } = await openPanel(u)
    choose(panel, jpeg('sixth.jpg'))
    const queue = await within(panel).findByRole('list', { name: 'Photos being sent' })
    expect(await within(queue).findByText('This job has 5 photos, the most it can have.')).toBeVisible()
    expect(within(queue).queryByRole('button', { name: /again/ })).not.toBeInTheDocument()
    await u.click(within(queue).getByRole('button', { name: 'Discard sixth.jpg' }))
    await waitFor(() =>
      expect(within(panel).queryByRole('list', { name: 'Photos being sent' })).not.toBeInTheDocument(),
    )
  })

  it('a file that is not a photo is refused in the phone, before sending', async () => {
    const u = userEvent.setup()
    const { calls } = setup(aJob())
    const { panel } = await openPanel(u)
    fireEvent.change(within(panel).getByTestId('work-photos-gallery'), {
      target: { files: [new File(['my notes'], 'notes.txt', { type: 'text/plain' })] },
    })
    expect(await within(panel).findByText('This is not a photo. Choose a JPEG, PNG or WebP photo.')).toBeVisible()
    expect(sent(calls)).toHaveLength(0)
  })

  it('“Yes, completed” opens the photos right there, its heading focused', async () => {
    const u = userEvent.setup()
    let status: MyJobWithEarning['status'] = 'work_inprogress'
    mockApi({
      myJobs: () => ({
        worker: {
          worker_id: 4,
          name: 'Ravi',
          rating_avg: null,
          rating_count: 0,
          jobs_done: 0,
          photo_url: null,
          languages: [],
        },
        today: TODAY,
        jobs: [aJob({ status })],
      }),
      updateStatus: ({ body }) => {
        status = body.status as typeof status
        return aStatusChange('work_inprogress', body.status)
      },
      taskPhotos: () => ({ photos: [], max: 5, can_add: true }),
    })
    renderWithRouter(<MyJobsScreen />, { role: 'worker' })
    const job = await screen.findByRole('article', { name: 'Fan fitting' })
    await u.click(within(job).getByRole('button', { name: 'Complete: Fan fitting' }))
    await u.click(within(job).getByRole('button', { name: 'Yes, completed' }))
    const heading = await within(job).findByRole('heading', { name: 'Photos of the work' })
    await waitFor(() => expect(heading).toHaveFocus())
    expect(within(job).getByRole('button', { name: 'Close the photos of Fan fitting' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
  })

  it('a job not started or already paid has no photos button', async () => {
    setup(aJob({ status: 'assigned' }))
    const job = await screen.findByRole('article', { name: 'Fan fitting' })
    // The sections after the jobs have come: the photos button would have too.
    await screen.findByRole('heading', { name: 'My ratings' })
    expect(within(job).queryByRole('button', { name: /photos of the work/i })).not.toBeInTheDocument()
  })
})

describe('My jobs: photos of the work, their bytes as they go (issue 21, decision 057)', { timeout: 30_000 }, () => {
  it('the bar and the words move with the bytes sent; the live region is told at each quarter', async () => {
    const u = userEvent.setup()
    const { held, addTaskPhoto } = heldUploads()
    const { calls, photos } = setup(aJob(), { addTaskPhoto })
    held.photos = photos
    const { panel } = await openPanel(u)
    const live = within(panel).getByRole('status')
    // What the live region said, each text once, in order.
    const said: string[] = []
    const observer = new MutationObserver(() => {
      if (live.textContent !== said.at(-1)) said.push(live.textContent ?? '')
    })
    observer.observe(live, { subtree: true, childList: true, characterData: true })

    choose(panel, jpeg('IMG_0001.jpg'), jpeg('IMG_0002.jpg'))
    await waitFor(() => expect(held.calls).toBe(1))
    const queue = within(panel).getByRole('list', { name: 'Photos being sent' })
    const bar = await within(queue).findByRole('progressbar', { name: 'Sending IMG_0001.jpg' })
    // No byte told yet: a bar without a number.
    expect(bar).not.toHaveAttribute('aria-valuenow')
    expect(within(panel).getAllByText('Sending photo 1 of 2…')).toHaveLength(2)

    held.uploaded(0.1)
    expect(await within(panel).findByText('Sending photo 1 of 2 — 10%')).toBeVisible()
    expect(bar).toHaveAttribute('aria-valuenow', '10')
    expect(bar).toHaveAttribute('max', '100')
    expect(live).toHaveTextContent('Sending photo 1 of 2…')
    // Every percent on the screen; the live region only at 25, 50 and 75.
    for (let percent = 11; percent <= 99; percent++) {
      held.uploaded(percent / 100)
      // The observer hears of each change.
      await Promise.resolve()
    }
    expect(within(panel).getByText('Sending photo 1 of 2 — 99%')).toBeVisible()
    expect(bar).toHaveAttribute('aria-valuenow', '99')
    expect(live).toHaveTextContent('Sending photo 1 of 2 — 75%')
    // The round's bar: almost one photo of two.
    const round = within(panel).getByRole('progressbar', { name: 'Photos sent' })
    expect(round).toHaveAttribute('max', '2')
    expect(Number(round.getAttribute('value'))).toBeCloseTo(0.99, 2)

    await act(async () => held.answer())
    await waitFor(() => expect(held.calls).toBe(2))
    expect(await within(panel).findByRole('progressbar', { name: 'Sending IMG_0002.jpg' })).not.toHaveAttribute(
      'aria-valuenow',
    )
    expect(live).toHaveTextContent('Sending photo 2 of 2…')
    held.uploaded(0.6)
    expect(await within(panel).findByText('Sending photo 2 of 2 — 60%')).toBeVisible()
    expect(Number(round.getAttribute('value'))).toBeCloseTo(1.6, 2)
    expect(live).toHaveTextContent('Sending photo 2 of 2 — 50%')

    await act(async () => held.answer())
    expect(await within(panel).findByText('2 photos sent.')).toBeVisible()
    expect(within(panel).queryByRole('progressbar')).not.toBeInTheDocument()
    expect(live).toBeEmptyDOMElement()
    observer.disconnect()
    expect(said).toEqual([
      'Sending photo 1 of 2…',
      'Sending photo 1 of 2 — 25%',
      'Sending photo 1 of 2 — 50%',
      'Sending photo 1 of 2 — 75%',
      'Sending photo 2 of 2…',
      'Sending photo 2 of 2 — 50%',
      '',
    ])
    // Sent by XMLHttpRequest, with the cookies, as every call.
    expect(sent(calls).map((c) => [c.via, c.credentials])).toEqual([
      ['xhr', 'include'],
      ['xhr', 'include'],
    ])
  })

  it('a line dropped mid-upload keeps the photo with Retry; the retry sends it again from 0 with the same key', async () => {
    const u = userEvent.setup()
    const { held, addTaskPhoto } = heldUploads()
    const { calls, photos } = setup(aJob({ status: 'work_completed' }), { addTaskPhoto })
    held.photos = photos
    const { panel } = await openPanel(u)
    choose(panel, jpeg('door.jpg'))
    await waitFor(() => expect(held.calls).toBe(1))
    held.uploaded(0.55)
    expect(await within(panel).findByText('Sending photo 1 of 1 — 55%')).toBeVisible()

    await act(async () => held.drop())
    expect(await within(panel).findByText('1 photo was not sent. Tap Retry when the line is better.')).toBeVisible()
    const queue = within(panel).getByRole('list', { name: 'Photos being sent' })
    expect(within(queue).getByText(/^Not sent: No Server Response/)).toBeVisible()
    expect(within(panel).queryByRole('progressbar')).not.toBeInTheDocument()

    await u.click(within(queue).getByRole('button', { name: 'Send door.jpg again' }))
    await waitFor(() => expect(held.calls).toBe(2))
    const bar = await within(queue).findByRole('progressbar', { name: 'Sending door.jpg' })
    expect(bar).not.toHaveAttribute('aria-valuenow')
    expect(within(panel).getAllByText('Sending photo 1 of 1…')).toHaveLength(2)
    held.uploaded(0.3)
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '30'))
    await act(async () => held.answer())
    expect(await within(panel).findByText('1 photo sent.')).toBeVisible()

    const adds = sent(calls)
    expect(adds).toHaveLength(2)
    expect(adds[1]!.headers.get('Idempotency-Key')).toMatch(/^ph-[0-9a-f]{32}$/)
    expect(adds[1]!.headers.get('Idempotency-Key')).toBe(adds[0]!.headers.get('Idempotency-Key'))
    expect(adds[1]!.body).toEqual(adds[0]!.body)
  })

  it('an expired session is renewed and the photo sent again with its key, the bar from 0', async () => {
    const u = userEvent.setup()
    // Someone signed in on this phone: a 401 is worth a renewal.
    localStorage.setItem('user', 'ravi')
    let expired = true
    const { calls, photos } = setup(aJob(), {
      refresh: () => aLogin({ user: 'ravi', role: 'worker' }),
      addTaskPhoto: ({ body, uploaded }) => {
        uploaded(1)
        if (expired) {
          expired = false
          return refuse(401, anError('UNAUTHENTICATED', 'Session expired'))
        }
        const photo = aTaskPhoto({ id: 40, task_id: 11, type: body.type })
        photos.push(photo)
        return { photo }
      },
    })
    const { panel } = await openPanel(u)
    choose(panel, jpeg('IMG_0001.jpg'))
    expect(await within(panel).findByText('1 photo sent.')).toBeVisible()
    expect(within(panel).queryByRole('list', { name: 'Photos being sent' })).not.toBeInTheDocument()
    const order = calls.filter((c) => c.name === 'addTaskPhoto' || c.name === 'refresh')
    expect(order.map((c) => `${c.name} ${c.via}`)).toEqual(['addTaskPhoto xhr', 'refresh fetch', 'addTaskPhoto xhr'])
    const [first, , again] = order
    expect(again!.headers.get('Idempotency-Key')).toBe(first!.headers.get('Idempotency-Key'))
    expect(again!.headers.get('Content-Type')).toBe('application/json')
    expect(again!.body).toEqual(first!.body)
  })

  it('closing the panel stops the upload: the photo on its way is aborted and the next is not sent', async () => {
    const u = userEvent.setup()
    const { held, addTaskPhoto } = heldUploads()
    const { calls, photos } = setup(aJob(), { addTaskPhoto })
    held.photos = photos
    const { job, panel } = await openPanel(u)
    choose(panel, jpeg('IMG_0001.jpg'), jpeg('IMG_0002.jpg'))
    await waitFor(() => expect(held.calls).toBe(1))
    held.uploaded(0.2)
    await u.click(within(panel).getByRole('button', { name: 'Close photos' }))
    expect(within(job).queryByRole('region', { name: 'Photos of the work' })).not.toBeInTheDocument()
    // The answer comes to an aborted request: nothing more is sent.
    await act(async () => held.answer())
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(sent(calls)).toHaveLength(1)
    expect(held.calls).toBe(1)
  })
})
