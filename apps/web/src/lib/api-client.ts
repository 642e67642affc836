import type { EndpointName, endpoints, ErrorCode, FieldIssue } from '@townworks/contract'
import type { z } from 'zod'
import type { API_ROUTES } from './api-route-table'
import type { OFFICE_API_ROUTES } from './api-route-table-office'
import { SHELL_ROUTES, type ShellEndpointName, type WebEndpointName } from './api-routes'
import { env } from './env'

export type { WebEndpointName } from './api-routes'

type EndpointOf<N extends EndpointName> = (typeof endpoints)[N]
/** The input type of an endpoint's `params`, `query` or `body` schema; `undefined` when it has none. */
type InputOf<N extends EndpointName, K extends 'params' | 'query' | 'body'> =
  EndpointOf<N> extends { readonly [P in K]: infer S extends z.ZodType } ? z.input<S> : undefined

/** The path parameters of an endpoint, as the contract's schema accepts them. */
export type ApiParams<N extends EndpointName> = InputOf<N, 'params'>
/** The query string of an endpoint, as the contract's schema accepts it. */
export type ApiQuery<N extends EndpointName> = InputOf<N, 'query'>
/** The body of an endpoint, as the contract's schema accepts it. */
export type ApiBody<N extends EndpointName> = InputOf<N, 'body'>
/** The answer of an endpoint: the contract's response type (the API encodes every answer through it). */
export type ApiResponse<N extends EndpointName> = z.output<EndpointOf<N>['response']>

/** A part the endpoint has not: it may not be given. One every field of which is optional: it may be left out. */
type Part<K extends string, T> = [T] extends [undefined]
  ? { readonly [P in K]?: never }
  : object extends T
    ? { readonly [P in K]?: T }
    : { readonly [P in K]: T }

/**
 * How a call reaches the server: `fetch`'s own signature, so the client's headers, session renewal and
 * errors are the same whatever sends it. The photos of the work bring one that reports the bytes sent
 * (lib/send-with-progress.ts, XMLHttpRequest, in their lazy chunk).
 */
export type Send = (url: string, init: RequestInit) => Promise<Response>

/** What `api.call(name, input)` takes: the endpoint's params, query and body, typed by the contract. */
export type CallInput<N extends EndpointName> = Part<'params', ApiParams<N>> &
  Part<'query', ApiQuery<N>> &
  Part<'body', ApiBody<N>> & {
    readonly signal?: AbortSignal | undefined
    readonly headers?: Record<string, string>
    /** Sends the request instead of `fetch` (each try: a renewal's retry too). */
    readonly send?: Send | undefined
  }

/** The input may be left out when the endpoint needs nothing (no params, no body, no required query field). */
type CallArgs<N extends WebEndpointName> = object extends CallInput<N> ? [input?: CallInput<N>] : [input: CallInput<N>]

/** `http`: the server answered non-2xx; `network`: no answer at all; `invalid-response`: a 2xx that is not JSON. */
export type ApiErrorKind = 'http' | 'network' | 'invalid-response'

/** The one error every API call rejects with; screens branch on `kind`, `status` and `code`. */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly kind: ApiErrorKind
  /** HTTP status; 0 when the server gave no answer. */
  readonly status: number
  /** The server's error code (`VALIDATION_FAILED`, `UNAUTHENTICATED`, …) when it sent one. */
  readonly code: ErrorCode | undefined
  /** Field issues of a validation error; empty otherwise. */
  readonly issues: readonly FieldIssue[]
  /** How long the server asks to wait before trying again (its Retry-After, in seconds), when it said. */
  readonly retryAfterSeconds: number | undefined
  /** What the server added to explain a refusal (a clash's hours, the statuses allowed now); {} otherwise. */
  readonly details: Readonly<Record<string, unknown>>

  constructor(init: {
    kind: ApiErrorKind
    status: number
    message: string
    code?: ErrorCode | undefined
    issues?: readonly FieldIssue[] | undefined
    retryAfterSeconds?: number | undefined
    details?: Record<string, unknown> | undefined
    cause?: unknown
  }) {
    super(init.message, { cause: init.cause })
    this.kind = init.kind
    this.status = init.status
    this.code = init.code
    this.issues = init.issues ?? []
    this.retryAfterSeconds = init.retryAfterSeconds
    this.details = init.details ?? {}
  }
}

/** Whether `error` is an ApiError, optionally of the given HTTP status. */
export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status)
}

interface RequestOptions {
  /** Query-string parameters; undefined, null and empty-string values are left out. */
  query?: object | undefined
  signal?: AbortSignal | undefined
  headers?: Record<string, string> | undefined
  send?: Send | undefined
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

function buildUrl(path: string, query: RequestOptions['query']): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {}) as [string, unknown][]) {
    if (value === undefined || value === null || value === '') continue
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      search.append(key, String(value))
    }
  }
  const qs = search.toString()
  return `${env.apiBaseUrl}${path}${qs ? `?${qs}` : ''}`
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function readIssues(value: unknown): FieldIssue[] | undefined {
  if (!Array.isArray(value)) return undefined
  return value.filter(
    (issue): issue is FieldIssue =>
      isRecord(issue) && typeof issue.path === 'string' && typeof issue.message === 'string',
  )
}

/** A Retry-After header in seconds (delta-seconds or an HTTP date); undefined when absent or unreadable. */
export function readRetryAfter(header: string | null, now = Date.now()): number | undefined {
  const value = header?.trim()
  if (!value) return undefined
  if (/^\d+$/.test(value)) return Number(value)
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000))
}

/** Read a body as JSON; undefined for an empty body, `invalid` when it is not JSON. */
async function readJson(response: Response): Promise<{ ok: true; data: unknown } | { ok: false }> {
  const text = await response.text()
  if (text.trim() === '') return { ok: true, data: undefined }
  try {
    return { ok: true, data: JSON.parse(text) as unknown }
  } catch {
    return { ok: false }
  }
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (error instanceof DOMException && error.name === 'AbortError')
}

/** Calls whose 401 means "wrong credentials", not "session expired": never retried after a refresh. */
const NO_RENEWAL = new Set<string>(
  (['login', 'refresh', 'logout', 'register'] as const).map((name) => SHELL_ROUTES[name][1]),
)

let renewal: Promise<boolean> | undefined

/**
 * Whether someone logged in from this browser (the stored user name, as the seed kept it): a
 * visitor's 401 is not worth a renewal round trip on a slow phone connection.
 */
function mayHaveSession(): boolean {
  try {
    return localStorage.getItem('user') !== null
  } catch {
    return true
  }
}
const expiredListeners = new Set<() => void>()

/** Be told when the session ended and could not be renewed (the user must log in again). */
export function onSessionExpired(listener: () => void): () => void {
  expiredListeners.add(listener)
  return () => expiredListeners.delete(listener)
}

/**
 * Renew the access cookie with the refresh cookie, once for all calls that hit a 401 together:
 * a refresh token works only once, so parallel renewals would revoke the session.
 */
function renewSession(): Promise<boolean> {
  renewal ??= fetch(buildUrl(SHELL_ROUTES.refresh[1], undefined), {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json' },
  })
    .then((res) => res.ok)
    .catch(() => false)
    .then((ok) => {
      if (!ok) for (const listener of expiredListeners) listener()
      return ok
    })
    .finally(() => {
      renewal = undefined
    })
  return renewal
}

async function request<T>(
  method: Method,
  path: string,
  body: unknown,
  options: RequestOptions = {},
  isRetry = false,
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers }
  const init: RequestInit = { method, headers, credentials: 'include', signal: options.signal }
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json'
    init.body = JSON.stringify(body)
  }

  let response: Response
  try {
    response = await (options.send ?? fetch)(buildUrl(path, options.query), init)
  } catch (cause) {
    // A cancelled query is not a failure: let TanStack Query see the abort as it is.
    if (isAbort(cause, options.signal)) throw cause
    throw new ApiError({ kind: 'network', status: 0, message: 'No Server Response', cause })
  }

  if (response.status === 401 && !isRetry && !NO_RENEWAL.has(path) && mayHaveSession() && (await renewSession())) {
    return request<T>(method, path, body, options, true)
  }

  const parsed = await readJson(response).catch(() => ({ ok: false }) as const)

  if (!response.ok) {
    const data = parsed.ok && isRecord(parsed.data) ? parsed.data : {}
    throw new ApiError({
      kind: 'http',
      status: response.status,
      retryAfterSeconds: readRetryAfter(response.headers.get('Retry-After')),
      message:
        typeof data.message === 'string' && data.message !== ''
          ? data.message
          : response.statusText || `Request failed with status ${response.status}`,
      code: typeof data.code === 'string' ? (data.code as ErrorCode) : undefined,
      issues: readIssues(data.issues),
      details: isRecord(data.details) ? data.details : undefined,
    })
  }

  // Every TownWorks route answers a JSON body (none answers 204): an empty or non-JSON 2xx is a
  // proxy's page or a cut-off answer, not ours.
  if (!parsed.ok || parsed.data === undefined) {
    throw new ApiError({ kind: 'invalid-response', status: response.status, message: 'The server answer is not JSON' })
  }
  // Not checked again here: the API encodes every answer through the contract's response schema and
  // fails loudly otherwise (decision 013), so `T` — the contract's type of that answer — holds.
  return parsed.data as T
}

/** The path of a route with its `:name` parameters filled in (encoded). */
function fillPath(path: string, params: object | undefined): string {
  const values = (params ?? {}) as Record<string, unknown>
  return path.replace(/:([A-Za-z_]+)/g, (_, key: string) => {
    const value = values[key]
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new Error(`Missing path parameter ${key} for ${path}`)
    }
    return encodeURIComponent(String(value))
  })
}

type RouteTable = typeof API_ROUTES & typeof OFFICE_API_ROUTES

/**
 * A route table fetched once when first needed: a failed fetch is a network error, tried again on
 * the next call.
 */
function lazyTable<T>(load: () => Promise<T>): () => Promise<T> {
  let table: Promise<T> | undefined
  return () => {
    table ??= load().catch((cause: unknown) => {
      table = undefined
      throw new ApiError({ kind: 'network', status: 0, message: 'No Server Response', cause })
    })
    return table
  }
}

/**
 * Every call's method and path: in api-route-table.ts (already here on a data screen, which brings it
 * with its code; fetched once otherwise), and the office's own in api-route-table-office.ts, which the
 * page of an office screen names to fetch with it (build/route-preloads.ts), and which is never on a
 * customer's or a worker's phone (decision 046).
 */
const ROUTE_TABLES = [
  lazyTable(() => import('./api-route-table').then((m): Partial<RouteTable> => m.API_ROUTES)),
  lazyTable(() => import('./api-route-table-office').then((m): Partial<RouteTable> => m.OFFICE_API_ROUTES)),
]

async function routeOf<N extends Exclude<WebEndpointName, ShellEndpointName>>(name: N): Promise<RouteTable[N]> {
  for (const load of ROUTE_TABLES) {
    const table = await load()
    if (Object.hasOwn(table, name)) return table[name]!
  }
  throw new Error(`No route for ${name}`)
}

const isShellCall = (name: WebEndpointName): name is ShellEndpointName => Object.hasOwn(SHELL_ROUTES, name)

/**
 * The TownWorks API client: same origin unless VITE_API_BASE_URL is set, cookies included, JSON
 * both ways, every failure an ApiError.
 *
 * `api.call('updateStatus', { params: { task_id: 7 }, body: { status: 'Completed' } })`: the name is
 * a contract endpoint's; params, query, body and the answer are typed by that endpoint's schemas
 * (type-only imports: no zod, no endpoint table at run time, only each call's method and path).
 * Each endpoint is called from exactly one module of the web app (api-owners.test.ts).
 */
export const api = {
  async call<N extends WebEndpointName>(name: N, ...[input]: CallArgs<N>): Promise<ApiResponse<N>> {
    const [method, path] = isShellCall(name) ? SHELL_ROUTES[name] : await routeOf(name)
    // The parts' types were checked at the call; here they are only carried to the request (its
    // query, signal, headers and sender are the request's options as they are).
    const given = input as (RequestOptions & { params?: object; body?: unknown }) | undefined
    return request<ApiResponse<N>>(method, fillPath(path, given?.params), given?.body, given)
  },
}
