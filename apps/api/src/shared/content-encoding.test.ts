import { describe, expect, it } from 'vitest'
import { gunzipSync } from 'node:zlib'
import { encodeKeptBody, preferredEncoding } from './content-encoding'

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, among what the client accepts', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(preferredEncoding('gzip, deflate')).toBe('gzip')
    expect(preferredEncoding('GZIP')).toBe('gzip')
    expect(preferredEncoding('deflate')).toBeUndefined()
    expect(preferredEncoding(undefined)).toBeUndefined()
    expect(preferredEncoding('')).toBeUndefined()
  })

  it('honours q=0, which refuses an encoding', () => {
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip')
    expect(preferredEncoding('br; q=0, gzip;q=0')).toBeUndefined()
    expect(preferredEncoding('br;q=0.5')).toBe('br')
  })
})

describe('encodeKeptBody', () => {
  it('sends a small body as it is, and a large one compressed once per encoding', () => {
    expect(encodeKeptBody({ text: 'small' }, 'br, gzip')).toEqual({ encoding: undefined, payload: 'small' })
    const body = { text: 'TownWorks '.repeat(200) }
    const gzip = encodeKeptBody(body, 'gzip')
    expect(gzip.encoding).toBe('gzip')
    expect(gunzipSync(gzip.payload as Buffer).toString()).toBe(body.text)
    expect(encodeKeptBody(body, 'gzip').payload).toBe(gzip.payload)
    expect(encodeKeptBody(body, 'br, gzip').encoding).toBe('br')
    expect(encodeKeptBody(body, undefined)).toEqual({ encoding: undefined, payload: body.text })
  })
})
