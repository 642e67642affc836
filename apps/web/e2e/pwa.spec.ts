import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { loginByApi } from './support/fixtures'

// Installable, a service worker, offline (issue 23, decision 065). The only journey whose browser may
// run the service worker (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' })

/** Every URL path kept in any Cache Storage cache of the page's origin. */
function cachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = []
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      for (const request of await cache.keys()) paths.push(new URL(request.url).pathname)
    }
    return paths
  })
}

/** Resolves once a service worker is active for the page (its precache filled: install finished). */
async function serviceWorkerActive(page: Page): Promise<string | undefined> {
  return page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)
}

test('the app installs, opens offline from its service worker, and never keeps API answers', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to TownWorks')
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.en.webmanifest')
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', /\.png$/)

  // Registered after the first screen has loaded; active once its precache is in.
  expect(await serviceWorkerActive(page)).toMatch(/\/sw\.js$/)

  // The manifest as Chrome reads it (installability itself: the next test, in a profile of its own).
  const cdp = await context.newCDPSession(page)
  const manifest = await cdp.send('Page.getAppManifest')
  expect(manifest.url).toMatch(/\/manifest\.en\.webmanifest$/)
  expect(manifest.errors).toEqual([])

  // The language switch takes the manifest with it (the install prompt's words).
  const select = page.getByRole('combobox', { name: 'Language' })
  await select.selectOption('te')
  await expect(page.locator('html')).toHaveAttribute('lang', 'te')
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.te.webmanifest')
  const telugu = await cdp.send('Page.getAppManifest')
  expect(telugu.errors).toEqual([])
  expect(JSON.parse(telugu.data ?? '{}')).toMatchObject({ lang: 'te-IN', name: 'TownWorks', display: 'standalone' })
  // A reload in Telugu names the Telugu manifest from the first paint (index.html's first script).
  await page.reload()
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.te.webmanifest')
  await page.getByRole('combobox', { name: /./ }).first().selectOption('en')
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.en.webmanifest')

  // A worker: My jobs online, under the service worker's control after a reload (no clientsClaim: the
  // page that registered it is never taken over in the middle of use).
  await loginByApi(page, 'worker')
  await page.goto('/my/jobs')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My jobs')
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My jobs')
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '')).toMatch(/\/sw\.js$/)

  // No signal: the screens still paint from the precached shell.
  await context.setOffline(true)
  try {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to TownWorks')
    await page.goto('/my/jobs')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My jobs')
    const offline = await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My jobs')
    // The page came from the service worker (its precached index.html), and the network really is gone.
    expect(offline?.fromServiceWorker()).toBe(true)
    expect(
      await page.evaluate(() =>
        fetch('/healthz').then(
          () => 'answered',
          () => 'no network',
        ),
      ),
    ).toBe('no network')
    // In Telugu, still offline: the page's script face comes from the phone (this machine has no Telugu
    // font of its own: without it every letter would be a box). It was kept when the reader switched.
    await page.evaluate(() => localStorage.setItem('lang', 'te'))
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('lang', 'te')
    await expect
      .poll(() =>
        page.evaluate(async () => {
          await document.fonts.ready
          // The regular face (the boot rule's "normal" and the stylesheet's 400), not only the bold one.
          return [...document.fonts]
            .filter((f) => f.family.includes('Telugu') && f.weight !== '700')
            .map((f) => f.status)
        }),
      )
      .toEqual(expect.arrayContaining(['loaded']))
    const regular = await page.evaluate(() =>
      [...document.fonts].filter((f) => f.family.includes('Telugu') && f.weight !== '700').map((f) => f.status),
    )
    expect(regular).not.toContain('error')
    await page.evaluate(() => localStorage.setItem('lang', 'en'))
  } finally {
    await context.setOffline(false)
  }

  // The caches hold the app's own files and never an answer of the API or the server's other paths.
  const paths = await cachedPaths(page)
  expect(paths).toContain('/index.html')
  expect(paths.filter((path) => /^\/(api|send-whatsapp|healthz|readyz|metrics)(\/|$)/.test(path))).toEqual([])
  // …nor an office screen's code (a customer on 2G never downloads the office's screens; Mantine is kept,
  // for the request form opens offline).
  expect(
    paths.filter((path) => /\/assets\/(dispatch-board|admin-users|requests-inbox|towns-and-services)-/.test(path)),
  ).toEqual([])
  expect(paths.some((path) => /\/assets\/mantine-.*\.js$/.test(path))).toBe(true)
})

test('Chrome finds nothing in the way of installing the app', async ({ playwright, baseURL }, testInfo) => {
  // A journey's context is incognito, where Chrome never installs ("in-incognito"): a profile on disk.
  const profile = mkdtempSync(path.join(tmpdir(), 'tw-pwa-'))
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL,
    serviceWorkers: 'allow',
    viewport: { width: 390, height: 844 },
  })
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to TownWorks')
    expect(await serviceWorkerActive(page)).toMatch(/\/sw\.js$/)
    const cdp = await context.newCDPSession(page)
    expect((await cdp.send('Page.getAppManifest')).errors).toEqual([])
    await expect.poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([])
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
})
