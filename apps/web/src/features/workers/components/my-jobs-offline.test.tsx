import 'fake-indexeddb/auto'
import type { MyJobsResponse, MyJobWithEarning } from '@townworks/contract'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { clearOutbox, outboxItems } from '../../../lib/offline/outbox'
import { forgetCopies } from '../../../lib/offline/device-copy'
import { mockApi, refuse, type MockHandlers } from '../../../testing/api-mock'
import { aMyJob, aStatusChange } from '../../../testing/fixtures'
import { renderWithRouter } from '../../../testing/render'
import { MyJobsScreen } from './my-jobs-screen'

// My jobs with a weak signal (issue 23): what the worker does with no network is kept on the phone, shown
// as it will be with "Waiting to send", sent with its own Idempotency-Key when the signal returns, and a
// refusal is shown with its reason until "Got it".

const OWNER = 'test-worker'
const TODAY = '2026-11-25'
const aJob = (overrides: Partial<MyJobWithEarning> = {}) => aMyJob(TODAY, overrides)
const NEEDS_CODE = { status: 'assigned', start_code: { state: 'needed', tries_left: 5 } } as const
const noNetwork = () => {
  throw new TypeError('Failed to fetch')
}

beforeAll(() =>
  Promise.all([
    i18n.loadNamespaces(['myJobs', 'myJobsMore', 'apiErrors']),
    import('./start-code-form'),
    import('./job-queue'),
    import('./my-jobs-sections'),
  ]),
)

let online = true
beforeEach(() => {
  online = true
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online)
})
afterEach(async () => {
  await clearOutbox(OWNER)
  await forgetCopies(OWNER)
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

/** The signal comes back: the browser says so, and the outbox sends what waits. */
async function signalBack() {
  online = true
  await act(async () => {
    window.dispatchEvent(new Event('online'))
  })
}

function setup(jobs: () => MyJobWithEarning[], handlers: MockHandlers = {}) {
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
    jobs: jobs(),
  })
  const mock = mockApi({
    myJobs: () => (online ? answer() : noNetwork()),
    ...handlers,
  })
  renderWithRouter(<MyJobsScreen />, { role: 'worker' })
  return mock
}

const waitingNote = (job: HTMLElement) => within(job).getByText('Waiting to send').closest('p')

const bar = () => screen.findAllByRole('status').then((all) => all.find((s) => s.className === 'jobs__offline'))

describe('My jobs with no signal', { timeout: 30_000 }, () => {
  it('keeps a move on the phone: the card shows the new status, Waiting to send, and it goes once with its key', async () => {
    let status: MyJobWithEarning['status'] = 'work_inprogress'
    const { calls } = setup(() => [aJob({ status })], {
      updateStatus: ({ body }) => {
        if (!online) noNetwork()
        status = body.status
        return aStatusChange('work_inprogress', body.status)
      },
    })
    const u = userEvent.setup()
    const job = await screen.findByRole('article', { name: 'Fan fitting' })
    // The bar's code arrives after the jobs are drawn.
    await waitFor(() => expect(document.querySelector('.jobs__offline, [role="status"]')).not.toBeNull())

    online = false
    await u.click(within(job).getByRole('button', { name: 'Complete: Fan fitting' }))
    await u.click(within(job).getByRole('button', { name: 'Yes, completed' }))

    expect(await screen.findByText('Fan fitting: kept on this phone. It goes when you have signal.')).toBeVisible()
    await waitFor(() => expect(within(job).getByText('Work completed')).toBeVisible())
    expect(within(job).getByText('Waiting to send')).toBeVisible()
    expect(waitingNote(job)).toHaveTextContent('Waiting to send: Completed')
    await waitFor(async () =>
      expect((await bar())?.textContent).toContain('1 action waiting to send — it goes when you have signal.'),
    )
    // Kept on the phone (IndexedDB), whatever happens to the page.
    const [kept] = await outboxItems(OWNER)
    expect(kept).toMatchObject({ subject: '11', payload: { do: 'move', to: 'work_completed' } })

    await signalBack()
    await waitFor(async () => expect(await outboxItems(OWNER)).toEqual([]))
    const moves = calls.filter((c) => c.name === 'updateStatus' && c.headers.get('Idempotency-Key') === kept!.id)
    expect(moves.length).toBeGreaterThanOrEqual(1)
    expect(moves.at(-1)?.body).toEqual({ status: 'work_completed', expectedStatus: 'work_inprogress' })
    // The jobs are read again: the server's status, no mark.
    await waitFor(() => expect(within(job).queryByText('Waiting to send')).toBeNull())
    expect(within(job).getByText('Work completed')).toBeVisible()
  })

  it('records cash received for a finished job: asks first with the amount, queues it offline, sends it once with its key', async () => {
    let paid = false
    const { calls } = setup(
      () => [aJob({ status: paid ? 'payment_received' : 'work_completed', cash_owed_paise: paid ? null : 45_000 })],
      {
        recordCashReceived: ({ body }) => {
          if (!online) noNetwork()
          paid = true
          return {
            message: 'Payment recorded',
            replayed: false,
            status: 'payment_received',
            payment: {
              id: 3,
              task_id: 11,
              amount_paise: body.amount_paise,
              method: 'cash',
              reference: null,
              state: 'captured',
              provider: null,
              recorded_by: OWNER,
              created_at: '2026-11-25T10:00:00.000Z',
            },
          } as never
        },
      },
    )
    const u = userEvent.setup()
    const job = await screen.findByRole('article', { name: 'Fan fitting' })
    await u.click(await within(job).findByRole('button', { name: 'Cash received: Fan fitting' }))
    expect(within(job).getByText('Received ₹450 in cash?')).toHaveFocus()
    // "Not yet" changes nothing.
    await u.click(within(job).getByRole('button', { name: 'Not yet' }))
    expect(await outboxItems(OWNER)).toEqual([])

    online = false
    await u.click(within(job).getByRole('button', { name: 'Cash received: Fan fitting' }))
    await u.click(within(job).getByRole('button', { name: 'Yes, received' }))
    await waitFor(() => expect(waitingNote(job)).toHaveTextContent('Waiting to send: Cash ₹450'))
    const [kept] = await outboxItems(OWNER)
    expect(kept).toMatchObject({ subject: '11', payload: { do: 'cash', amountPaise: 45_000 } })
    // Not offered twice while it waits.
    expect(within(job).queryByRole('button', { name: 'Cash received: Fan fitting' })).toBeNull()

    await signalBack()
    await waitFor(async () => expect(await outboxItems(OWNER)).toEqual([]))
    const sent = calls.filter((c) => c.name === 'recordCashReceived' && c.headers.get('Idempotency-Key') === kept!.id)
    expect(sent.at(-1)?.body).toEqual({ amount_paise: 45_000 })
    expect(sent.at(-1)?.url.pathname).toBe('/api/my/jobs/11/cash')
  })

  it('a start refused for a wrong code says why, and the code typed again goes in its place', async () => {
    let status: MyJobWithEarning['status'] = 'assigned'
    const codes: string[] = []
    const { calls } = setup(() => [status === 'assigned' ? aJob(NEEDS_CODE) : aJob({ status })], {
      startTask: ({ body }) => {
        if (!online) noNetwork()
        codes.push(body.start_code)
        if (body.start_code !== '4821')
          return refuse(409, { code: 'CODE_WRONG', message: 'Wrong code', details: { tries_left: 4 } })
        status = 'work_inprogress'
        return aStatusChange('assigned', 'work_inprogress')
      },
    })
    const u = userEvent.setup()
    const job = await screen.findByRole('article', { name: 'Fan fitting' })
    await screen.findAllByRole('status')

    online = false
    await u.click(within(job).getByRole('button', { name: 'Start: Fan fitting' }))
    const box = await within(job).findByRole('textbox', { name: 'Customer’s start code' })
    await u.type(box, '1111')
    await u.click(within(job).getByRole('button', { name: 'Start work' }))
    await waitFor(() => expect(within(job).getByText('Work in progress')).toBeVisible())
    expect(waitingNote(job)).toHaveTextContent('Waiting to send: Start')
    expect(codes).toEqual([])

    await signalBack()
    const refusal = await within(job).findByRole('group', { name: 'Not sent: Start' })
    expect(refusal).toHaveTextContent(
      'Not sent (Start): That is not the code. 4 tries left. Press Start and type the code again.',
    )
    // Back as the server has it: the Start, for the code typed again.
    expect(within(job).getByText('Assigned')).toBeVisible()
    await u.click(within(job).getByRole('button', { name: 'Start: Fan fitting' }))
    await u.type(await within(job).findByRole('textbox', { name: 'Customer’s start code' }), '4821')
    await u.click(within(job).getByRole('button', { name: 'Start work' }))

    await waitFor(() => expect(codes).toEqual(['1111', '4821']))
    await waitFor(async () => expect(await outboxItems(OWNER)).toEqual([]))
    await waitFor(() => expect(within(job).queryByRole('group', { name: 'Not sent: Start' })).toBeNull())
    const starts = calls.filter((c) => c.name === 'startTask')
    // Each try its own key: the server keeps its answer to the first.
    expect(new Set(starts.map((c) => c.headers.get('Idempotency-Key'))).size).toBe(2)
  })

  it('a move the office made impossible meanwhile is shown with the reason until Got it', async () => {
    setup(() => [aJob({ status: 'work_inprogress' })], {
      updateStatus: () =>
        online
          ? refuse(409, {
              code: 'STALE_STATUS',
              message: 'Someone else moved this task first: it is now cancelled',
              details: { current: 'cancelled' },
            })
          : noNetwork(),
    })
    const u = userEvent.setup()
    const job = await screen.findByRole('article', { name: 'Fan fitting' })
    await screen.findAllByRole('status')
    online = false
    await u.click(within(job).getByRole('button', { name: 'Pause: Fan fitting' }))
    await waitFor(() => expect(waitingNote(job)).toHaveTextContent('Waiting to send: Pause'))

    await signalBack()
    const refusal = await within(job).findByRole('group', { name: 'Not sent: Pause' })
    expect(refusal).toHaveTextContent('Not sent (Pause): The office cancelled this job.')
    await u.click(within(refusal).getByRole('button', { name: 'Got it: Pause not sent' }))
    await waitFor(() => expect(within(job).queryByRole('group', { name: 'Not sent: Pause' })).toBeNull())
    expect(await outboxItems(OWNER)).toEqual([])
  })

  it('shows the jobs last loaded on this phone when there is no network, with when they were loaded', async () => {
    const first = setup(() => [aJob({ place: 'Temple Street' })])
    await screen.findByRole('article', { name: 'Fan fitting' })
    await waitFor(() => expect(first.calls.filter((c) => c.name === 'myJobs')).toHaveLength(1))
    // Let the copy be written before the screen goes.
    await new Promise((resolve) => setTimeout(resolve, 50))
    document.body.innerHTML = ''

    online = false
    setup(() => [])
    const job = await screen.findByRole('article', { name: 'Fan fitting' })
    expect(within(job).getByText('Temple Street, Armoor')).toBeVisible()
    expect(within(job).getByRole('link', { name: 'Call Padma: +91 98480 12345' })).toBeVisible()
    await waitFor(async () =>
      expect((await bar())?.textContent).toMatch(/^You are offline\. Last updated at \d\d:\d\d\.$/),
    )
  })
})
