import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { api, ApiError, isApiError, readRetryAfter } from './api-client'

function jsonResponse(status: number, body: unknown, statusText = ''): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  })
}

const fetchMock = vi.fn<typeof fetch>()

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockReset()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail')
    },
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

describe('api client', () => {
  it('sends JSON to the same origin with cookies and answers the body as the server sent it', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { message: 'User created' }))

    const result = await api.call('register', {
      body: { user: 'ravi', email: 'r@example.in', pwd: 'secret-123' },
    })

    expect(result).toEqual({ message: 'User created' })
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/api/register')
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' })
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json', Accept: 'application/json' })
    expect(JSON.parse(String(init?.body))).toEqual({ user: 'ravi', email: 'r@example.in', pwd: 'secret-123' })
  })

  it('adds query parameters, leaves out empty ones, and sends no body on GET and DELETE', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(200, { message: 'ok' })))

    await api.call('taskDetails', { query: { assignmentId: 7 } })
    await api.call('deleteWorker', { params: { worker_id: 3 } })
    await api.call('listRequests', { query: { state: undefined, town: 'Nirmal', page: 2 } })

    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/taskdetails?assignmentId=7')
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/workerservices/3')
    expect(fetchMock.mock.calls[2]?.[0]).toBe('/api/requests?town=Nirmal&page=2')
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBeUndefined()
    expect(fetchMock.mock.calls[1]?.[1]).toMatchObject({ method: 'DELETE' })
    expect(fetchMock.mock.calls[1]?.[1]?.body).toBeUndefined()
  })

  it('maps a 400 to an ApiError with the server’s message, code and field issues', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        message: 'Missing Username or Password',
        code: 'VALIDATION_FAILED',
        issues: [{ path: 'pwd', message: 'Required' }, { bogus: true }],
      }),
    )
    const error = await failureOf(api.call('login', { body: { user: 'ravi', pwd: '' } }))
    expect(error).toMatchObject({
      kind: 'http',
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Missing Username or Password',
    })
    expect(error.issues).toEqual([{ path: 'pwd', message: 'Required' }])
  })

  it('maps a 401 to an ApiError with status 401 and its code', async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { message: 'Unauthorized', code: 'UNAUTHENTICATED' }))
    const error = await failureOf(api.call('me'))
    expect(error).toMatchObject({ kind: 'http', status: 401, code: 'UNAUTHENTICATED', message: 'Unauthorized' })
    expect(isApiError(error, 401)).toBe(true)
    expect(isApiError(error, 403)).toBe(false)
  })

  it('maps a 500 without a JSON body (a proxy page) to an ApiError with the status text', async () => {
    fetchMock.mockResolvedValue(
      new Response('<html>Bad gateway</html>', { status: 500, statusText: 'Internal Server Error' }),
    )
    const error = await failureOf(api.call('taskStatuses'))
    expect(error).toMatchObject({ kind: 'http', status: 500, code: undefined, message: 'Internal Server Error' })
    expect(error.issues).toEqual([])
  })

  it('maps no answer at all to a network ApiError with status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    const error = await failureOf(api.call('login', { body: { user: 'a', pwd: 'b' } }))
    expect(error).toMatchObject({ kind: 'network', status: 0, message: 'No Server Response' })
    expect(error.cause).toBeInstanceOf(TypeError)
  })

  it('lets a cancelled request reject with the abort itself, not as a network failure', async () => {
    const controller = new AbortController()
    controller.abort()
    fetchMock.mockRejectedValue(new DOMException('The operation was aborted.', 'AbortError'))
    const error = await api.call('taskStatuses', { signal: controller.signal }).catch((e: unknown) => e)
    expect(error).not.toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ name: 'AbortError' })
  })

  it('does not check a 2xx answer again: the server already encoded it through the contract (decision 013)', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { user: 'ravi', role: 'customer', unexpected: true }))
    await expect(api.call('me')).resolves.toEqual({ user: 'ravi', role: 'customer', unexpected: true })
  })

  it('reports a 2xx answer that is not JSON (a proxy page) or is empty as invalid-response', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>Gateway</html>', { status: 200 }))
    expect(await failureOf(api.call('me'))).toMatchObject({ kind: 'invalid-response', status: 200 })

    fetchMock.mockResolvedValueOnce(new Response('', { status: 200 }))
    expect(await failureOf(api.call('me'))).toMatchObject({ kind: 'invalid-response', status: 200 })
  })

  it('fills path parameters, encoded, and sends the endpoint’s method and body', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(200, { message: 'ok' })))
    await api.call('updateStatus', {
      params: { task_id: 12 },
      body: { status: 'work_completed', expectedStatus: 'assigned' },
    })
    await api.call('getPaymentOrder', { params: { orderId: 'order/1 2' } })

    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/update-status/12')
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ method: 'PUT' })
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      status: 'work_completed',
      expectedStatus: 'assigned',
    })
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/payments/orders/order%2F1%202')
  })

  it('keeps the server’s Retry-After on a 429 or 503, in seconds', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ message: 'Too many', code: 'TOO_MANY_ATTEMPTS' }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '120' },
      }),
    )
    expect(await failureOf(api.call('login', { body: { user: 'a', pwd: 'b' } }))).toMatchObject({
      status: 429,
      retryAfterSeconds: 120,
    })
    expect(readRetryAfter(null)).toBeUndefined()
    expect(readRetryAfter('soon')).toBeUndefined()
    expect(readRetryAfter('Wed, 25 Nov 2026 10:02:00 GMT', Date.parse('2026-11-25T10:00:00Z'))).toBe(120)
  })
})
