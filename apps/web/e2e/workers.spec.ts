import type { Page } from '@playwright/test'
import { expect, expectAccessible, loginByApi, test } from './support/fixtures'

/** A mobile number no other run used: the roster refuses a phone another worker has. */
const uniquePhone = () => `9${String(Date.now()).slice(-9)}`

async function addWorkerByApi(page: Page, name: string, price: number) {
  const res = await page.request.post('/api/workerservices', {
    data: {
      worker_name: name,
      town: 'Nirmal',
      phone_number: uniquePhone(),
      email: '',
      services: [{ service_name: 'Painter', description: 'Walls and ceilings', price }],
    },
  })
  expect(res.status(), await res.text()).toBe(201)
}

/** Choose an option of a Mantine select by its label. */
async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

test.describe('operators manage the worker roster on /wss', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/about')
    await loginByApi(page, 'operator')
  })

  test("an operator edits a worker's price and sees it in the table", async ({ page }) => {
    const name = `Edit Me ${Date.now()}`
    await addWorkerByApi(page, name, 450)
    await page.goto(`/wss?q=${encodeURIComponent(name)}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Worker Services Details')
    const row = page.getByRole('row', { name: new RegExp(name) })
    await expect(row).toContainText('₹450')
    for (const column of [
      'Name',
      'City/Town',
      'Service',
      'Service Description',
      'Price',
      'Phone',
      'Email',
      'Actions',
    ]) {
      await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible()
    }

    await row.getByRole('button', { name: `Edit ${name}` }).click()
    const dialog = page.getByRole('dialog', { name: `Edit ${name}` })
    const price = dialog.getByRole('textbox', { name: /Price/ })
    await expect(price).toHaveValue('450')
    await price.fill('612.25')
    await expectAccessible(page, '/wss edit form')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('status').filter({ hasText: `${name} was saved` })).toBeVisible()
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('₹612.25')
    await expectAccessible(page, '/wss after edit')
  })

  test('an operator adds a worker through the form, then deletes them', async ({ page }) => {
    const name = `Short Stay ${Date.now()}`
    await page.goto('/wss')
    await page.getByRole('button', { name: 'Add worker' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add worker' })
    await dialog.getByRole('button', { name: 'Add worker' }).click()
    await expect(dialog.getByText('Enter the name')).toBeVisible()
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name)
    await choose(page, dialog, 'City/Town', 'Armoor')
    await dialog.getByRole('textbox', { name: 'Phone' }).fill(uniquePhone())
    await choose(page, dialog, 'Service', 'Electrician')
    await dialog.getByRole('textbox', { name: 'Service Description' }).fill('Fans and switches')
    await dialog.getByRole('textbox', { name: /Price/ }).fill('380')
    await dialog.getByRole('button', { name: 'Add worker' }).click()
    await expect(dialog).toBeHidden()

    await page.getByRole('searchbox', { name: 'Search' }).fill(name)
    await expect(page).toHaveURL(/q=Short/)
    const row = page.getByRole('row', { name: new RegExp(name) })
    await expect(row).toContainText('₹380')
    await expect(row).toContainText('Electrician')

    await row.getByRole('button', { name: `Delete ${name}` }).click()
    const confirm = page.getByRole('dialog', { name: `Delete ${name}?` })
    await expect(confirm).toContainText('deactivated instead')
    await expectAccessible(page, '/wss delete confirmation')
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(confirm).toBeHidden()
    await expect(page.getByRole('status').filter({ hasText: `${name} was deleted` })).toBeVisible()
    await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0)
    await expect(page.getByText('No worker matches these filters.')).toBeVisible()
  })

  test('the working hours panel shows the default week of a new worker', async ({ page }) => {
    const name = `Hours ${Date.now()}`
    await addWorkerByApi(page, name, 300)
    await page.goto(`/wss?q=${encodeURIComponent(name)}`)
    await page.getByRole('button', { name: `Working hours of ${name}` }).click()
    const dialog = page.getByRole('dialog', { name: `Working hours of ${name}` })
    await expect(dialog.getByRole('checkbox', { name: 'Monday' })).toBeChecked()
    await expect(dialog.getByRole('checkbox', { name: 'Sunday' })).not.toBeChecked()
    await expect(dialog.getByLabel('Saturday from')).toHaveValue('08:00')
    await dialog.getByRole('checkbox', { name: 'Saturday' }).uncheck()
    await dialog.getByRole('button', { name: 'Save working time' }).click()
    await expect(dialog.getByText('Working time saved.')).toBeVisible()
    await expectAccessible(page, '/wss working hours')
  })
})

test('a visitor is asked to log in; a customer adds to cart and sees the count rise', async ({ page }) => {
  await page.goto('/swl')
  const row = page.getByRole('row', { name: /Srinivas Reddy/ })
  await row.getByRole('button', { name: 'Add Srinivas Reddy to cart' }).click()
  await expect(page.getByText('Please log in to add workers to your cart.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', /\/login\?from=%2Fswl/)
  await expectAccessible(page, '/swl as a visitor')

  await loginByApi(page, 'customer', 1)
  await page.goto('/swl')
  const count = page
    .getByRole('row', { name: /Srinivas Reddy/ })
    .getByRole('cell')
    .nth(1)
  const before = Number((await count.textContent())?.trim())
  await page
    .getByRole('row', { name: /Srinivas Reddy/ })
    .getByRole('button', { name: /Add Srinivas Reddy/ })
    .click()
  const message = page.getByText(/Srinivas Reddy (was added to your cart|is already in your cart)/)
  await expect(message).toBeVisible()
  const added = /was added/.test((await message.textContent()) ?? '')
  await expect(count).toHaveText(String(before + (added ? 1 : 0)))
  // A second press counts once.
  await page
    .getByRole('row', { name: /Srinivas Reddy/ })
    .getByRole('button', { name: /Add Srinivas Reddy/ })
    .click()
  await expect(page.getByText('Srinivas Reddy is already in your cart; it counts once.')).toBeVisible()
  await expect(count).toHaveText(String(before + (added ? 1 : 0)))
})

test.describe('a worker runs their day from a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('Ravi starts and completes today’s job on /my/jobs', async ({ page }) => {
    await page.goto('/about')
    await loginByApi(page, 'worker')
    await page.goto('/my/jobs')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My jobs')
    const today = page.getByRole('region', { name: 'Today' })
    const job = today
      .getByRole('article')
      .filter({ has: page.getByRole('button', { name: /^Start:/ }) })
      .first()
    await expect(job).toBeVisible()
    const title = (await job.getByRole('heading', { level: 3 }).textContent())!.trim()
    await expect(job.getByRole('link', { name: /^Call \+91/ })).toHaveAttribute('href', /^tel:\+91\d{10}$/)
    await expectAccessible(page, '/my/jobs at 390 px')

    const start = job.getByRole('button', { name: `Start: ${title}` })
    const box = await start.boundingBox()
    expect(box!.height).toBeGreaterThanOrEqual(44)
    expect(box!.width).toBeGreaterThanOrEqual(44)
    // Nothing overflows the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

    await start.tap()
    const card = today.getByRole('article', { name: title })
    await expect(card).toContainText('Work in progress')
    await expect(page.getByText(`${title}: Work in progress.`)).toBeVisible()
    await expect(card.getByRole('button', { name: `Pause: ${title}` })).toBeVisible()
    await card.getByRole('button', { name: `Complete: ${title}` }).tap()
    await expect(card).toContainText('Work completed')
    await expect(card.getByRole('button')).toHaveCount(0)
    await expectAccessible(page, '/my/jobs after completing')
  })
})
