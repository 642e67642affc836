import twilio from 'twilio'
import type RequestClient from 'twilio/lib/base/RequestClient'
import { ProviderError, type NotificationProvider, type OutgoingMessage } from './provider'

export interface TwilioSettings {
  accountSid: string
  authToken: string
  /** SMS sender: an E.164 number, a DLT-registered sender id, or a Messaging Service SID (MG…). */
  smsFrom?: string | undefined
  /** WhatsApp sender, E.164 (with or without `whatsapp:`). */
  whatsappFrom?: string | undefined
  /** Only for a proxy or a test double: the origin that replaces https://api.twilio.com. */
  apiBaseUrl?: string | undefined
  /** Request time-out in ms (the library's default is 30 s). */
  timeoutMs?: number
  /** Refuse a templated SMS that has no DLT template id (Indian carriers drop unregistered texts). */
  requireDlt?: boolean
}

const TWILIO_API = 'https://api.twilio.com'

/**
 * Twilio's own request client with the host swapped: everything else — form encoding, basic
 * auth, headers, error answers — goes through the library's real request path.
 */
class BaseUrlRequestClient extends twilio.RequestClient {
  constructor(
    private readonly baseUrl: string,
    opts: ConstructorParameters<typeof twilio.RequestClient>[0],
  ) {
    super(opts)
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const uri = opts.uri.startsWith(TWILIO_API)
      ? this.baseUrl.replace(/\/$/, '') + opts.uri.slice(TWILIO_API.length)
      : opts.uri
    return super.request<TData>({ ...opts, uri })
  }
}

/** Twilio error codes that will not succeed however often they are tried. */
const PERMANENT_CODES = new Set([
  21211, // invalid 'To' number
  21408, // permission to send to this region not enabled
  21610, // the recipient replied STOP
  21612, // cannot route to this number
  21614, // not a mobile number
  63003, // WhatsApp: invalid destination
  63016, // WhatsApp: outside the 24-hour window without an approved template
])

/** Turn whatever the library threw into a ProviderError: permanent, or worth retrying. */
export function classifyTwilioError(error: unknown): ProviderError {
  const e = error as { status?: unknown; code?: unknown; message?: unknown; moreInfo?: unknown }
  const status = typeof e.status === 'number' ? e.status : undefined
  const code = typeof e.code === 'number' ? e.code : undefined
  const message = typeof e.message === 'string' && e.message ? e.message : 'Twilio did not answer'
  const text = `Twilio${status ? ` ${status}` : ''}${code ? ` (${code})` : ''}: ${message}`
  if (status === undefined) return new ProviderError(text, false) // no answer: network, time-out
  if (status === 429) return new ProviderError(text, false, { status, ...(code ? { code } : {}) })
  if (status >= 500) return new ProviderError(text, false, { status, ...(code ? { code } : {}) })
  // Wrong credentials may be fixed in the configuration; retrying later can then succeed.
  if (status === 401 || status === 403) return new ProviderError(text, false, { status, ...(code ? { code } : {}) })
  const permanent = status >= 400 || (code !== undefined && PERMANENT_CODES.has(code))
  return new ProviderError(text, permanent, { status, ...(code ? { code } : {}) })
}

const whatsappAddress = (n: string) => (n.startsWith('whatsapp:') ? n : `whatsapp:${n}`)

/** SMS and WhatsApp through Twilio's official Node library. */
export function createTwilioProvider(settings: TwilioSettings): NotificationProvider {
  const client = twilio(settings.accountSid, settings.authToken, {
    autoRetry: false, // the dispatcher backs off itself, across restarts
    ...(settings.apiBaseUrl
      ? { httpClient: new BaseUrlRequestClient(settings.apiBaseUrl, { timeout: settings.timeoutMs ?? 30_000 }) }
      : { timeout: settings.timeoutMs ?? 30_000 }),
  })

  const addressing = (m: OutgoingMessage): { to: string; from?: string; messagingServiceSid?: string } => {
    if (m.channel === 'whatsapp') {
      if (!settings.whatsappFrom) throw new ProviderError('WhatsApp is not configured (TWILIO_WHATSAPP_FROM)', true)
      return { to: whatsappAddress(m.to), from: whatsappAddress(settings.whatsappFrom) }
    }
    if (!settings.smsFrom) throw new ProviderError('SMS is not configured (TWILIO_FROM)', true)
    if (settings.requireDlt !== false && m.event !== 'operator_message' && !m.dltTemplateId) {
      throw new ProviderError(`No DLT template id for ${m.event}: add it to SMS_DLT_TEMPLATE_IDS`, true)
    }
    return settings.smsFrom.startsWith('MG')
      ? { to: m.to, messagingServiceSid: settings.smsFrom }
      : { to: m.to, from: settings.smsFrom }
  }

  return {
    name: 'twilio',
    async send(message) {
      const address = addressing(message)
      try {
        const created = await client.messages.create({ ...address, body: message.body })
        return { providerId: created.sid }
      } catch (error) {
        throw classifyTwilioError(error)
      }
    },
    async findSent(message) {
      const address = addressing(message)
      if (!address.from) return [] // a Messaging Service picks the sender: cannot filter by it
      try {
        // Messages to this number from our sender since the message was written, matched by text.
        const since = new Date(message.createdAt.getTime() - 60_000)
        const found = await client.messages.list({
          to: address.to,
          from: address.from,
          dateSentAfter: since,
          limit: 50,
        })
        return found.filter((m) => m.body === message.body).map((m) => m.sid)
      } catch (error) {
        throw classifyTwilioError(error)
      }
    },
  }
}
