import { afterEach, describe, expect, it } from 'vitest'
import { anError, aLogin, aTaskPhoto } from '../testing/fixtures'
import { mockApi, refuse, type MockCall } from '../testing/api-mock'
import { api, ApiError } from './api-client'
import { sendWithProgress, type UploadProgress } from './send-with-progress'

// The photos' upload (decision 057) goes by XMLHttpRequest to report its bytes; everything else is the
// client's, as a call by fetch: the same request, the same session renewal, the same errors.

const photo = { type: 'image/jpeg', data: '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDAQ=' } as const

/** The upload, by fetch or by XMLHttpRequest with its progress kept. */
function upload(progress?: UploadProgress[], signal?: AbortSignal) {
  return api.call('addTaskPhoto', {
    params: { task_id: 11 },
    body: photo,
    headers: { 'Idempotency-Key': 'ph-1' },
    signal,
    send: progress ? sendWithProgress((p) => progress.push(p)) : undefined,
  })
}

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail')
    },
    (error: unknown) => error,
  )

/** What the server saw of a call, whatever sent it. */
const seen = ({ method, url, body, headers, credentials }: MockCall) => ({
  method,
  url: url.href,
  body,
  headers: Object.fromEntries(headers),
  credentials,
})

afterEach(() => localStorage.clear())

describe('sendWithProgress: api.call by XMLHttpRequest', () => {
  it('sends what fetch sends and answers what fetch answers, telling the bytes as they go', async () => {
    const { calls } = mockApi({
      addTaskPhoto: ({ uploaded }) => {
        uploaded(0.25)
        uploaded(0.5)
        return { photo: aTaskPhoto({ id: 9, task_id: 11 }) }
      },
    })
    const progress: UploadProgress[] = []
    const byXhr = await upload(progress)
    const byFetch = await upload()

    expect(byXhr).toEqual(byFetch)
    expect(calls.map((c) => c.via)).toEqual(['xhr', 'fetch'])
    expect(seen(calls[0]!)).toEqual(seen(calls[1]!))
    expect(seen(calls[0]!)).toMatchObject({
      method: 'POST',
      url: 'http://localhost/api/tasks/11/photos',
      credentials: 'include',
      headers: { accept: 'application/json', 'content-type': 'application/json', 'idempotency-key': 'ph-1' },
    })
    // The JSON's bytes: a quarter, a half, then all of it (the server answered).
    const total = JSON.stringify(photo).length
    expect(progress).toEqual([
      { loaded: Math.ceil(total / 4), total },
      { loaded: Math.ceil(total / 2), total },
      { loaded: total, total },
    ])
  })

  it('a refusal is the same ApiError: status, code, details, Retry-After', async () => {
    mockApi({
      addTaskPhoto: () =>
        refuse(
          409,
          { code: 'CONFLICT', message: 'A job has at most 5 photos of the work', details: { reason: 'photos_full' } },
          { 'Retry-After': '30' },
        ),
    })
    const byXhr = await failureOf(upload([]))
    const byFetch = await failureOf(upload())
    expect(byXhr).toBeInstanceOf(ApiError)
    expect({ ...(byXhr as ApiError) }).toEqual({ ...(byFetch as ApiError) })
    expect(byXhr).toMatchObject({
      kind: 'http',
      status: 409,
      code: 'CONFLICT',
      message: 'A job has at most 5 photos of the work',
      details: { reason: 'photos_full' },
      retryAfterSeconds: 30,
    })
  })

  it('a line dropped mid-upload is a network ApiError, after the bytes that went', async () => {
    mockApi({
      addTaskPhoto: ({ uploaded }) => {
        uploaded(0.4)
        throw new TypeError('Failed to fetch')
      },
    })
    const progress: UploadProgress[] = []
    const error = await failureOf(upload(progress))
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ kind: 'network', status: 0, message: 'No Server Response' })
    expect(progress).toHaveLength(1)
    expect(progress[0]!.loaded / progress[0]!.total).toBeCloseTo(0.4, 2)
  })

  it('an expired session is renewed once and the photo sent again, by XMLHttpRequest, with the same key', async () => {
    localStorage.setItem('user', 'ravi')
    let first = true
    const { calls } = mockApi({
      refresh: () => aLogin({ user: 'ravi', role: 'worker' }),
      addTaskPhoto: ({ uploaded }) => {
        uploaded(0.5)
        if (first) {
          first = false
          return refuse(401, anError('UNAUTHENTICATED', 'Session expired'))
        }
        return { photo: aTaskPhoto({ id: 9, task_id: 11 }) }
      },
    })
    const progress: UploadProgress[] = []
    expect(await upload(progress)).toEqual({ photo: aTaskPhoto({ id: 9, task_id: 11 }) })
    expect(calls.map((c) => `${c.name} ${c.via}`)).toEqual(['addTaskPhoto xhr', 'refresh fetch', 'addTaskPhoto xhr'])
    expect(seen(calls[2]!)).toEqual(seen(calls[0]!))
    // The second try's bytes from the start again.
    const total = JSON.stringify(photo).length
    expect(progress.map((p) => p.loaded)).toEqual([total / 2, total, total / 2, total].map(Math.ceil))
  })

  it('an abort rejects with the abort itself, not as a failure of the line', async () => {
    let answer = () => {}
    let started = () => {}
    const sending = new Promise<void>((resolve) => (started = resolve))
    mockApi({
      addTaskPhoto: async () => {
        started()
        await new Promise<void>((resolve) => (answer = resolve))
        return { photo: aTaskPhoto() }
      },
    })
    const controller = new AbortController()
    const call = failureOf(upload([], controller.signal))
    await sending
    controller.abort()
    answer()
    const error = await call
    expect(error).not.toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ name: 'AbortError' })

    // Aborted before it went: not sent at all.
    const early = await failureOf(upload([], AbortSignal.abort()))
    expect(early).toMatchObject({ name: 'AbortError' })
  })
})
