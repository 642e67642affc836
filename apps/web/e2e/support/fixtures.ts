import { readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { expect, test as base, type Page } from '@playwright/test'
import { LOGINS_FILE, type DemoLogins, type Login } from './paths'

export type DemoRole = keyof DemoLogins

/** The demo logins the server printed at start (see global-setup). */
export function demoLogin(role: DemoRole, index = 0): Login {
  const logins = JSON.parse(readFileSync(LOGINS_FILE, 'utf8')) as DemoLogins
  const login = logins[role]?.[index]
  if (!login) throw new Error(`No demo ${role} login number ${index}`)
  return login
}

/**
 * Log the page's browser context in through the API (cookies), for journeys that are not about
 * logging in. The demo accounts are shared by every journey, so each starts from the account in
 * English; `keepLanguage` is for journeys that set the language of an account of their own.
 */
export async function loginAs(
  page: Page,
  login: Login,
  { keepLanguage = false }: { keepLanguage?: boolean } = {},
): Promise<Login> {
  const res = await page.request.post('/api/login', { data: { user: login.username, pwd: login.password } })
  expect(res.status(), await res.text()).toBe(200)
  if (!keepLanguage) {
    const language = await page.request.put('/api/me/language', { data: { language: 'en' } })
    expect(language.status(), await language.text()).toBe(200)
  }
  await page.evaluate((user) => localStorage.setItem('user', user), login.username).catch(() => undefined)
  return login
}

/**
 * Log in as a demo account (see loginAs). Journeys that change a demo account's language would
 * disturb the journeys running beside them: they use an account of their own (world.ownAccount).
 */
export async function loginByApi(page: Page, role: DemoRole, index = 0): Promise<Login> {
  return loginAs(page, demoLogin(role, index))
}

/**
 * Wait until nothing on the page is animating: a modal fading in or out is half transparent,
 * and axe would measure the contrast of a frame no one reads.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    const deadline = Date.now() + 5_000
    let quiet = 0
    while (quiet < 2 && Date.now() < deadline) {
      await frame()
      const running = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity)
      if (running.length === 0) {
        quiet += 1
        continue
      }
      quiet = 0
      await Promise.race([
        Promise.all(running.map((a) => a.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, 1_000)),
      ])
    }
  })
}

/** The WCAG 2.0–2.2 A/AA rules: the level we promise, and quicker to check than axe's whole set. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']

/**
 * Fail on any serious or critical axe violation of the page as it is now, once it has stopped
 * moving; every axe rule unless `tags` narrows them.
 */
export async function expectAccessible(
  page: Page,
  label = page.url(),
  { tags }: { tags?: readonly string[] } = {},
): Promise<void> {
  await settleAnimations(page)
  // Only violations are read: axe then skips building the details of every passing node, which is
  // most of its time on a long table.
  const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] })
  const results = await (tags ? axe.withTags([...tags]) : axe).analyze()
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  const summary = bad.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  )
  expect(summary, `axe violations on ${label}`).toEqual([])
}

/** Every journey fails on an uncaught error in the page. */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      await use(errors)
      expect(errors, 'uncaught errors in the page').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }
