import { LANGUAGES } from '@townworks/contract/constants'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ASSETS_CACHE } from '../offline/sw-caches'
import {
  followLanguage,
  keepScriptFace,
  MANIFEST_LANGUAGES,
  manifestHref,
  registerServiceWorker,
  SERVICE_WORKER_URL,
} from './start'

function fakeContainer() {
  const register = vi.fn(() => Promise.resolve({ scope: '/' } as ServiceWorkerRegistration))
  return { register, controller: null } as unknown as ServiceWorkerContainer & { register: typeof register }
}

describe('registering the service worker (decision 065)', () => {
  it('never registers in the development server (import.meta.env.PROD is false there and here)', async () => {
    expect(import.meta.env.PROD).toBe(false)
    const container = fakeContainer()
    expect(await registerServiceWorker({ container })).toBeUndefined()
    expect(await registerServiceWorker({ production: false, container })).toBeUndefined()
    expect(container.register).not.toHaveBeenCalled()
  })

  it('registers /sw.js for the whole site in a production build', async () => {
    const container = fakeContainer()
    expect(await registerServiceWorker({ production: true, container })).toEqual({ scope: '/' })
    expect(container.register).toHaveBeenCalledWith(SERVICE_WORKER_URL, { scope: '/' })
  })

  it('leaves the app working when the browser has no service workers or refuses one', async () => {
    expect(await registerServiceWorker({ production: true, container: undefined })).toBeUndefined()
    const container = fakeContainer()
    container.register.mockRejectedValueOnce(new Error('SecurityError'))
    expect(await registerServiceWorker({ production: true, container })).toBeUndefined()
  })
})

describe('the manifest link follows the language', () => {
  afterEach(() => {
    document.head.querySelector('link[rel="manifest"]')?.remove()
    document.documentElement.lang = 'en'
  })

  it('has a manifest for each language of the app, English for anything else', () => {
    expect([...MANIFEST_LANGUAGES].sort()).toEqual([...LANGUAGES].sort())
    expect(manifestHref('te')).toBe('/manifest.te.webmanifest')
    expect(manifestHref('hi')).toBe('/manifest.hi.webmanifest')
    expect(manifestHref('fr')).toBe('/manifest.en.webmanifest')
  })

  it('swaps the link when <html lang> changes (the language switch)', async () => {
    const link = document.createElement('link')
    link.rel = 'manifest'
    link.href = '/manifest.en.webmanifest'
    document.head.append(link)
    document.documentElement.lang = 'hi'
    const stop = followLanguage()
    expect(link.getAttribute('href')).toBe('/manifest.hi.webmanifest')
    document.documentElement.lang = 'te'
    await vi.waitFor(() => expect(link.getAttribute('href')).toBe('/manifest.te.webmanifest'))
    stop()
  })
})

describe("the reader's script face is kept for offline", () => {
  afterEach(() => {
    document.getElementById('boot-fonts')?.remove()
    document.documentElement.lang = 'en'
  })

  function fakeCaches() {
    const added: string[] = []
    const opened: string[] = []
    const storage = {
      open: (name: string) => {
        opened.push(name)
        return Promise.resolve({
          match: () => Promise.resolve(undefined),
          add: (url: string) => Promise.resolve(void added.push(url)),
        })
      },
    } as unknown as CacheStorage
    return { storage, added, opened }
  }

  it("keeps only the page language's regular face, and nothing for English", async () => {
    const style = document.createElement('style')
    style.id = 'boot-fonts'
    style.textContent =
      "@font-face { src: local('Noto Sans Telugu'), url(/assets/noto-sans-telugu-telugu-400-normal-Ab_1.woff2) format('woff2'); }" +
      "@font-face { src: url(/assets/noto-sans-devanagari-devanagari-400-normal-Cd-2.woff2) format('woff2'); }"
    document.head.append(style)
    const { storage, added, opened } = fakeCaches()
    expect(await keepScriptFace(document, storage)).toBeUndefined()
    document.documentElement.lang = 'te'
    expect(await keepScriptFace(document, storage)).toBe('/assets/noto-sans-telugu-telugu-400-normal-Ab_1.woff2')
    expect(added).toEqual(['/assets/noto-sans-telugu-telugu-400-normal-Ab_1.woff2'])
    // The worker's cache of hashed files, by the name sw-caches.ts gives it.
    expect(opened).toEqual([ASSETS_CACHE])
  })
})
