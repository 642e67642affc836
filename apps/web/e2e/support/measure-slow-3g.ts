/**
 * Figures for the bench report, not a test (no timing assertions anywhere): how fast /my/jobs (a
 * worker) and /my/requests (a customer) are on a slow 3G phone, against the production build.
 *
 *   cd apps/web && npx vite build --outDir /tmp/tw-dist-x --emptyOutDir && cd ../.. &&
 *   WEB_DIST=/tmp/tw-dist-x E2E_FROM_SOURCE=1 npx tsx apps/web/e2e/support/measure-slow-3g.ts
 *
 * Network: Chrome DevTools' "Slow 3G" preset through CDP (2 s round trip, 400 kbit/s down and up),
 * CPU slowed 4× like a budget phone. Cold = empty cache; warm = the same page again (cached
 * files, fresh API answers). Times from navigation start: h1 shown, and network quiet (the data in).
 */
import { chromium, type BrowserContext, type Page } from '@playwright/test'
import { E2E_PORT } from '../../playwright.config'
import globalSetup from './global-setup'
import globalTeardown from './global-teardown'
import { demoLogin, type DemoRole } from './fixtures'

const BASE = `http://127.0.0.1:${E2E_PORT}`
const SLOW_3G = { offline: false, latency: 2000, downloadThroughput: 50_000, uploadThroughput: 50_000 }

interface Figure {
  screen: string
  language: string
  visit: 'cold' | 'warm'
  h1Ms: number
  quietMs: number
  kB: number
}

async function throttled(context: BrowserContext): Promise<{ page: Page; bytes: () => number; reset: () => void }> {
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', SLOW_3G)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  let total = 0
  cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => (total += e.encodedDataLength))
  return { page, bytes: () => total, reset: () => (total = 0) }
}

async function visit(page: Page, path: string): Promise<{ h1Ms: number; quietMs: number }> {
  const start = Date.now()
  const navigation = page.goto(`${BASE}${path}`, { waitUntil: 'commit', timeout: 120_000 })
  await navigation
  await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 120_000 })
  const h1Ms = Date.now() - start
  await page.waitForLoadState('networkidle', { timeout: 120_000 })
  return { h1Ms, quietMs: Date.now() - start }
}

async function measure(role: DemoRole, screen: string, language: string): Promise<Figure[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic'],
  })
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  const login = demoLogin(role)
  const res = await context.request.post(`${BASE}/api/login`, { data: { user: login.username, pwd: login.password } })
  if (!res.ok()) throw new Error(`login failed: ${res.status()}`)
  await context.request.put(`${BASE}/api/me/language`, { data: { language } })
  await context.addInitScript((lang) => localStorage.setItem('lang', lang), language)
  const { page, bytes, reset } = await throttled(context)
  const figures: Figure[] = []
  for (const kind of ['cold', 'warm'] as const) {
    reset()
    const { h1Ms, quietMs } = await visit(page, screen)
    figures.push({ screen, language, visit: kind, h1Ms, quietMs, kB: Math.round(bytes() / 1024) })
  }
  await context.request.put(`${BASE}/api/me/language`, { data: { language: 'en' } })
  await browser.close()
  return figures
}

await globalSetup()
try {
  const figures: Figure[] = []
  for (const language of ['en', 'te', 'hi']) {
    figures.push(...(await measure('worker', '/my/jobs', language)))
    figures.push(...(await measure('customer', '/my/requests', language)))
  }
  console.log('\n| screen | language | visit | h1 shown | network quiet | transferred |')
  console.log('|---|---|---|---|---|---|')
  for (const f of figures) {
    console.log(
      `| ${f.screen} | ${f.language} | ${f.visit} | ${(f.h1Ms / 1000).toFixed(1)} s | ${(f.quietMs / 1000).toFixed(1)} s | ${f.kB} KB |`,
    )
  }
} finally {
  await globalTeardown()
}
