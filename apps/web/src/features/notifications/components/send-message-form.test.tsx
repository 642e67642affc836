import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { MantineScope } from '../../../lib/mantine'
import { renderWithRouter } from '../../../testing/render'
import { SendMessageForm } from './send-message-form'

const fetchMock = vi.fn<typeof fetch>()
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

const notification = (state: string, extra: object = {}) => ({
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
    ...extra,
  },
})

let posts: { body: unknown; key: string | null }[] = []
let postAnswer: () => Promise<Response>
let deliveryState: string

// Typing into Mantine fields in jsdom is slow on a shared machine.
vi.setConfig({ testTimeout: 30_000 })
const slow = { timeout: 10_000 }

beforeAll(() => i18n.loadNamespaces('notifications'))
beforeEach(() => {
  posts = []
  deliveryState = 'sent'
  postAnswer = async () => json(202, { message: 'Message queued', id: 7, state: 'queued' })
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockReset()
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input)
    if (url.endsWith('/api/notifications/settings'))
      return json(200, { provider: 'log', freeTextChannels: ['whatsapp'] })
    if (url.endsWith('/api/notifications/7'))
      return json(200, notification(deliveryState, deliveryState === 'failed' ? { last_error: 'opted out' } : {}))
    if (url.endsWith('/send-whatsapp')) {
      const headers = new Headers(init?.headers)
      posts.push({ body: JSON.parse(String(init?.body)), key: headers.get('Idempotency-Key') })
      return postAnswer()
    }
    return json(404, { message: 'Not found', code: 'NOT_FOUND' })
  })
})
afterEach(() => vi.unstubAllGlobals())

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
  await u.type(screen.getByRole('textbox', { name: /Phone number/ }), phone)
  await u.type(screen.getByRole('textbox', { name: /Message/ }), message)
  return u
}

describe('the Send SMS form', () => {
  it('sends what was typed, by WhatsApp, then follows the message until it is sent', async () => {
    renderForm()
    const u = await fill('98480 12345', 'Plumber at 10')
    expect(screen.getByText('13 / 1000 characters')).toBeInTheDocument()
    await u.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByText('Message #7 sent.', {}, slow)).toBeInTheDocument()
    expect(posts).toEqual([
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
    expect(posts).toHaveLength(0)
    expect(screen.getByRole('textbox', { name: /Message/ })).toHaveValue('Hello')
  })

  it('shows "Sending..." while busy, and on a server refusal keeps every typed value', async () => {
    let answer!: (r: Response) => void
    postAnswer = () => new Promise<Response>((resolve) => (answer = resolve))
    renderForm()
    const u = await fill('9848012345', 'Hello there')
    await u.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByRole('button', { name: 'Sending...' }, slow)).toBeDisabled()
    answer(
      json(400, {
        message: 'Enter a 10-digit Indian mobile number',
        code: 'VALIDATION_FAILED',
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
    postAnswer = async () => {
      throw new TypeError('Failed to fetch')
    }
    renderForm()
    const u = await fill('9848012345', 'Hello')
    await u.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(screen.getByTestId('tsms-error')).toHaveTextContent('No Server Response'), slow)
    postAnswer = async () => json(202, { message: 'Message queued', id: 7, state: 'queued' })
    await u.click(screen.getByRole('button', { name: 'Send' }))
    await screen.findByText('Message #7 sent.', {}, slow)
    expect(posts).toHaveLength(2)
    expect(posts[1]!.key).toBe(posts[0]!.key)
    await waitFor(() => expect(screen.getByTestId('tsms-error')).toHaveTextContent(''))
  })

  it('offers SMS only where typed SMS is allowed', async () => {
    renderForm()
    expect(await screen.findByText(/Indian SMS must use a registered template/, {}, slow)).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'SMS' })).toBeDisabled()
    expect(screen.getByRole('radio', { name: 'WhatsApp' })).toBeChecked()
  })
})
