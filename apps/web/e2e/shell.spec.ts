import { ROLES, SCREEN_ACCESS } from '@townworks/contract/constants'
import { ROUTE_IDS, ROUTE_PATHS, ROUTE_TITLES } from '../src/app/routes/route-titles'
import { screenModuleName } from '../src/app/routes/screens'
import { expect, expectAccessible, test } from './support/fixtures'

test('the route table and the screen access table name the same screens', () => {
  expect(Object.keys(ROUTE_TITLES).sort()).toEqual(Object.keys(SCREEN_ACCESS).sort())
  expect(ROLES.length).toBe(4)
})

// Every screen's h1, header, footer and axe scan, in all three languages at 390 and 1280 px: i18n.spec.ts.

test('an unknown route says the page does not exist, with HTTP 404', async ({ page }) => {
  const response = await page.goto('/no/such/place')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page does not exist')
  await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0)
  await expect(page.getByRole('link', { name: /home/i }).last()).toBeVisible()
  await expectAccessible(page, 'error screen')
})

test('a client route survives a reload (the server falls back to the app)', async ({ page }) => {
  await page.goto('/about')
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ROUTE_TITLES['/about'])
  const api = await page.request.get('/api/no-such-call')
  expect(api.status()).toBe(404)
  expect(await api.json()).toMatchObject({ code: 'NOT_FOUND' })
})

test("every screen's page names its own files, and the browser fetches them from the page, once", async ({ page }) => {
  for (const path of Object.keys(ROUTE_TITLES)) {
    const html = await (await page.request.get(path, { headers: { accept: 'text/html' } })).text()
    const head = html.slice(0, html.indexOf('</head>'))
    const named = [...head.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]!)
    const id = ROUTE_IDS.find((routeId) => ROUTE_PATHS[routeId] === path)!
    const screenModule = screenModuleName(id)
    expect(
      named.some((url) => url.includes(`/assets/${screenModule}-`)),
      `${path} names its screen's chunk`,
    ).toBe(true)
    for (const url of named) {
      const file = await page.request.get(url)
      expect(file.status(), `${url} (named by ${path})`).toBe(200)
      expect(file.headers()['content-type']).toContain('javascript')
    }
    for (const [, url] of head.matchAll(/<link rel="preload" as="style" crossorigin href="([^"]+)">/g)) {
      const file = await page.request.get(url!)
      expect(file.status(), `${url} (named by ${path})`).toBe(200)
      expect(file.headers()['content-type']).toContain('text/css')
    }
  }

  // Who asked for each file, as Chromium records it: the HTML parser (a link in the page) or a script.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  const askedBy: { path: string; by: string }[] = []
  cdp.on('Network.requestWillBeSent', (event) => {
    askedBy.push({ path: new URL(event.request.url).pathname, by: event.initiator.type })
  })
  await page.goto('/about')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ROUTE_TITLES['/about'])
  const aboutFiles = askedBy.filter((entry) => /^\/assets\/about-[\w-]+\.js$/.test(entry.path))
  // The screen's code and its English texts, asked for by the page itself and only once.
  expect(aboutFiles.length).toBeGreaterThanOrEqual(2)
  for (const entry of aboutFiles) {
    expect(entry.by, entry.path).toBe('parser')
    expect(askedBy.filter((other) => other.path === entry.path)).toHaveLength(1)
  }
})

test('a new page starts at the top, Back returns to where the user was, the menu marks the page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 600 })
  await page.goto('/about')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ROUTE_TITLES['/about'])
  await expect(page.locator('nav[aria-label="Main"] a[aria-current="page"]')).toHaveAttribute('href', '/about')
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100)
  const kept = await page.evaluate(() => window.scrollY)

  // A click on the logo (without scrolling to it first): the home page opens at the top.
  await page.evaluate(() => document.querySelector<HTMLAnchorElement>('a.site-logo')?.click())
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ROUTE_TITLES['/'])
  await expect(page).toHaveURL(/\/$/)
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
  await expect(page.locator('nav[aria-label="Main"] a[aria-current="page"]')).toHaveAttribute('href', '/')

  await page.goBack()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ROUTE_TITLES['/about'])
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(kept)
})
