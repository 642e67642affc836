import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { expect, expectAccessible, loginAs, loginByApi, test } from './support/fixtures'
import { REPO_ROOT } from './support/paths'
import { apiAs, askForService, indianDate, ownAccount, uniqueTag } from './support/world'

/*
 * The office's dashboard (issue 20): each of today's counts links to the list behind it, and the
 * list shows the same number. Other journeys add requests beside this one, so a count is compared
 * with what its list shows right after, and read again when the two were taken across a change.
 * The screens are saved for a reviewer (test-results/screens).
 */

const SCREENS = path.join(REPO_ROOT, 'test-results/screens')

/** The number a count shows. */
async function countValue(page: Page, count: string): Promise<number> {
  const text = await page.locator(`[data-count="${count}"] .dashboard-count__value`).textContent()
  return Number((text ?? '').replace(/\D/g, ''))
}

/**
 * Open the dashboard, click a count and check that the list it lands on shows as many rows: `total`
 * finds the list's total line, whose last number is the total ("12 requests", "Showing 1–12 of 12");
 * the empty list says so instead (`empty`).
 */
async function clickCountAndCompare(page: Page, count: string, landing: RegExp, total: RegExp, empty?: RegExp) {
  await expect(async () => {
    await page.goto('/dashboard')
    const link = page.locator(`[data-count="${count}"]`)
    await expect(link).toBeVisible()
    const shown = await countValue(page, count)
    await link.click()
    await expect(page).toHaveURL(landing)
    if (shown === 0 && empty) {
      await expect(page.getByText(empty)).toBeVisible()
      return
    }
    const listed = page.getByText(total)
    await expect(listed).toBeVisible()
    const numbers = ((await listed.textContent()) ?? '').match(/\d+/g) ?? []
    expect(Number(numbers.at(-1)), `the ${count} count against its list`).toBe(shown)
  }).toPass({ timeout: 60_000 })
}

test('an operator sees today at a glance at 1280 px and a count opens the list behind it', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  const name = `Dash ${uniqueTag(testInfo)}`
  // A request of this journey's own, received today: it is among today's new requests.
  const visitor = await apiAs('operator')
  await askForService(visitor, { name, service: 'Plumber', town: 'Nirmal', date: indianDate(3) })
  await visitor.dispose()

  await page.goto('/about')
  await loginByApi(page, 'operator')
  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard')
  await expect(page.getByRole('heading', { name: /^Today, / })).toBeVisible()
  for (const label of ['New requests', 'Unassigned requests', 'Scheduled for today', 'In progress', 'Overdue']) {
    await expect(page.getByRole('link', { name: new RegExp(label) })).toBeVisible()
  }
  await expect(page.getByRole('heading', { name: 'Requests per day', exact: true })).toBeVisible()
  await expect(page.locator('.dashboard-chart__plot svg').first()).toBeVisible()
  await expectAccessible(page, '/dashboard at 1280 px')
  await page.screenshot({ path: path.join(SCREENS, 'dashboard-1280-en.png'), fullPage: true })

  // A chart's numbers as a table.
  await page.getByRole('button', { name: 'Show as table' }).first().click()
  await expect(page.getByRole('region', { name: 'Requests per day: the numbers' })).toBeVisible()
  await expectAccessible(page, '/dashboard with a table shown')

  // Filtering the charts by town keeps the period and town in the address.
  await page.getByRole('combobox', { name: 'Town' }).selectOption('Nirmal')
  await page.getByRole('button', { name: 'Show', exact: true }).click()
  await expect(page).toHaveURL(/town=Nirmal/)

  await clickCountAndCompare(
    page,
    'new_requests',
    new RegExp(`/requests\\?createdFrom=${indianDate()}&createdTo=${indianDate()}$`),
    /^\d+ requests?$/,
  )
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1)
  await expectAccessible(page, "today's new requests")

  // The list's Export CSV saves every row its filters keep, our request among them (decision 045).
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ])
  expect(download.suggestedFilename()).toBe('requests.csv')
  const file = await readFile((await download.path())!, 'utf8')
  expect(file.startsWith('\uFEFFreference,created_at,name,')).toBe(true)
  expect(file).toContain(name)

  await clickCountAndCompare(
    page,
    'overdue',
    /\/ad\?overdue=true$/,
    /^Showing \d+–\d+ of \d+$/,
    /^No assignments match/,
  )
})

test('in Telugu at 390 px the dashboard reads whole and the unassigned count opens the open requests', async ({
  page,
}, testInfo) => {
  const admin = await apiAs('admin')
  // An operator of this journey's own: its language changes.
  const own = await ownAccount(admin, testInfo, 'operator', 'o')
  await askForService(admin, {
    name: `Dash ${uniqueTag(testInfo)}`,
    service: 'Painter',
    town: 'Armoor',
    date: indianDate(4),
  })
  await admin.dispose()
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/about')
  await loginAs(page, own, { keepLanguage: true })
  await page.request.put('/api/me/language', { data: { language: 'te' } })
  await page.addInitScript(() => localStorage.setItem('lang', 'te'))
  await page.goto('/dashboard')
  await expect(page.locator('html')).toHaveAttribute('lang', 'te')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('డ్యాష్‌బోర్డ్')
  await expect(page.getByRole('heading', { name: 'రోజుకు అభ్యర్థనలు' })).toBeVisible()
  await expect(page.locator('.dashboard-chart__plot svg').first()).toBeVisible()
  await expectAccessible(page, '/dashboard in Telugu at 390 px')
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow, 'the dashboard scrolls sideways').toBeLessThanOrEqual(1)
  await page.screenshot({ path: path.join(SCREENS, 'dashboard-390-te.png'), fullPage: true })

  await clickCountAndCompare(page, 'unassigned', /\/requests\?state=open$/, /^\d+ అభ్యర్థన/)
  await expectAccessible(page, 'the open requests in Telugu at 390 px')
})
