import type { ErrorBody } from '@townworks/contract'
import { vi } from 'vitest'
import type { ApiBody, ApiResponse, WebEndpointName } from '../lib/api-client'
import { API_ROUTES } from '../lib/api-route-table'
import { OFFICE_API_ROUTES } from '../lib/api-route-table-office'
import { INITIAL_SERVICE_ROWS, INITIAL_TOWN_ROWS } from './fixtures'

/**
 * The web tests' one request-mocking layer (decision 018): answers `fetch` by contract endpoint
 * name, so a handler's answer is type-checked against the contract (a renamed field fails `tsc`),
 * and records every call. Anything unexpected answers 404, so a test sees it. A call sent by
 * XMLHttpRequest (an upload that reports its bytes, lib/send-with-progress.ts) is answered by the same
 * handlers, which may report how much of its body has gone (`uploaded`).
 *
 *   const { calls } = mockApi({
 *     taskSummaries: () => ({ summaries: [] }),
 *     updateStatus: ({ body }) => refuse(409, { message: 'Moved first', code: 'STALE_STATUS' }),
 *   })
 */

/** A refusal: a non-2xx answer with the contract's error body (and headers such as Retry-After). */
export interface Refusal {
  readonly refusal: true
  readonly status: number
  readonly body: ErrorBody | string
  readonly headers: Record<string, string>
}

export function refuse(status: number, body: ErrorBody | string, headers: Record<string, string> = {}): Refusal {
  return { refusal: true, status, body, headers }
}

/** What a handler is given: the path parameters (as text), the query, the parsed body. */
export interface MockRequest<N extends WebEndpointName> {
  readonly params: Record<string, string>
  readonly query: URLSearchParams
  readonly body: ApiBody<N>
  readonly url: URL
  /**
   * Tell the page that this share (0–1) of the body has gone: an upload progress event for a call sent
   * by XMLHttpRequest (fetch reports none: then nothing). The whole body has gone when the handler
   * answers; a handler that throws drops the line there.
   */
  readonly uploaded: (share: number) => void
}

export type Answer<N extends WebEndpointName> = ApiResponse<N> | Refusal | Response
export type MockHandlers = {
  [N in WebEndpointName]?: (request: MockRequest<N>) => Answer<N> | Promise<Answer<N>>
}

export interface MockCall {
  name: WebEndpointName | undefined
  method: string
  url: URL
  body: unknown
  /** The request's headers (an Idempotency-Key, for one). */
  headers: Headers
  /** Whether the cookies went with it (`credentials: 'include'`, XMLHttpRequest's `withCredentials`). */
  credentials: 'include' | 'omit' | 'same-origin'
  /** What sent it. */
  via: 'fetch' | 'xhr'
}

const ROUTES = (
  Object.entries({ ...API_ROUTES, ...OFFICE_API_ROUTES }) as [WebEndpointName, readonly [string, string]][]
).map(([name, [method, path]]) => {
  const keys: string[] = []
  const pattern = path.replace(/:([A-Za-z_]+)/g, (_, key: string) => {
    keys.push(key)
    return '([^/]+)'
  })
  return { name, method, keys, regex: new RegExp(`^${pattern}$`) }
})

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  })

function isRefusal(value: unknown): value is Refusal {
  return typeof value === 'object' && value !== null && (value as Partial<Refusal>).refusal === true
}

/** A request as the mock sees it, whatever sent it. */
interface Sent {
  url: string
  method: string
  headers: Headers
  body: unknown
  credentials: MockCall['credentials']
  via: MockCall['via']
  uploaded: (share: number) => void
}

type Respond = (sent: Sent) => Promise<Response>

/**
 * Just enough of XMLHttpRequest for lib/send-with-progress.ts, answered by the mock's handlers: its
 * `on…` properties (no addEventListener), the upload's progress, the answer's status, headers and text,
 * and abort. No answer at all (a handler that throws) is its `error`.
 */
function mockXhr(respond: Respond) {
  return class MockXMLHttpRequest {
    withCredentials = false
    readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null }
    onload: (() => void) | null = null
    onerror: (() => void) | null = null
    onabort: (() => void) | null = null
    ontimeout: (() => void) | null = null
    onloadend: (() => void) | null = null
    status = 0
    statusText = ''
    responseText = ''
    private method = 'GET'
    private url = ''
    private readonly headers = new Headers()
    private answerHeaders = new Headers()
    private done = false

    open(method: string, url: string) {
      this.method = method
      this.url = url
    }
    setRequestHeader(name: string, value: string) {
      this.headers.append(name, value)
    }
    getAllResponseHeaders(): string {
      return [...this.answerHeaders].map(([name, value]) => `${name}: ${value}\r\n`).join('')
    }
    abort() {
      this.end(this.onabort)
    }
    send(body: string | null) {
      const total = body === null ? 0 : new TextEncoder().encode(body).length
      let loaded = 0
      const uploaded = (share: number) => {
        if (this.done) return
        // Rounded up: a share of k% of a body over 100 bytes is told as k%.
        loaded = Math.ceil(Math.min(1, Math.max(0, share)) * total)
        this.upload.onprogress?.(new ProgressEvent('progress', { lengthComputable: true, loaded, total }))
      }
      const sent: Sent = {
        url: this.url,
        method: this.method,
        headers: this.headers,
        body: body ?? undefined,
        credentials: this.withCredentials ? 'include' : 'same-origin',
        via: 'xhr',
        uploaded,
      }
      respond(sent).then(
        async (response) => {
          if (loaded < total) uploaded(1)
          const text = await response.text()
          if (this.done) return
          this.status = response.status
          this.statusText = response.statusText
          this.responseText = text
          this.answerHeaders = response.headers
          this.end(this.onload)
        },
        () => this.end(this.onerror),
      )
    }
    private end(then: (() => void) | null) {
      if (this.done) return
      this.done = true
      then?.()
      this.onloadend?.()
    }
  }
}

/**
 * Stub `fetch` and `XMLHttpRequest` with these handlers (vi.unstubAllGlobals in the setup file restores
 * them). The towns and services every data screen loads (decision 048) answer with the initial rows
 * unless a handler is given (and are then left out of `calls`).
 */
export function mockApi(given: MockHandlers) {
  const handlers: MockHandlers = {
    towns: () => ({ towns: INITIAL_TOWN_ROWS }),
    services: () => ({ services: INITIAL_SERVICE_ROWS }),
    ...given,
  }
  const calls: MockCall[] = []
  const respond: Respond = async ({ method, headers, credentials, via, uploaded, ...sent }) => {
    const url = new URL(sent.url, 'http://localhost')
    const body: unknown = sent.body ? JSON.parse(String(sent.body)) : undefined
    let found: { name: WebEndpointName; params: Record<string, string> } | undefined
    for (const route of ROUTES) {
      const match = route.method === method ? route.regex.exec(url.pathname) : null
      if (!match) continue
      const params = Object.fromEntries(route.keys.map((key, i) => [key, decodeURIComponent(match[i + 1] ?? '')]))
      // A literal path wins over a parameter (GET /api/payouts/owed is not GET /api/payouts/:id).
      if (!found || route.keys.length === 0) found = { name: route.name, params }
    }
    // The lists every data screen loads by itself are recorded only when the test answers them.
    const background = found !== undefined && !(found.name in given) && found.name in handlers
    if (!background) calls.push({ name: found?.name, method, url, body, headers, credentials, via })
    const handler = found
      ? (handlers[found.name] as ((r: MockRequest<WebEndpointName>) => unknown) | undefined)
      : undefined
    if (!found || !handler) return json(404, { message: `no route for ${method} ${url.pathname}`, code: 'NOT_FOUND' })
    const answer = await handler({ params: found.params, query: url.searchParams, body: body as never, url, uploaded })
    if (answer instanceof Response) return answer
    if (isRefusal(answer)) return json(answer.status, answer.body, answer.headers)
    return json(200, answer)
  }
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    respond({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: init?.body ?? undefined,
      credentials: init?.credentials ?? 'same-origin',
      via: 'fetch',
      uploaded: () => {},
    }),
  )
  vi.stubGlobal('fetch', fetchMock)
  vi.stubGlobal('XMLHttpRequest', mockXhr(respond))
  return { fetchMock, calls }
}
