import { gunzipSync, brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, loginAs, type Session } from './auth-helpers'
import { createWorker } from './fixtures'
import { createTestApp, type TestApp } from './test-app'

// Phones on slow networks: JSON answers over 1 KB are compressed for clients that accept it (every
// browser); small ones and clients that do not ask are answered as they are.
describe('API answers are compressed for clients that accept it', () => {
  let t: TestApp
  let operator: Session

  beforeAll(async () => {
    t = await createTestApp()
    operator = await loginAs(t, 'operator')
    for (let i = 0; i < 10; i++) await createWorker(t, { name: `Worker With A Long Name ${i}` })
  })
  afterAll(() => t.close())

  const get = (url: string, encoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { ...bearer(operator), ...(encoding ? { 'accept-encoding': encoding } : {}) },
    })

  it('a large answer: brotli or gzip as accepted, the same JSON underneath', async () => {
    const plain = await get('/api/workerservices')
    expect(plain.statusCode).toBe(200)
    expect(plain.body.length).toBeGreaterThan(1024)
    expect(plain.headers['content-encoding']).toBeUndefined()
    const br = await get('/api/workerservices', 'gzip, deflate, br')
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body)
    const gz = await get('/api/workerservices', 'gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body)
    expect(gz.rawPayload.length).toBeLessThan(plain.body.length / 3)
  })

  it('a small answer goes out as it is', async () => {
    const me = await get('/api/me', 'gzip, br')
    expect(me.statusCode).toBe(200)
    expect(me.headers['content-encoding']).toBeUndefined()
    expect(me.json().user).toBe(operator.user.username)
  })
})
