import { describe, expect, it } from 'vitest'
import { isPrecached, shellFiles } from './pwa-precache'
import type { RoutePreload } from './route-preloads'

const viteManifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_vendor.js'], css: ['assets/index-1.css'] },
  '_vendor.js': { file: 'assets/vendor-1.js' },
  'src/app/routes/board.tsx': { file: 'assets/dispatch-board-1.js', imports: ['_mantine.js'] },
  '_mantine.js': { file: 'assets/mantine-1.js' },
  'src/app/routes/my-jobs.tsx': {
    file: 'assets/my-jobs-1.js',
    imports: ['index.html', '_data.js'],
    dynamicImports: ['src/features/workers/payouts.tsx', 'src/features/workers/office-thing.tsx'],
  },
  '_data.js': { file: 'assets/data-1.js' },
  'src/features/workers/payouts.tsx': { file: 'assets/my-jobs-payouts-1.js', imports: ['_vendor.js'] },
  'src/features/workers/office-thing.tsx': { file: 'assets/office-thing-1.js', imports: ['_mantine.js'] },
  'src/lib/pwa/pwa-entry.ts': { file: 'assets/pwa-entry-1.js', dynamicImports: ['src/locales/lazy/pwa/te.json'] },
  'src/locales/lazy/pwa/te.json': { file: 'assets/te-1.js' },
}
const route = (js: string[], officeOnly: boolean): RoutePreload => ({
  js,
  css: officeOnly ? ['/assets/board-1.css'] : ['/assets/my-jobs-1.css'],
  languages: { en: [], te: ['/assets/myJobs-te-1.js'], hi: ['/assets/myJobs-hi-1.js'] },
  officeOnly,
})
const preloads = {
  '/my/jobs': route(['/assets/my-jobs-1.js', '/assets/data-1.js'], false),
  '/board': route(['/assets/dispatch-board-1.js', '/assets/mantine-1.js'], true),
}

describe("the service worker's precache (decision 065)", () => {
  const shell = shellFiles(viteManifest, preloads)

  it("holds the entry, the customers' and workers' screens in every language, what they load later, and the starter", () => {
    expect([...shell].sort()).toEqual(
      [
        'assets/index-1.js',
        'assets/index-1.css',
        'assets/vendor-1.js',
        'assets/my-jobs-1.js',
        'assets/data-1.js',
        'assets/my-jobs-payouts-1.js',
        'assets/office-thing-1.js',
        // Loaded later by a worker's screen: theirs offline, though an office screen needs it first.
        'assets/mantine-1.js',
        'assets/pwa-entry-1.js',
        'assets/te-1.js',
        'assets/my-jobs-1.css',
        'assets/myJobs-te-1.js',
        'assets/myJobs-hi-1.js',
      ].sort(),
    )
  })

  it("never the office's screens: a customer on 2G does not download the admin's chunks", () => {
    expect(isPrecached('assets/dispatch-board-1.js', shell)).toBe(false)
    expect(isPrecached('assets/board-1.css', shell)).toBe(false)
    // Mantine only when a customer's or worker's screen loads it later (above); not for the office's sake.
    const officeOnlyMantine = shellFiles(
      { ...viteManifest, 'src/features/workers/office-thing.tsx': { file: 'assets/office-thing-1.js' } },
      preloads,
    )
    expect(isPrecached('assets/mantine-1.js', officeOnlyMantine)).toBe(false)
  })

  it('holds the page, the icons and the manifests, nothing else outside the list', () => {
    for (const file of ['index.html', 'favicon.svg', 'icons/icon-192.png', 'manifest.te.webmanifest']) {
      expect(isPrecached(file, shell), file).toBe(true)
    }
    // The script faces: only the page's language's, kept by lib/pwa/start.ts (keepScriptFace), not both for everyone.
    for (const file of [
      'sw.js',
      'route-preloads.json',
      'assets/noto-sans-telugu-telugu-400-normal-AbC1.woff2',
      'media/x.jpg',
    ]) {
      expect(isPrecached(file, shell), file).toBe(false)
    }
  })
})
