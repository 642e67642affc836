import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { MantineScope } from '../../../lib/mantine'
import { renderWithRouter } from '../../../testing/render'
import { Outbox } from './outbox'

const fetchMock = vi.fn<typeof fetch>()
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

const row = (id: number, state: string, extra: object = {}) => ({
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
  ...extra,
})

const requests: string[] = []
vi.setConfig({ testTimeout: 30_000 })
const slow = { timeout: 10_000 }

beforeAll(() => i18n.loadNamespaces('notifications'))
beforeEach(() => {
  requests.length = 0
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockReset()
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input)
    requests.push(`${init?.method ?? 'GET'} ${url}`)
    if (url.includes('/api/notifications/2/retry')) return json(200, { notification: row(2, 'queued') })
    if (url.includes('/api/notifications?')) {
      const state = new URL(url, 'http://x').searchParams.get('state')
      const all = [row(3, 'sent'), row(2, 'failed')]
      const notifications = state ? all.filter((n) => n.state === state) : all
      return json(200, { notifications, total: notifications.length, page: 1, pageSize: 25 })
    }
    return json(404, { message: 'Not found', code: 'NOT_FOUND' })
  })
})
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
    renderOutbox('/outbox?state=failed')
    await screen.findByTestId('outbox-row-2', {}, slow)
    expect(screen.queryByTestId('outbox-row-3')).toBeNull()
    expect(requests.some((r) => r.includes('state=failed'))).toBe(true)
  })

  it('sends a failed message again and says so', async () => {
    renderOutbox()
    const u = userEvent.setup()
    await u.click(await screen.findByRole('button', { name: 'Send message #2 again' }))
    expect(await screen.findByText('Message #2 is queued again.')).toBeInTheDocument()
    expect(requests).toContain('POST /api/notifications/2/retry')
  })

  it('says why a held or suppressed message was not sent, and offers to send it again', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input)
      requests.push(`${init?.method ?? 'GET'} ${url}`)
      if (url.includes('/api/notifications/5/retry')) return json(200, { notification: row(5, 'queued') })
      const notifications = [
        row(5, 'suppressed', { event: 'request_received', attempts: 1, last_error: 'not sent: …' }),
        row(4, 'held', { event: 'request_received', attempts: 1, last_error: 'held: …' }),
      ]
      return json(200, { notifications, total: 2, page: 1, pageSize: 25 })
    })
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
    expect(requests).toContain('POST /api/notifications/5/retry')
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
    fetchMock.mockImplementation(async () => json(200, { notifications: [], total: 0, page: 1, pageSize: 25 }))
    const first = renderOutbox('/outbox?state=failed')
    expect(await screen.findByText('No failed messages.', {}, slow)).toBeInTheDocument()
    first.unmount()
    fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch')
    })
    renderOutbox()
    expect(await screen.findByText('No Server Response', {}, slow)).toBeInTheDocument()
  })
})
