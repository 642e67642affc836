import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Notification, NotificationState } from '@townworks/contract'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { MantineScope } from '../../../lib/mantine'
import { mockApi, type MockHandlers } from '../../../testing/api-mock'
import { renderWithRouter } from '../../../testing/render'
import { Outbox } from './outbox'

const row = (id: number, state: NotificationState, extra: Partial<Notification> = {}): Notification => ({
  id,
  event: 'work_started',
  channel: 'sms',
  to: '+919848012345',
  body: `TownWorks: work on TW-00000${id} has started.`,
  state,
  attempts: 2,
  next_attempt_at: '2031-01-01T00:00:00.000Z',
  last_error: state === 'failed' ? "Twilio 400 (21211): The 'To' number is not valid" : null,
  provider_id: state === 'sent' ? 'SMabc' : null,
  dlt_template_id: null,
  created_at: '2031-01-01T00:00:00.000Z',
  sent_at: null,
  task_id: null,
  ...extra,
})

const page = (notifications: Notification[]) => ({ notifications, total: notifications.length, page: 1, pageSize: 25 })

vi.setConfig({ testTimeout: 30_000 })
const slow = { timeout: 10_000 }

/** The outbox's calls: the list (filtered by state as the server would) and a resend. */
function stubOutbox(all: Notification[] = [row(3, 'sent'), row(2, 'failed')], handlers: MockHandlers = {}) {
  const mock = mockApi({
    notifications: ({ url }) => {
      const state = url.searchParams.get('state')
      return page(state ? all.filter((n) => n.state === state) : all)
    },
    retryNotification: ({ params }) => ({ notification: row(Number(params.id), 'queued') }),
    ...handlers,
  })
  return { requests: () => mock.calls.map((c) => `${c.method} ${c.url.pathname}${c.url.search}`) }
}

beforeAll(() => i18n.loadNamespaces('notifications'))
afterEach(() => vi.unstubAllGlobals())

const renderOutbox = (path = '/outbox') =>
  renderWithRouter(
    <MantineScope>
      <Outbox />
    </MantineScope>,
    { role: 'operator', path },
  )

describe('the outbox', () => {
  it('shows each message with its event, channel, recipient, state, attempts, last error and provider id', async () => {
    stubOutbox()
    renderOutbox()
    const sent = await screen.findByTestId('outbox-row-3', {}, slow)
    for (const text of ['Work started', 'SMS', '+91 98480 12345', 'Sent', '2', 'SMabc']) {
      expect(within(sent).getByText(text)).toBeInTheDocument()
    }
    const failed = screen.getByTestId('outbox-row-2')
    expect(within(failed).getByText("Twilio 400 (21211): The 'To' number is not valid")).toBeInTheDocument()
    expect(within(sent).queryByRole('button')).toBeNull()
    expect(screen.getByText('2 messages')).toBeInTheDocument()
  })

  it('reads the state filter from the address', async () => {
    const { requests } = stubOutbox()
    renderOutbox('/outbox?state=failed')
    await screen.findByTestId('outbox-row-2', {}, slow)
    expect(screen.queryByTestId('outbox-row-3')).toBeNull()
    expect(requests().some((r) => r.includes('state=failed'))).toBe(true)
  })

  it('sends a failed message again and says so', async () => {
    const { requests } = stubOutbox()
    renderOutbox()
    const u = userEvent.setup()
    await u.click(await screen.findByRole('button', { name: 'Send message #2 again' }))
    expect(await screen.findByText('Message #2 is queued again.')).toBeInTheDocument()
    expect(requests()).toContain('POST /api/notifications/2/retry')
  })

  it('says why a held or suppressed message was not sent, and offers to send it again', async () => {
    const { requests } = stubOutbox([
      row(5, 'suppressed', { event: 'request_received', attempts: 1, last_error: 'not sent: …' }),
      row(4, 'held', { event: 'request_received', attempts: 1, last_error: 'held: …' }),
    ])
    renderOutbox()
    const suppressed = await screen.findByTestId('outbox-row-5', {}, slow)
    expect(within(suppressed).getByText('Suppressed')).toBeInTheDocument()
    expect(within(suppressed).getByTestId('outbox-reason-5')).toHaveTextContent(
      'Not sent: this number already had its automatic messages for the hour (a guard against SMS pumping).',
    )
    const held = screen.getByTestId('outbox-row-4')
    expect(within(held).getByText('Held')).toBeInTheDocument()
    expect(within(held).getByTestId('outbox-reason-4')).toHaveTextContent(
      "Not sent: this channel's hourly message budget was used up. Send it again when it should go.",
    )
    expect(within(held).getByRole('button', { name: 'Send message #4 again' })).toBeInTheDocument()
    const u = userEvent.setup()
    await u.click(within(suppressed).getByRole('button', { name: 'Send message #5 again' }))
    expect(await screen.findByText('Message #5 is queued again.')).toBeInTheDocument()
    expect(requests()).toContain('POST /api/notifications/5/retry')
  })

  it('names the held and suppressed states in Telugu and Hindi too', async () => {
    for (const [lng, heldText, suppressedText] of [
      ['te', 'నిలిపి ఉంచబడింది', 'పరిమితి వల్ల ఆపబడింది'],
      ['hi', 'रोककर रखा गया', 'सीमा के कारण रोका गया'],
    ] as const) {
      await i18n.loadNamespaces('notifications')
      await i18n.loadLanguages(lng)
      const t = i18n.getFixedT(lng, 'notifications')
      expect(t('states.held')).toBe(heldText)
      expect(t('states.suppressed')).toBe(suppressedText)
      expect(t('reasons.held')).not.toBe('reasons.held')
      expect(t('reasons.suppressed')).not.toBe('reasons.suppressed')
    }
  })

  it('says when there is nothing, and when the server cannot be reached', async () => {
    stubOutbox([])
    const first = renderOutbox('/outbox?state=failed')
    expect(await screen.findByText('No failed messages.', {}, slow)).toBeInTheDocument()
    first.unmount()
    stubOutbox([], { notifications: () => Promise.reject(new TypeError('Failed to fetch')) })
    renderOutbox()
    expect(await screen.findByText('No Server Response', {}, slow)).toBeInTheDocument()
  })
})
