import { readFileSync } from 'node:fs'
import path from 'node:path'
import { isAllowed, SCREEN_ACCESS, type Language, type Role, type ScreenPath } from '@townworks/contract/constants'
import type { Page, TestInfo } from '@playwright/test'
import { ROUTE_PATHS, type RouteId } from '../src/app/routes/route-titles'
import { expect, expectAccessible, loginAs, test, WCAG_TAGS } from './support/fixtures'
import type { Login } from './support/paths'
import {
  apiAs,
  apiWith,
  askForService,
  hireWorker,
  indianDate,
  ownAccount,
  scheduleTask,
  uniqueTag,
  workerLogin,
} from './support/world'

/**
 * Every screen in English, Telugu and Hindi, on a 390 px phone and a 1280 px desktop: the h1 is
 * the screen's title in that language (the seed's English titles in English), <html lang> is set,
 * the page never scrolls sideways on the phone, and axe finds nothing serious or critical (in English
 * at both widths, in Telugu and Hindi on the phone). One test per (language, width), logging in once
 * per role needed. Each sweep signs in with accounts of
 * its own (their language is the sweep's), so the sweeps and the other journeys can run side by side.
 */

const LANGUAGES: readonly Language[] = ['en', 'te', 'hi']
const WIDTHS = [390, 1280] as const

type Titles = Record<string, { title: string }>
const titlesOf = (language: Language): Titles =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, `../src/locales/${language}/routes.json`), 'utf8')) as Titles

/** Who opens a screen in this sweep: a visitor for public screens, else the first role allowed. */
function openerOf(screen: ScreenPath): Role | undefined {
  const access = SCREEN_ACCESS[screen]
  if (access === 'public') return undefined
  return (['admin', 'operator', 'customer', 'worker'] as const).find((r) => isAllowed(access, r))
}

const screensBy = new Map<Role | undefined, RouteId[]>()
for (const id of Object.keys(ROUTE_PATHS) as RouteId[]) {
  const opener = openerOf(ROUTE_PATHS[id] as ScreenPath)
  screensBy.set(opener, [...(screensBy.get(opener) ?? []), id])
}

/**
 * One account per role for a sweep, each with something on its own screens: the customer has a
 * request, the worker (a roster entry of the sweep's own) a job from it.
 */
async function sweepAccounts(testInfo: TestInfo): Promise<Record<Role, Login>> {
  const admin = await apiAs('admin')
  const operator = await apiAs('operator')
  const customer = await ownAccount(admin, testInfo, 'customer')
  const worker = await hireWorker(operator, testInfo, { service: 'Plumber', town: 'Armoor', name: 'Sweep' })
  const asCustomer = await apiWith(customer)
  const date = indianDate(3)
  const request = await askForService(asCustomer, {
    name: `Sweep ${uniqueTag(testInfo)}`,
    service: 'Plumber',
    town: 'Armoor',
    date,
  })
  await scheduleTask(operator, { worker, date, taskName: 'Sweep plumbing', requestId: request.id })
  const accounts: Record<Role, Login> = {
    admin: await ownAccount(admin, testInfo, 'admin'),
    operator: await ownAccount(admin, testInfo, 'operator'),
    customer,
    worker: await workerLogin(admin, testInfo, worker),
  }
  await Promise.all([admin, operator, asCustomer].map((api) => api.dispose()))
  return accounts
}

async function open(page: Page, screen: string, reload: boolean) {
  if (reload) {
    await page.goto(screen)
    return
  }
  await page.evaluate((to) => {
    window.history.pushState(null, '', to)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, screen)
  await expect(page).toHaveURL((url) => url.pathname === screen)
}

async function expectNoSidewaysScroll(page: Page, label: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow, `${label} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(1)
}

for (const language of LANGUAGES) {
  const titles = titlesOf(language)
  const english = titlesOf('en')
  for (const width of WIDTHS) {
    const checks = language === 'en' || width === 390 ? 'translated h1, lang set, axe clean' : 'translated h1, lang set'
    test(`every screen in ${language} at ${width} px: ${checks}`, async ({ page }, testInfo) => {
      test.setTimeout(600_000)
      const accounts = await sweepAccounts(testInfo)
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
      // The saved choice, as the language switch leaves it.
      await page.addInitScript((lang) => localStorage.setItem('lang', lang), language)

      // Every screen is checked even when one fails; the test then lists all that failed.
      const failures: string[] = []
      for (const [role, ids] of screensBy) {
        // The first screen of each role loads the app; the others are client-side navigations,
        // as a person moving through the menu would make (and much cheaper than reloading).
        let first = true
        if (role) {
          // Log in before the next page load, so the previous account never sees this sweep's language.
          await loginAs(page, accounts[role], { keepLanguage: true })
          // The account's saved language wins after login: make it this sweep's language.
          await page.request.put('/api/me/language', { data: { language } })
        }
        for (const id of ids) {
          const screen = ROUTE_PATHS[id]
          const label = `${screen} in ${language} at ${width} px${role ? ` as ${role}` : ''}`
          try {
            await open(page, screen, first)
            first = false
            const expected = titles[id]?.title
            expect(expected, `${language}/routes.json has ${id}.title`).toBeTruthy()
            await expect(page.getByRole('heading', { level: 1 }), label).toHaveText(expected!)
            if (language !== 'en') expect(expected, `${id} title is translated`).not.toBe(english[id]?.title)
            await expect(page.locator('html')).toHaveAttribute('lang', language)
            await expect(page.getByRole('banner').getByRole('link').first()).toBeVisible()
            await expect(page.getByRole('contentinfo')).toBeVisible()
            if (width === 390) await expectNoSidewaysScroll(page, label)
            // axe at both widths in English and on the phone in Telugu and Hindi: a translation
            // changes words, not structure, names or colours, and a desktop in Telugu adds no rule
            // that those four sweeps have not run (and would take a minute more of every `npm test`).
            if (language === 'en' || width === 390) await expectAccessible(page, label, { tags: WCAG_TAGS })
          } catch (error) {
            failures.push(
              `${label}: ${error instanceof Error ? error.message.split('\n').slice(0, 12).join('\n') : String(error)}`,
            )
          }
        }
      }
      expect(failures, failures.join('\n\n')).toEqual([])
    })
  }
}

test('the language switch changes the screen, is remembered, and survives logout', async ({ page }, testInfo) => {
  const admin = await apiAs('admin')
  const customer = await ownAccount(admin, testInfo, 'customer')
  await admin.dispose()
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/imdDisplay')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  const select = page.getByRole('combobox', { name: 'Language' })
  await select.selectOption('te')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titlesOf('te').imdDisplay!.title)
  await expect(page.locator('html')).toHaveAttribute('lang', 'te')
  await expect(page.getByRole('status').filter({ hasText: 'తెలుగు' })).toBeAttached()
  // The Telugu font comes from the app itself, only now.
  await expect
    .poll(() => page.evaluate(() => [...document.fonts].some((f) => f.family.includes('Noto Sans Telugu'))))
    .toBe(true)

  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titlesOf('te').imdDisplay!.title)

  // A logged-in choice is saved on the account too.
  await loginAs(page, customer)
  await page.goto('/my/requests')
  await page.getByRole('combobox', { name: 'భాష' }).selectOption('hi')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titlesOf('hi').myRequests!.title)
  await expect
    .poll(async () => ((await (await page.request.get('/api/me')).json()) as { language: string }).language)
    .toBe('hi')

  // Logout clears local storage, as the seed did, but keeps the language.
  await page.getByRole('banner').getByRole('button', { name: 'लॉग आउट' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titlesOf('hi').login!.title)
  expect(await page.evaluate(() => [localStorage.getItem('lang'), localStorage.getItem('user')])).toEqual(['hi', null])

  // The account's saved language wins at the next login, in a browser that never chose one.
  await page.evaluate(() => localStorage.clear())
  await loginAs(page, customer, { keepLanguage: true })
  await page.goto('/my/requests')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titlesOf('hi').myRequests!.title)
})

test('a Telugu browser starts in Telugu on the first visit', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'te-IN' })
  const page = await context.newPage()
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('lang', 'te')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titlesOf('te').home!.title)
  await context.close()
})
