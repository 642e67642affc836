import type { APIRequestContext, Locator, Page } from '@playwright/test'
import type { ScheduleResponse, TaskChargesResponse } from '@townworks/contract'
import { expect, expectAccessible, loginAs, loginByApi, test, WCAG_TAGS } from './support/fixtures'
import {
  apiAs,
  apiWith,
  askForService,
  hireWorker,
  indianDate,
  moveTask,
  ownAccount,
  scheduleTask,
  uniqueTag,
  ok,
} from './support/world'

/*
 * The office's job page (issue 17): reached from every list row, used to schedule and change a job
 * by names and times, and telling the same story about money as Payouts and My requests. Each
 * journey books its own worker and requests (world.ts).
 */

// Several screens, accounts and axe scans each, on a shared 2-core machine: never fail on speed.
test.beforeEach(() => test.slow())

/** The job drawer over a list, once it shows the job named `reference`. */
async function expectDrawer(page: Page, reference: string): Promise<Locator> {
  const drawer = page.getByRole('dialog', { name: 'Job' })
  await expect(drawer).toBeVisible()
  await expect(drawer.getByRole('heading', { level: 2, name: new RegExp(reference) })).toBeVisible()
  return drawer
}

async function expectNoSidewaysScroll(page: Page, label: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow, `${label} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(1)
}

test('from the inbox to a scheduled worker, seen on the job, in at most 5 clicks and 2 typed values', async ({
  page,
}, testInfo) => {
  await page.goto('/')
  await loginByApi(page, 'operator')
  const worker = await hireWorker(page.request, testInfo, { service: 'Plumber', town: 'Nirmal', name: 'Inbox plumber' })
  const date = indianDate(21)
  const customer = `Job Customer ${uniqueTag(testInfo)}`
  const { reference } = await askForService(page.request, { name: customer, service: 'Plumber', town: 'Nirmal', date })

  let clicks = 0
  let typed = 0
  const click = async (target: Locator) => {
    clicks += 1
    await target.click()
  }
  const type = async (target: Locator, value: string) => {
    typed += 1
    await target.fill(value)
  }

  await page.goto('/requests?state=open')
  await click(page.getByRole('link', { name: `Schedule ${reference}` }))
  await expect(page.getByRole('heading', { level: 1, name: 'Create Schedule' })).toBeVisible()
  await type(page.getByLabel('Start Time'), '09:00')
  await type(page.getByLabel('End Time'), '10:30')
  await click(page.getByRole('button', { name: `Choose ${worker.name}`, exact: true }))
  await click(page.getByRole('button', { name: 'Create Schedule' }))
  await click(page.getByRole('link', { name: 'See it in Assignment Details' }))
  const row = page.getByRole('row').filter({ hasText: `Plumber for ${customer}` })
  await click(row.getByRole('link', { name: /^Open the job/ }).first())

  const drawer = await expectDrawer(page, reference)
  const assignment = drawer.getByRole('region', { name: 'Worker and time' })
  await expect(assignment).toContainText(worker.name)
  await expect(assignment).toContainText('09:00–10:30')
  await expect(drawer.getByRole('region', { name: 'Request' })).toContainText(customer)
  expect(clicks).toBeLessThanOrEqual(5)
  expect(typed).toBeLessThanOrEqual(2)
  await expectAccessible(page, 'the job drawer over Assignment Details')

  // The drawer leads to the full page, and closes back to the list where it was.
  await expect(drawer.getByRole('link', { name: `Open ${reference} as a page` })).toHaveAttribute(
    'href',
    /^\/jobs\/\d+$/,
  )
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog', { name: 'Job' })).toHaveCount(0)
  await expect(page).toHaveURL((url) => url.pathname === '/ad' && !url.searchParams.has('job'))
})

/** Two jobs of one worker on one day: 10:00–11:00 and 14:00–15:00. */
async function twoJobs(operator: APIRequestContext, testInfo: Parameters<typeof hireWorker>[1]) {
  const worker = await hireWorker(operator, testInfo, {
    service: 'Electrician',
    town: 'Armoor',
    name: 'Busy electrician',
  })
  const date = indianDate(23)
  const first = await askForService(operator, {
    name: `First ${uniqueTag(testInfo)}`,
    service: 'Electrician',
    town: 'Armoor',
    date,
  })
  const second = await askForService(operator, {
    name: `Second ${uniqueTag(testInfo)}`,
    service: 'Electrician',
    town: 'Armoor',
    date,
  })
  await scheduleTask(operator, {
    worker,
    date,
    startTime: '10:00',
    endTime: '11:00',
    taskName: 'Wiring',
    requestId: first.id,
  })
  const later: ScheduleResponse = await scheduleTask(operator, {
    worker,
    date,
    startTime: '14:00',
    endTime: '15:00',
    taskName: 'Fan fitting',
    requestId: second.id,
  })
  return { worker, taskId: later.taskId, reference: second.reference }
}

test('moving a job onto the same worker’s other booking is refused, naming the worker; the form keeps the times', async ({
  page,
}, testInfo) => {
  await page.goto('/')
  await loginByApi(page, 'operator')
  const { worker, taskId, reference } = await twoJobs(page.request, testInfo)

  await page.goto(`/jobs/${taskId}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Job')
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(reference) })).toBeVisible()
  const status = page.getByRole('region', { name: 'Status' })
  await expect(status.getByRole('group', { name: 'Next steps' }).getByRole('button')).toHaveText([
    'Start work',
    'Cancel the job',
  ])
  await expectAccessible(page, '/jobs/:taskId')

  const assignment = page.getByRole('region', { name: 'Worker and time' })
  await assignment.getByRole('button', { name: 'Change worker or time' }).click()
  await assignment.getByLabel('Start time').fill('10:30')
  await assignment.getByLabel('End time').fill('11:30')
  await assignment.getByRole('button', { name: 'Save the change' }).click()
  const refusal = assignment.getByRole('alert')
  await expect(refusal).toContainText(worker.name)
  await expect(refusal).toContainText('Not changed')
  // The other booking's hours, so the operator knows which time is taken.
  await expect(refusal).toContainText('already booked 10:00–11:00 that day')
  await expect(assignment.getByLabel('Start time')).toHaveValue('10:30')
  await expectAccessible(page, '/jobs/:taskId with a refused change')

  // Nothing moved.
  await expect(assignment).toContainText('14:00–15:00')
})

test('every list row opens its job, and Payouts, the job and My requests agree once the customer has paid', async ({
  page,
  browser,
}, testInfo) => {
  const admin = await apiAs('admin')
  const operator = await apiAs('operator')
  const customer = await ownAccount(admin, testInfo, 'customer')
  const asCustomer = await apiWith(customer)
  const worker = await hireWorker(operator, testInfo, { service: 'Painter', town: 'Nizamabad', name: 'Paid painter' })
  const date = indianDate(25)
  const request = await askForService(asCustomer, {
    name: `Paying ${uniqueTag(testInfo)}`,
    service: 'Painter',
    town: 'Nizamabad',
    date,
  })
  const { taskId } = await scheduleTask(operator, { worker, date, taskName: 'Paint the hall', requestId: request.id })
  await moveTask(operator, taskId, ['work_inprogress', 'work_completed', 'payment_pending'])
  const { charges } = await ok<TaskChargesResponse>(operator.get(`/api/tasks/${taskId}/charges`))
  await ok(
    operator.post(`/api/tasks/${taskId}/payments/manual`, {
      data: { amount_paise: charges.total_paise, method: 'cash' },
      headers: { 'Idempotency-Key': `e2e-job-${uniqueTag(testInfo)}` },
    }),
  )

  await page.goto('/')
  await loginByApi(page, 'operator')
  const rowLink = (list: Page) => list.locator(`[data-job-link="${taskId}"]`).first()
  for (const list of ['/requests', '/ad', '/outbox', '/payouts']) {
    await page.goto(list)
    await rowLink(page).click()
    const drawer = await expectDrawer(page, request.reference)
    await expect(page).toHaveURL((url) => url.pathname === list && url.searchParams.get('job') === String(taskId))
    if (list === '/payouts') {
      const money = drawer.getByRole('region', { name: 'Charges and payments' })
      await expect(money.locator('[data-money-state]')).toHaveAttribute('data-money-state', 'paid')
      await expect(money).not.toContainText(/owed|owes/i)
      await expectAccessible(page, 'the job drawer over Payouts')
    }
    await drawer.getByRole('button', { name: 'Close' }).click()
    await expect(page.getByRole('dialog', { name: 'Job' })).toHaveCount(0)
  }

  // The job page says paid, and so does the customer's own screen.
  await page.goto(`/jobs/${taskId}`)
  const money = page.getByRole('region', { name: 'Charges and payments' })
  await expect(money.locator('[data-money-state]')).toHaveAttribute('data-money-state', 'paid')
  await expect(money).toContainText('Paid in full')
  const customerContext = await browser.newContext()
  const customerPage = await customerContext.newPage()
  await customerPage.goto('/')
  await loginAs(customerPage, customer)
  await customerPage.goto('/my/requests')
  const card = customerPage.getByRole('article').filter({ hasText: request.reference })
  await expect(card.locator('[data-money-state]')).toHaveAttribute('data-money-state', 'paid')
  await expect(card).not.toContainText(/owes|still owed/i)
  await customerContext.close()
  await Promise.all([admin, operator, asCustomer].map((api) => api.dispose()))
})

test('the job page in Telugu on a 390 px phone: nothing scrolls sideways, the change form included', async ({
  page,
}, testInfo) => {
  const admin = await apiAs('admin')
  const account = await ownAccount(admin, testInfo, 'operator')
  const operator = await apiWith(account)
  const { taskId } = await twoJobs(operator, testInfo)
  await page.setViewportSize({ width: 390, height: 844 })
  await page.addInitScript(() => localStorage.setItem('lang', 'te'))
  await page.goto('/')
  await loginAs(page, account, { keepLanguage: true })
  await ok(page.request.put('/api/me/language', { data: { language: 'te' } }))

  await page.goto(`/jobs/${taskId}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('పని')
  await expect(page.getByRole('region', { name: 'పనివారు, సమయం' })).toBeVisible()
  await expectNoSidewaysScroll(page, '/jobs/:taskId in Telugu at 390 px')
  await page.getByRole('button', { name: 'పనివారిని లేదా సమయాన్ని మార్చండి' }).click()
  await expect(page.getByLabel('ప్రారంభ సమయం')).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: /Suggested|సూచ/ })).toBeVisible()
  await expectNoSidewaysScroll(page, 'the change form in Telugu at 390 px')
  await expectAccessible(page, '/jobs/:taskId in Telugu at 390 px', { tags: WCAG_TAGS })
  await Promise.all([admin, operator].map((api) => api.dispose()))
})
