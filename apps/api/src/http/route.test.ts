import { describe, expect, it } from 'vitest'
import { preferredEncoding } from './route'

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
