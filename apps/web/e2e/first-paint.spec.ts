import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { REPO_ROOT } from './support/paths'

// Decision 033: index.html paints a shell (header, logo, a skeleton of the screen) in the saved
// language before any bundle arrives, and each route stylesheet is fetched once. No timings here:
// they are `npm run bench`'s.

/** A text of our translation files: `say('te', 'home', 'search.label')`. */
function say(language: string, namespace: string, key: string): string {
  const file = JSON.parse(
    readFileSync(path.join(REPO_ROOT, `apps/web/src/locales/${language}/${namespace}.json`), 'utf8'),
  ) as unknown
  const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], file)
  if (typeof text !== 'string') throw new Error(`No text ${language}/${namespace}:${key}`)
  return text
}

const shellTexts = (language: string, name: string) => ({
  title: say(language, 'routes', 'home.title'),
  menu: say(language, 'menu', 'menuButton'),
  search: say(language, 'home', 'search.label'),
  name,
})
const SHELL = { te: shellTexts('te', 'తెలుగు'), hi: shellTexts('hi', 'हिन्दी') }
const ENGLISH_SEARCH_LABEL = say('en', 'home', 'search.label')

/** The page as it is before any script file arrives: every bundle request is refused. */
async function withoutBundles(page: Page, language: string) {
  await page.addInitScript((lang) => localStorage.setItem('lang', lang), language)
  await page.route('**/assets/*.js', (route) => route.abort())
}

for (const language of ['te', 'hi'] as const) {
  test(`before any bundle arrives, the page shows the header and the home skeleton in ${language}`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await withoutBundles(page, language)
    await page.goto('/')
    const shell = page.locator('[data-boot-shell]')
    await expect(page.locator('html')).toHaveAttribute('lang', language)
    await expect(shell.locator('header.site-header a.site-logo svg')).toBeVisible()
    await expect(shell.locator('a.site-logo')).toContainText('TownWorks')
    await expect(shell.getByRole('heading', { level: 1 })).toHaveText(SHELL[language].title)
    await expect(shell.locator('.main-menu__panel-toggle')).toHaveText(SHELL[language].menu)
    await expect(shell.locator('.boot-select')).toHaveText(SHELL[language].name)
    await expect(shell.getByText(SHELL[language].search)).toBeVisible()
    await expect(shell.locator('.boot-tiles .boot-tile')).toHaveCount(10)
    await expect(shell.locator('.boot-tile').first()).toBeVisible()
    // Not one English word of the first screen's own.
    await expect(shell).not.toContainText(ENGLISH_SEARCH_LABEL)
  })
}

test('before any bundle arrives, a screen shows its own title and lead in the saved language (issue 24)', async ({
  page,
}) => {
  await withoutBundles(page, 'te')
  await page.goto('/imdDisplay')
  const shell = page.locator('[data-boot-shell]')
  await expect(shell.locator('header.site-header a.site-logo')).toBeVisible()
  await expect(shell.locator('.boot-home')).toBeHidden()
  await expect(shell.locator('.boot-select')).toHaveText(SHELL.te.name)
  const intro = shell.locator('.boot-generic .boot-intro')
  await expect(intro.locator('h1:visible')).toHaveText(say('te', 'routes', 'imdDisplay.title'))
  await expect(intro.locator('p:visible')).toHaveText(say('te', 'requests', 'catalog.lead'))
  // Only the saved language's words show; the others wait hidden for another reader.
  await expect(intro.locator('h1:visible')).toHaveCount(1)
  await expect(shell.getByText(say('en', 'requests', 'catalog.lead'))).toBeHidden()
})

test('before any bundle arrives, a screen with no lead in the shell shows the generic skeleton', async ({ page }) => {
  await withoutBundles(page, 'te')
  await page.goto('/login')
  const shell = page.locator('[data-boot-shell]')
  await expect(shell.locator('.boot-generic .boot-title')).toBeVisible()
  await expect(shell.locator('.boot-intro')).toHaveCount(0)
})

test('the app draws the title and lead where the shell painted them: nothing moves', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  // The screen's own chunk waits until the shell has been measured.
  await page.route(/\/assets\/skilled-workers-[^/]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/swl')
  const shellLead = page.locator('[data-boot-shell] .boot-intro [lang="en"] .page__lead')
  await expect(shellLead).toHaveText(say('en', 'workers', 'skilledWorkers.lead'))
  const before = await shellLead.boundingBox()
  release()
  // The app has replaced the shell (#root's children) and drawn its own lead in the same place.
  await expect(page.locator('[data-boot-shell]')).toHaveCount(0)
  const appLead = page.locator('#root .page__lead')
  await expect(appLead).toHaveText(say('en', 'workers', 'skilledWorkers.lead'))
  const after = await appLead.boundingBox()
  expect(after).toEqual(before)
})

test('with no saved choice and an English browser, the shell is English', async ({ page }) => {
  await page.route('**/assets/*.js', (route) => route.abort())
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.locator('[data-boot-shell]').getByText(ENGLISH_SEARCH_LABEL)).toBeVisible()
})

test('the app takes over from the shell, and each stylesheet is fetched once', async ({ browser }) => {
  for (const path of ['/', '/imdDisplay']) {
    // A fresh context each time: an empty cache, as on a first visit.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
    await context.addInitScript(() => localStorage.setItem('lang', 'te'))
    const page = await context.newPage()
    const stylesheets: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('.css')) stylesheets.push(new URL(request.url()).pathname)
    })
    await page.goto(path)
    await expect(page.locator('[data-boot-shell]')).toHaveCount(0)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.locator('.catalog-tile').first()).toBeVisible()
    await page.waitForLoadState('networkidle')
    // The page's preloads name the route's stylesheets: each is fetched, once (the entry's is inline).
    const html = await (await page.request.get(path, { headers: { accept: 'text/html' } })).text()
    const preloaded = [...html.matchAll(/<link rel="preload" as="style" crossorigin href="([^"]+)">/g)].map((m) => m[1])
    expect(preloaded.length, `${path} preloads its stylesheets`).toBeGreaterThan(0)
    expect(stylesheets).toEqual(expect.arrayContaining(preloaded))
    // The entry's stylesheet is inside the page: never fetched.
    expect(stylesheets.filter((url) => url.startsWith('/assets/index-'))).toEqual([])
    for (const url of new Set(stylesheets)) {
      expect(
        stylesheets.filter((other) => other === url),
        `${url} on ${path}`,
      ).toHaveLength(1)
    }
    await context.close()
  }
})

test('an English page fetches no Telugu or Hindi face before its content; the switch gets them after (decision 058)', async ({
  page,
}) => {
  // Time stands still: the switch's delayed turn-on does not happen on its own during the test.
  await page.clock.install()
  const faces: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('.woff2')) faces.push(request.url())
  })
  await page.goto('/about')
  await expect(page.locator('#root .page__title')).toHaveText(say('en', 'routes', 'about.title'))
  await expect(page.locator('[data-boot-shell]')).toHaveCount(0)
  expect(faces).toEqual([])
  await expect(page.locator('#boot-fonts')).toHaveAttribute('media', 'not all')
  // Reaching the switch turns the faces on: its Telugu and Hindi names are then drawn in their script.
  await page.getByLabel('Language').focus()
  await expect(page.locator('#boot-fonts')).toHaveAttribute('media', 'all')
  await expect.poll(() => faces.some((url) => url.includes('noto-sans-telugu'))).toBe(true)
  await expect.poll(() => faces.some((url) => url.includes('noto-sans-devanagari'))).toBe(true)
})

test('a Telugu page has the script faces on from the first paint', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'te'))
  await page.goto('/about')
  await expect(page.locator('#boot-fonts')).toHaveAttribute('media', 'all')
})
