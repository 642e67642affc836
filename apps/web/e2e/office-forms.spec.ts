import type { Page } from '@playwright/test'
import { ROUTE_TITLES } from '../src/app/routes/route-titles'
import { expect, expectAccessible, loginByApi, test } from './support/fixtures'
import {
  apiAs,
  askForService,
  hireWorker,
  indianDate,
  ownAccount,
  scheduleTask,
  uniqueTag,
  type HiredWorker,
} from './support/world'

test.use({ viewport: { width: 1280, height: 900 } })

/**
 * Every visible form control that asks for a number or calls itself an id: its label (or placeholder)
 * and why. A person chooses what they recognise; ids stay in addresses and on the wire (issue #17).
 */
function controlsAskingForIds(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = []
    const visible = (el: Element) => (el as HTMLElement).offsetParent !== null
    for (const el of Array.from(document.querySelectorAll('main input, main select, main textarea'))) {
      if (!visible(el) || (el as HTMLInputElement).type === 'hidden') continue
      const labels = Array.from((el as HTMLInputElement).labels ?? []).map((l) => l.textContent ?? '')
      const named = [...labels, el.getAttribute('aria-label') ?? ''].join(' ').trim()
      if (/\bid\b/i.test(named)) found.push(`${named}: labelled as an id`)
      if ((el as HTMLInputElement).type === 'number' || el.getAttribute('inputmode') === 'numeric')
        found.push(`${named}: takes a number`)
    }
    return found
  })
}

/** Type into a picker and choose the row that matches: the server searches what was typed. */
async function choose(page: Page, label: string, typed: string, row: RegExp) {
  const box = page.getByRole('combobox', { name: label, exact: true })
  await box.click()
  await box.fill(typed)
  await page.getByRole('option', { name: row }).click()
}

async function ownJob(page: Page, testInfo: Parameters<typeof hireWorker>[1]) {
  const worker = await hireWorker(page.request, testInfo, { service: 'Plumber', town: 'Nirmal', name: 'Picker' })
  const customer = `Picker Customer ${uniqueTag(testInfo)}`
  const date = indianDate(20)
  const { id: requestId, reference } = await askForService(page.request, {
    name: customer,
    service: 'Plumber',
    town: 'Nirmal',
    date,
  })
  const { assignmentId } = await scheduleTask(page.request, {
    worker,
    date,
    startTime: '10:00',
    endTime: '11:00',
    taskName: `Plumber for ${customer}`,
    requestId,
  })
  return { worker, reference: reference!, assignmentId }
}

/** A picker's row names the job as a person does: reference, service, town, day and time, worker. */
const rowOf = (reference: string, worker: HiredWorker) =>
  new RegExp(`^${reference} · Plumber · Nirmal · .+ 10:00 · ${worker.name}$`)

test.describe('the office chooses jobs and workers by what it recognises: no control asks for a numeric id', () => {
  test('Create Schedule: the worker by name, trade, town and free/busy; only the status a new task can have', async ({
    page,
  }) => {
    await page.goto('/')
    await loginByApi(page, 'operator')
    await page.goto('/ts')
    await expect(page.getByRole('combobox', { name: 'Worker', exact: true })).toBeVisible()
    await expect(page.getByLabel(/^Status/).locator('option')).toHaveText(['Assigned'])
    expect(await controlsAskingForIds(page)).toEqual([])
    await expectAccessible(page, '/ts with pickers')
  })

  test('Update Task Assignment: the assignment found by its worker, shown with its reference', async ({
    page,
  }, testInfo) => {
    await page.goto('/')
    await loginByApi(page, 'operator')
    const { worker, reference } = await ownJob(page, testInfo)
    await page.goto('/etass')
    await choose(page, 'Assignment', worker.name, rowOf(reference, worker))
    await expect(page.getByRole('combobox', { name: 'Worker', exact: true })).toHaveValue(
      new RegExp(`^${worker.name} · Plumber · Nirmal`),
    )
    await expect(page.getByRole('combobox', { name: 'Task', exact: true })).toHaveValue(rowOf(reference, worker))
    expect(await controlsAskingForIds(page)).toEqual([])
    await expectAccessible(page, '/etass with pickers')
  })

  test('Status Update: the assignment found by its reference; the seed’s id is what is asked for underneath', async ({
    page,
  }, testInfo) => {
    await page.goto('/')
    await loginByApi(page, 'operator')
    const { worker, reference, assignmentId } = await ownJob(page, testInfo)
    await page.goto('/asu')
    const taskRead = page.waitForRequest((r) => r.url().endsWith(`/api/task-details/${assignmentId}`))
    await choose(page, 'Assignment', reference, rowOf(reference, worker))
    await taskRead
    await expect(page.getByTestId('current-status')).toHaveText('Assigned')
    await expect(page.getByRole('main').getByText(reference, { exact: true })).toBeVisible()
    expect(await controlsAskingForIds(page)).toEqual([])
    await expectAccessible(page, '/asu with pickers')
  })
})

test('menu labels name the work, not the code, in English, Telugu and Hindi', async ({ page }, testInfo) => {
  // An admin of this journey's own sees the most entries; changing its language disturbs no one.
  const admin = await ownAccount(await apiAs('admin'), testInfo, 'admin')
  await page.goto('/login')
  // The seed's form is one tap away: the mobile number comes first (issue 19).
  await page.getByRole('button', { name: 'Sign in with user name and password' }).click()
  await page.getByLabel('Username').fill(admin.username)
  await page.getByLabel('Password').fill(admin.password)
  await page.getByRole('button', { name: 'login', exact: true }).click()
  await expect(page).toHaveURL(/\/dashboard$/)

  const expected = { en: 'Send message', te: 'సందేశం పంపండి', hi: 'संदेश भेजें' }
  for (const [language, sendMessage] of Object.entries(expected)) {
    const saved = await page.request.put('/api/me/language', { data: { language } })
    expect(saved.status()).toBe(200)
    await page.evaluate((lang) => localStorage.setItem('lang', lang), language)
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('lang', language)
    const links = page.locator('.main-menu a')
    await expect(links.filter({ hasText: sendMessage })).toHaveCount(1)
    const labels = (await links.allTextContents()).map((text) => text.trim())
    expect(labels.length, language).toBeGreaterThan(10)
    // A developer's name: TwilioSMS, AssignmentStatus Update, AssignmentDetailScreen, FirstFlow, UpdateNode.
    expect(
      labels.filter((label) => /[a-z][A-Z]|[A-Z]{2,}[a-z]/.test(label)),
      language,
    ).toEqual([])
    const targets = await links.evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname))
    expect(targets, language).not.toContain('/ff')
    expect(targets, language).not.toContain('/un')
  }

  // The demos stay reachable from the workflow screen.
  await page.evaluate(() => localStorage.setItem('lang', 'en'))
  await page.request.put('/api/me/language', { data: { language: 'en' } })
  await page.goto('/wfs')
  await page
    .getByRole('navigation', { name: 'Diagram examples' })
    .getByRole('link', { name: 'A first diagram' })
    .click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ROUTE_TITLES['/ff'])
})

test('each role lands on its own start screen after signing in through the login form', async ({ page }, testInfo) => {
  const adminApi = await apiAs('admin')
  const starts = [
    ['customer', '/my/requests'],
    ['worker', '/my/jobs'],
    ['operator', '/dashboard'],
    ['admin', '/dashboard'],
  ] as const
  for (const [role, start] of starts) {
    const login = await ownAccount(adminApi, testInfo, role)
    await page.goto('/login')
    // The seed's form is one tap away: the mobile number comes first (issue 19).
    await page.getByRole('button', { name: 'Sign in with user name and password' }).click()
    await page.getByLabel('Username').fill(login.username)
    await page.getByLabel('Password').fill(login.password)
    await page.getByRole('button', { name: 'login', exact: true }).click()
    await expect(page, role).toHaveURL(new RegExp(`${start.replace(/\//g, '\\/')}$`))
    await expect(page.getByRole('heading', { level: 1 }), role).toHaveText(ROUTE_TITLES[start])
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/login$/)
  }
})
