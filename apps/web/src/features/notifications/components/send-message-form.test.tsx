import type {
  JobResponse,
  JobSummary,
  Notification,
  NotificationSettings,
  SendMessageResponse,
} from '@townworks/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { MantineScope } from '../../../lib/mantine'
import { mockApi, refuse, type Answer, type MockCall } from '../../../testing/api-mock'
import { aJob, anError, noRequestExtras } from '../../../testing/fixtures'
import { renderWithRouter } from '../../../testing/render'
import { SendMessageForm } from './send-message-form'

const notification = (
  state: Notification['state'],
  extra: Partial<Notification> = {},
): { notification: Notification } => ({
  notification: {
    id: 7,
    event: 'operator_message',
    channel: 'whatsapp',
    to: '+919848012345',
    body: 'Plumber at 10',
    state,
    attempts: state === 'queued' ? 0 : 1,
    next_attempt_at: '2031-01-01T00:00:00.000Z',
    last_error: null,
    provider_id: state === 'sent' ? 'SM123' : null,
    dlt_template_id: null,
    created_at: '2031-01-01T00:00:00.000Z',
    sent_at: null,
    task_id: null,
    ...extra,
  },
})

const job: JobResponse = {
  task: {
    id: 45,
    reference: 'TW-000123',
    name: 'Leaking tap',
    description: 'Kitchen tap',
    status: 'assigned',
    service: 'Plumber',
    town: 'Nirmal',
    created_at: '2031-01-01T00:00:00.000Z',
    next_statuses: [],
    override_available: false,
  },
  request: {
    id: 123,
    reference: 'TW-000123',
    customer_name: 'Lakshmi Devi',
    phone: '+919848011111',
    email: null,
    service: 'Plumber',
    town: 'Nirmal',
    service_date: '2031-11-25',
    state: 'scheduled',
    created_at: '2031-01-01T00:00:00.000Z',
    customer_user: null,
    ...noRequestExtras(),
  },
  assignment: {
    assignment_id: 9,
    worker_id: 3,
    worker_name: 'Ravi Kumar',
    worker_phone: '9848022222',
    worker_trades: ['Plumber'],
    worker_town: 'Nirmal',
    date: '2031-11-25',
    start_time: '10:00:00',
    end_time: '11:00:00',
    completion_date: null,
    status: 'assigned',
  },
  money: aJob().money,
  messages: [],
  history: [],
}

let calls: MockCall[] = []
let postAnswer: () => Answer<'sendWhatsapp'> | Promise<Answer<'sendWhatsapp'>>
let jobAnswer: () => Answer<'job'>
let deliveryState: Notification['state']
let settings: NotificationSettings

const queued: SendMessageResponse = { message: 'Message queued', id: 7, state: 'queued' }

// Typing into Mantine fields in jsdom is slow on a shared machine.
vi.setConfig({ testTimeout: 30_000 })
const slow = { timeout: 10_000 }

beforeAll(async () => {
  await i18n.loadNamespaces('notifications')
  // The form's schema arrives by a dynamic import (decision 055): fetched once here, before the one-second waits.
  await import('../../../lib/form-resolvers')
}, 60_000)
beforeEach(() => {
  deliveryState = 'sent'
  settings = { provider: 'log', freeTextChannels: ['whatsapp'] }
  postAnswer = () => queued
  jobAnswer = () => job
  const api = mockApi({
    notificationSettings: () => settings,
    notification: () => notification(deliveryState, deliveryState === 'failed' ? { last_error: 'opted out' } : {}),
    sendWhatsapp: () => postAnswer(),
    taskSummaries: ({ query }) => ({
      summaries: (
        [
          {
            id: 45,
            task_id: 45,
            assignment_id: 9,
            reference: 'TW-000123',
            task_name: 'Leaking tap',
            service: 'Plumber',
            town: 'Nirmal',
            date: '2031-11-25',
            start_time: '10:00:00',
            worker_id: 3,
            worker_name: 'Ravi Kumar',
            status: 'assigned',
          },
        ] satisfies JobSummary[]
      ).filter((s) => !query.get('q') || s.reference.includes(query.get('q')!.toUpperCase())),
    }),
    job: () => jobAnswer(),
  })
  calls = api.calls
})

/** What each send carried, with its Idempotency-Key. */
const sent = () =>
  calls.filter((c) => c.name === 'sendWhatsapp').map((c) => ({ body: c.body, key: c.headers.get('Idempotency-Key') }))

function renderForm() {
  renderWithRouter(
    <MantineScope>
      <SendMessageForm />
    </MantineScope>,
    { role: 'operator', path: '/tsms' },
  )
}

async function fill(phone: string, message: string) {
  const u = userEvent.setup()
  await u.type(await screen.findByRole('textbox', { name: /Phone number/ }, slow), phone)
  await u.type(screen.getByRole('textbox', { name: /Message/ }), message)
  return u
}

/** Search the job by its reference and choose it in the Job box. */
async function pickJob(u: ReturnType<typeof userEvent.setup>) {
  const jobBox = await screen.findByRole('combobox', { name: /Job/ }, slow)
  await u.type(jobBox, 'tw-000123')
  // The search is asked of the server (after a short pause in typing).
  await waitFor(
    () =>
      expect(calls.some((c) => c.name === 'taskSummaries' && c.url.searchParams.get('q') === 'tw-000123')).toBe(true),
    slow,
  )
  const list = await waitFor(() => {
    const found = document.getElementById(jobBox.getAttribute('aria-controls') ?? '')
    if (!found) throw new Error('the option list is not open')
    return found
  })
  await u.click(
    await within(list).findByRole(
      'option',
      { name: /^TW-000123 · Plumber · Nirmal · .*10:00 · Ravi Kumar$/, hidden: true },
      slow,
    ),
  )
}

describe('the Send SMS form', () => {
  it('sends what was typed, by WhatsApp, then follows the message until it is sent', async () => {
    renderForm()
    const u = await fill('98480 12345', 'Plumber at 10')
    expect(screen.getByText('13 / 1000 characters')).toBeInTheDocument()
    await u.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByText('Message #7 sent.', {}, slow)).toBeInTheDocument()
    expect(sent()).toEqual([
      {
        body: { to: '98480 12345', message: 'Plumber at 10', channel: 'whatsapp' },
        key: expect.stringMatching(/^msg-[0-9a-f]{32}$/),
      },
    ])
    // The number stays for the next message; the message is cleared.
    expect(screen.getByRole('textbox', { name: /Phone number/ })).toHaveValue('98480 12345')
    expect(screen.getByRole('textbox', { name: /Message/ })).toHaveValue('')
    expect(screen.getByRole('link', { name: 'See the outbox' })).toHaveAttribute('href', '/outbox')
  })

  it('shows a failed delivery with its reason', async () => {
    deliveryState = 'failed'
    renderForm()
    const u = await fill('9848012345', 'Plumber at 10')
    await u.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByText('Message #7 could not be sent: opted out', {}, slow)).toBeInTheDocument()
  })

  it('a number that is not an Indian mobile shows the error line and sends nothing', async () => {
    renderForm()
    const u = await fill('12345', 'Hello')
    await u.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByTestId('tsms-error')).toHaveTextContent(
      'Please check the form: Enter a 10-digit Indian mobile number',
    )
    expect(sent()).toHaveLength(0)
    expect(screen.getByRole('textbox', { name: /Message/ })).toHaveValue('Hello')
  })

  it('shows "Sending..." while busy, and on a server refusal keeps every typed value', async () => {
    let release!: (answer: Answer<'sendWhatsapp'>) => void
    postAnswer = () => new Promise((resolve) => (release = resolve))
    renderForm()
    const u = await fill('9848012345', 'Hello there')
    await u.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByRole('button', { name: 'Sending...' }, slow)).toBeDisabled()
    release(
      refuse(400, {
        ...anError('VALIDATION_FAILED', 'Enter a 10-digit Indian mobile number'),
        issues: [{ path: 'to', message: 'Enter a 10-digit Indian mobile number' }],
      }),
    )
    await waitFor(
      () => expect(screen.getByTestId('tsms-error')).toHaveTextContent('Enter a 10-digit Indian mobile number'),
      slow,
    )
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled()
    expect(screen.getByRole('textbox', { name: /Phone number/ })).toHaveValue('9848012345')
    expect(screen.getByRole('textbox', { name: /Message/ })).toHaveValue('Hello there')
  })

  it('with no answer says so, and sending again uses the same Idempotency-Key', async () => {
    postAnswer = () => {
      throw new TypeError('Failed to fetch')
    }
    renderForm()
    const u = await fill('9848012345', 'Hello')
    await u.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(screen.getByTestId('tsms-error')).toHaveTextContent('No Server Response'), slow)
    postAnswer = () => queued
    jobAnswer = () => job
    await u.click(screen.getByRole('button', { name: 'Send' }))
    await screen.findByText('Message #7 sent.', {}, slow)
    expect(sent()).toHaveLength(2)
    expect(sent()[1]!.key).toBe(sent()[0]!.key)
    await waitFor(() => expect(screen.getByTestId('tsms-error')).toHaveTextContent(''))
  })

  it('offers SMS only where typed SMS is allowed', async () => {
    renderForm()
    expect(await screen.findByText(/Indian SMS must use a registered template/, {}, slow)).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'SMS' })).toBeDisabled()
    expect(screen.getByRole('radio', { name: 'WhatsApp' })).toBeChecked()
  })

  it('explains why SMS cannot be chosen, in words, before anything is sent', async () => {
    renderForm()
    expect(await screen.findByTestId('tsms-sms-why', {}, slow)).toHaveTextContent(
      'Typed messages cannot go by SMS: Indian SMS must use a registered template.',
    )
    expect(screen.getByRole('radio', { name: 'SMS' })).toHaveAccessibleDescription(
      'Typed messages cannot go by SMS: Indian SMS must use a registered template.',
    )
  })

  it('offers SMS, with no excuse, where free text may go by SMS', async () => {
    settings = { provider: 'twilio', freeTextChannels: ['whatsapp', 'sms'] }
    renderForm()
    expect(await screen.findByRole('radio', { name: 'SMS' }, slow)).toBeEnabled()
    expect(screen.queryByTestId('tsms-sms-why')).not.toBeInTheDocument()
  })

  it('says so when the settings cannot be read, and asks again on Retry', async () => {
    let failures = 1
    mockApi({
      notificationSettings: () =>
        failures-- > 0 ? refuse(403, { message: 'Forbidden', code: 'FORBIDDEN' }) : settings,
    })
    renderForm()
    expect(await screen.findByText('The message settings could not be loaded.', {}, slow)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('textbox', { name: /Phone number/ }, slow)).toBeInTheDocument()
  })

  it("fills the number of a job's customer or worker, picked by searching the job", async () => {
    renderForm()
    const u = userEvent.setup()
    await pickJob(u)
    await u.click(await screen.findByRole('radio', { name: 'Customer: Lakshmi Devi, +91 98480 11111' }, slow))
    expect(screen.getByRole('textbox', { name: /Phone number/ })).toHaveValue('+91 98480 11111')
    await u.click(screen.getByRole('radio', { name: 'Worker: Ravi Kumar, +91 98480 22222' }))
    expect(screen.getByRole('textbox', { name: /Phone number/ })).toHaveValue('+91 98480 22222')
    expect(calls.filter((c) => c.name === 'job').map((c) => c.url.pathname)).toContain('/api/jobs/45')

    // A ready-made message names the job; it stays editable and is sent as typed.
    const templates = screen.getByRole('combobox', { name: /Ready-made message/ })
    await u.click(templates)
    const templateList = document.getElementById(templates.getAttribute('aria-controls') ?? '')!
    await u.click(within(templateList).getByRole('option', { name: 'Worker on the way', hidden: true }))
    const message = screen.getByRole('textbox', { name: /Message/ })
    expect(message).toHaveValue('TownWorks: Ravi Kumar is on the way for TW-000123.')
    await u.type(message, ' Thanks')
    await u.click(screen.getByRole('button', { name: 'Send' }))
    await screen.findByText('Message #7 sent.', {}, slow)
    expect(sent()[0]!.body).toEqual({
      to: '+91 98480 22222',
      message: 'TownWorks: Ravi Kumar is on the way for TW-000123. Thanks',
      channel: 'whatsapp',
    })
  })

  it('says so when the picked job cannot be loaded, with the reason, and asks again on Try again', async () => {
    let failures = 1
    jobAnswer = () => (failures-- > 0 ? refuse(404, anError('NOT_FOUND', 'No such task')) : job)
    renderForm()
    const u = userEvent.setup()
    await pickJob(u)
    const alert = (await screen.findByText('The job could not be loaded.', {}, slow)).closest('[role="alert"]')
    expect(alert).toHaveTextContent('We could not find it. It may have been removed or changed.')
    expect(screen.queryByRole('radio', { name: /^Customer/ })).not.toBeInTheDocument()
    await u.click(within(alert as HTMLElement).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('radio', { name: 'Customer: Lakshmi Devi, +91 98480 11111' }, slow)).toBeEnabled()
    expect(screen.queryByText('The job could not be loaded.')).not.toBeInTheDocument()
  })

  it('says why the job search failed, under the Job box', async () => {
    mockApi({
      notificationSettings: () => settings,
      taskSummaries: () => refuse(429, anError('TOO_MANY_ATTEMPTS'), { 'retry-after': '120' }),
    })
    renderForm()
    const jobBox = await screen.findByRole('combobox', { name: /Job/ }, slow)
    expect(await screen.findByText('Too many attempts. Please try again in 2 minutes.', {}, slow)).toBeInTheDocument()
    expect(jobBox).toHaveAttribute('aria-invalid', 'true')
  })

  it('offers only the messages that need no job until a job is picked', async () => {
    renderForm()
    const u = userEvent.setup()
    const templates = await screen.findByRole('combobox', { name: /Ready-made message/ }, slow)
    await u.click(templates)
    const list = document.getElementById(templates.getAttribute('aria-controls') ?? '')!
    expect(within(list).getByRole('option', { name: 'Booking reminder', hidden: true })).toHaveAttribute(
      'data-combobox-disabled',
      'true',
    )
    await u.click(within(list).getByRole('option', { name: 'Please call us', hidden: true }))
    expect(screen.getByRole('textbox', { name: /Message/ })).toHaveValue(
      'TownWorks: please call the office when you can. Thank you!',
    )
  })
})
