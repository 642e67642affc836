import type { EndpointName, endpoints, ErrorCode, FieldIssue } from '@townworks/contract'
import { env } from './env'

/**
 * A contract endpoint's path as a type. `'/api/requests' satisfies EndpointPath<'listRequests'>`
 * keeps a feature's literal path checked against the contract at compile time without loading the
 * endpoint table (and the zod schemas it holds) at run time.
 */
export type EndpointPath<N extends EndpointName> = (typeof endpoints)[N]['path']

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

  constructor(init: {
    kind: ApiErrorKind
    status: number
    message: string
    code?: ErrorCode | undefined
    issues?: readonly FieldIssue[] | undefined
    cause?: unknown
  }) {
    super(init.message, { cause: init.cause })
    this.kind = init.kind
    this.status = init.status
    this.code = init.code
    this.issues = init.issues ?? []
  }
}

/** Whether `error` is an ApiError, optionally of the given HTTP status. */
export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status)
}

export type QueryValue = string | number | boolean | null | undefined

export interface RequestOptions {
  /** Query-string parameters; undefined and null values are left out. */
  query?: Record<string, QueryValue>
  signal?: AbortSignal | undefined
  headers?: Record<string, string>
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

function buildUrl(path: string, query: RequestOptions['query']): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.append(key, String(value))
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
const NO_RENEWAL = new Set(['/api/login', '/api/refresh', '/api/logout', '/api/register'])

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
  renewal ??= fetch(buildUrl('/api/refresh', undefined), {
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
  const init: RequestInit = { method, headers, credentials: 'include', signal: options.signal ?? null }
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json'
    init.body = JSON.stringify(body)
  }

  let response: Response
  try {
    response = await fetch(buildUrl(path, options.query), init)
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
      message:
        typeof data.message === 'string' && data.message !== ''
          ? data.message
          : response.statusText || `Request failed with status ${response.status}`,
      code: typeof data.code === 'string' ? (data.code as ErrorCode) : undefined,
      issues: readIssues(data.issues),
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

/**
 * The TownWorks API client: same origin unless VITE_API_BASE_URL is set, cookies included,
 * JSON both ways. `T` is the contract's type of the route's answer (a type-only import, so no
 * zod is loaded for it); every failure is an ApiError.
 */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  put: <T>(path: string, body: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body: unknown, options?: RequestOptions) => request<T>('PATCH', path, body, options),
  /** DELETE carries no body on any TownWorks route, so it takes none. */
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
}
