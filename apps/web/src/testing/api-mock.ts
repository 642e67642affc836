import type { ErrorBody } from '@townworks/contract'
import { vi } from 'vitest'
import type { ApiBody, ApiResponse, WebEndpointName } from '../lib/api-client'
import { API_ROUTES } from '../lib/api-route-table'
import { INITIAL_SERVICE_ROWS, INITIAL_TOWN_ROWS } from './fixtures'

/**
 * The web tests' one request-mocking layer (decision 018): answers `fetch` by contract endpoint
 * name, so a handler's answer is type-checked against the contract (a renamed field fails `tsc`),
 * and records every call. Anything unexpected answers 404, so a test sees it.
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
}

const ROUTES = (Object.entries(API_ROUTES) as [WebEndpointName, readonly [string, string]][]).map(
  ([name, [method, path]]) => {
    const keys: string[] = []
    const pattern = path.replace(/:([A-Za-z_]+)/g, (_, key: string) => {
      keys.push(key)
      return '([^/]+)'
    })
    return { name, method, keys, regex: new RegExp(`^${pattern}$`) }
  },
)

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  })

function isRefusal(value: unknown): value is Refusal {
  return typeof value === 'object' && value !== null && (value as Partial<Refusal>).refusal === true
}

/**
 * Stub `fetch` with these handlers (vi.unstubAllGlobals in the setup file restores it). The towns and
 * services every data screen loads (decision 048) answer with the initial rows unless a handler is given
 * (and are then left out of `calls`).
 */
export function mockApi(given: MockHandlers) {
  const handlers: MockHandlers = {
    towns: () => ({ towns: INITIAL_TOWN_ROWS }),
    services: () => ({ services: INITIAL_SERVICE_ROWS }),
    ...given,
  }
  const calls: MockCall[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const method = init?.method ?? 'GET'
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined
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
    if (!background) calls.push({ name: found?.name, method, url, body, headers: new Headers(init?.headers) })
    const handler = found
      ? (handlers[found.name] as ((r: MockRequest<WebEndpointName>) => unknown) | undefined)
      : undefined
    if (!found || !handler) return json(404, { message: `no route for ${method} ${url.pathname}`, code: 'NOT_FOUND' })
    const answer = await handler({ params: found.params, query: url.searchParams, body: body as never, url })
    if (answer instanceof Response) return answer
    if (isRefusal(answer)) return json(answer.status, answer.body, answer.headers)
    return json(200, answer)
  })
  vi.stubGlobal('fetch', fetchMock)
  return { fetchMock, calls }
}
