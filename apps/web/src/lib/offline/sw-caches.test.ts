import { describe, expect, it } from 'vitest'
import { ASSETS_CACHE, clearOfflineCaches, isHashedAsset, isNeverCached } from './sw-caches'

const origin = 'https://townworks.example'
const at = (path: string, base = origin) => new URL(path, base)

describe("the service worker's caching rules (decision 065)", () => {
  it.each([
    '/api/me',
    '/api',
    '/api/workers/me/jobs?day=2026-11-27',
    '/send-whatsapp',
    '/healthz',
    '/readyz',
    '/metrics',
  ])('never answers or stores %s: it belongs to the signed-in user or the moment', (path) => {
    expect(isNeverCached(at(path), origin)).toBe(true)
    expect(isHashedAsset(at(path), origin)).toBe(false)
  })

  it("never stores another origin's answers (Razorpay's checkout)", () => {
    expect(isNeverCached(at('https://checkout.razorpay.com/v1/checkout.js'), origin)).toBe(true)
    expect(isHashedAsset(at('https://cdn.example/assets/app-1.js'), origin)).toBe(false)
  })

  it('keeps the hashed files of the build, and leaves paths that only look like the API alone', () => {
    expect(isHashedAsset(at('/assets/index-AbC123.js'), origin)).toBe(true)
    expect(isNeverCached(at('/assets/index-AbC123.js'), origin)).toBe(false)
    expect(isNeverCached(at('/apiary'), origin)).toBe(false)
    expect(isHashedAsset(at('/my/jobs'), origin)).toBe(false)
  })
})

describe('clearOfflineCaches (sign-out)', () => {
  function fakeStorage(names: string[]) {
    const left = new Set(names)
    const storage = {
      keys: () => Promise.resolve([...left]),
      delete: (name: string) => Promise.resolve(left.delete(name)),
    } as unknown as CacheStorage
    return { storage, left }
  }

  it("deletes every cache but the app's own files: nothing a user's answers could be in survives", async () => {
    const { storage, left } = fakeStorage([
      'workbox-precache-v2-https://townworks.example/',
      ASSETS_CACHE,
      'api-answers',
      'townworks-old-runtime',
    ])
    expect(await clearOfflineCaches(storage)).toEqual(['api-answers', 'townworks-old-runtime'])
    expect([...left]).toEqual(['workbox-precache-v2-https://townworks.example/', ASSETS_CACHE])
  })

  it('is a no-op where nothing but the app is cached, and where there is no Cache Storage', async () => {
    const { storage } = fakeStorage(['workbox-precache-v2-https://townworks.example/', ASSETS_CACHE])
    expect(await clearOfflineCaches(storage)).toEqual([])
    expect(await clearOfflineCaches(undefined)).toEqual([])
  })
})
