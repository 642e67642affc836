import { describe, expect, it } from 'vitest'
import { ApiError } from './api-client'
import { createQueryClient, MAX_QUERY_RETRIES, shouldRetryQuery } from './query-client'

const http = (status: number) => new ApiError({ kind: 'http', status, message: 'x' })

describe('query retries', () => {
  it('never retries a 4xx answer', () => {
    for (const status of [400, 401, 403, 404, 409, 429]) expect(shouldRetryQuery(0, http(status))).toBe(false)
  })

  it('retries a server error or no answer, at most twice', () => {
    const network = new ApiError({ kind: 'network', status: 0, message: 'No Server Response' })
    expect(shouldRetryQuery(0, http(503))).toBe(true)
    expect(shouldRetryQuery(0, network)).toBe(true)
    expect(shouldRetryQuery(MAX_QUERY_RETRIES, network)).toBe(false)
  })

  it('does not retry an answer it could not read', () => {
    expect(shouldRetryQuery(0, new ApiError({ kind: 'invalid-response', status: 200, message: 'x' }))).toBe(false)
  })

  it('is the default of the app’s query client, and mutations are never retried', () => {
    const client = createQueryClient()
    expect(client.getDefaultOptions().queries?.retry).toBe(shouldRetryQuery)
    expect(client.getDefaultOptions().mutations?.retry).toBe(false)
  })
})
