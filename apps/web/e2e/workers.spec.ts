import type { MyJobsResponse, WorkerResponse, WorkerServicesResponse } from '@townworks/contract'
import type { Locator, Page } from '@playwright/test'
import { formatMoney } from '../src/lib/format'
import { expect, expectAccessible, loginAs, loginByApi, test } from './support/fixtures'
import { cameraPhoto } from './support/photos'
import {
  apiAs,
  apiWith,
  askForService,
  hireWorker,
  indianDate,
  moveTask,
  ok,
  scheduleTask,
  startCodeFromMessages,
  uniquePhone,
  uniqueTag,
  workerLogin,
} from './support/world'

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

/** The id of the worker of this name, from the roster's answer. */
async function idOf(page: Page, name: string): Promise<number> {
  const { workerServices } = await ok<WorkerServicesResponse>(
    page.request.get(`/api/workerservices?q=${encodeURIComponent(name)}`),
  )
  const found = workerServices.find((row) => row.worker_name === name)
  expect(found, `${name} is on the roster`).toBeDefined()
  return found!.worker_id
}

/** The image has arrived and the browser drew it. */
async function expectDrawn(image: Locator): Promise<void> {
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
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

  test("an operator fills in a worker's profile: languages, years and a photo, kept after a reload", async ({
    page,
  }) => {
    const name = `Profile ${Date.now()}`
    await addWorkerByApi(page, name, 450)
    await page.goto(`/wss?q=${encodeURIComponent(name)}`)
    const row = page.getByRole('row', { name: new RegExp(name) })
    await expect(row).toContainText('No ratings yet')
    await row.getByRole('button', { name: `Edit ${name}` }).click()
    const dialog = page.getByRole('dialog', { name: `Edit ${name}` })
    const photo = dialog.getByRole('region', { name: 'Photo' })
    await expect(photo).toContainText('No photo yet.')

    // A phone camera's photo: the browser makes it a small JPEG before it goes, saved at once.
    const chooser = page.waitForEvent('filechooser')
    await photo.getByRole('button', { name: 'Add photo' }).click()
    await (
      await chooser
    ).setFiles({ name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: await cameraPhoto(page, 1500, 2000) })
    await expect(photo.getByRole('status')).toHaveText('Photo saved.')
    const image = photo.getByRole('img', { name: `Photo of ${name}` })
    await expectDrawn(image)
    // Made at most 800 px on its longer side before it went; shown in its fixed 96 px frame.
    expect(await image.evaluate((img: HTMLImageElement) => Math.max(img.naturalWidth, img.naturalHeight))).toBe(800)
    const box = await image.boundingBox()
    expect([box?.width, box?.height]).toEqual([96, 96])
    await expect(photo.getByRole('button', { name: 'Change photo' })).toBeVisible()

    const languages = dialog.getByRole('group', { name: /Languages spoken/ })
    await languages.getByRole('checkbox', { name: 'తెలుగు' }).check()
    await languages.getByRole('checkbox', { name: 'اردو' }).check()
    await dialog.getByRole('textbox', { name: /Years of experience/ }).fill('12')
    await expectAccessible(page, '/wss edit form with a photo')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('status').filter({ hasText: `${name} was saved` })).toBeVisible()

    // What the server keeps, and what the form shows again after a reload.
    const workerId = await idOf(page, name)
    const stored = await ok<WorkerResponse>(page.request.get(`/api/workerservices/${workerId}`))
    expect(stored.worker).toMatchObject({ languages: ['te', 'ur'], experience_years: 12 })
    expect(stored.worker.photo_url).toMatch(new RegExp(`^/api/workers/${workerId}/photo/`))
    await page.reload()
    await page
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('button', { name: `Edit ${name}` })
      .click()
    const again = page.getByRole('dialog', { name: `Edit ${name}` })
    const ticked = again.getByRole('group', { name: /Languages spoken/ })
    await expect(ticked.getByRole('checkbox', { name: 'తెలుగు' })).toBeChecked()
    await expect(ticked.getByRole('checkbox', { name: 'اردو' })).toBeChecked()
    await expect(ticked.getByRole('checkbox', { name: 'English' })).not.toBeChecked()
    await expect(again.getByRole('textbox', { name: /Years of experience/ })).toHaveValue('12')
    const kept = again.getByRole('region', { name: 'Photo' }).getByRole('img', { name: `Photo of ${name}` })
    await expect(kept).toHaveAttribute('src', stored.worker.photo_url!)
    await expectDrawn(kept)
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

test('a visitor is asked to log in; a customer adds to cart and sees the count rise', async ({ page }, testInfo) => {
  // A worker of this journey's own: no other journey adds them to a cart.
  const operator = await apiAs('operator')
  const worker = await hireWorker(operator, testInfo, { service: 'Brick Worker', town: 'Nirmal', name: 'Mason' })
  await operator.dispose()
  const rowOf = () => page.getByRole('row', { name: new RegExp(worker.name) })

  await page.goto('/swl')
  await rowOf()
    .getByRole('button', { name: `Add ${worker.name} to cart` })
    .click()
  await expect(page.getByText('Please log in to add workers to your cart.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', /\/login\?from=%2Fswl/)
  await expectAccessible(page, '/swl as a visitor')

  await loginByApi(page, 'customer', 1)
  await page.goto('/swl')
  const count = rowOf().getByRole('cell').nth(1)
  await expect(count).toHaveText('0')
  await rowOf()
    .getByRole('button', { name: `Add ${worker.name} to cart` })
    .click()
  await expect(page.getByText(`${worker.name} was added to your cart`)).toBeVisible()
  await expect(count).toHaveText('1')
  // A second press counts once.
  await rowOf()
    .getByRole('button', { name: `Add ${worker.name} to cart` })
    .click()
  await expect(page.getByText(`${worker.name} is already in your cart; it counts once.`)).toBeVisible()
  await expect(count).toHaveText('1')
})

test.describe('a worker runs their day from a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('a worker starts and completes today’s job on /my/jobs', async ({ page }, testInfo) => {
    // A worker of this journey's own, with a login, and a job today (as India counts it).
    const operator = await apiAs('operator')
    const admin = await apiAs('admin')
    const worker = await hireWorker(operator, testInfo, { service: 'Electrician', town: 'Armoor', name: 'Ravi' })
    const login = await workerLogin(admin, testInfo, worker)
    const date = indianDate(0)
    const request = await askForService(operator, { name: 'Padma', service: 'Electrician', town: 'Armoor', date })
    const { taskId } = await scheduleTask(operator, {
      worker,
      date,
      taskName: `Fan fitting ${uniqueTag(testInfo)}`,
      requestId: request.id,
    })
    // Padma got the start code in her booking message (issue 21): she reads it out at the door.
    const startCode = await startCodeFromMessages(operator, taskId)
    await Promise.all([operator.dispose(), admin.dispose()])

    await page.goto('/about')
    const res = await page.request.post('/api/login', { data: { user: login.username, pwd: login.password } })
    expect(res.status(), await res.text()).toBe(200)
    await page.goto('/my/jobs')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My jobs')
    const today = page.getByRole('region', { name: 'Today' })
    const job = today
      .getByRole('article')
      .filter({ has: page.getByRole('button', { name: /^Start:/ }) })
      .first()
    await expect(job).toBeVisible()
    const title = (await job.getByRole('heading', { level: 3 }).textContent())!.trim()
    await expect(job.getByRole('link', { name: /^Call Padma: \+91/ })).toHaveAttribute('href', /^tel:\+91\d{10}$/)
    await expectAccessible(page, '/my/jobs at 390 px')

    const start = job.getByRole('button', { name: `Start: ${title}` })
    const box = await start.boundingBox()
    expect(box!.height).toBeGreaterThanOrEqual(44)
    expect(box!.width).toBeGreaterThanOrEqual(44)
    // Nothing overflows the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

    await start.tap()
    const card = today.getByRole('article', { name: title })
    // The worker asks for the customer's start code and types it in.
    const code = card.getByLabel('Customer’s start code')
    await expect(code).toBeFocused()
    await expectAccessible(page, '/my/jobs asking for the start code')
    await code.fill(startCode)
    await card.getByRole('button', { name: 'Start work' }).tap()
    await expect(card).toContainText('Work in progress')
    await expect(page.getByText(`${title}: Work in progress.`)).toBeVisible()
    await expect(card.getByRole('button', { name: `Pause: ${title}` })).toBeVisible()
    await card.getByRole('button', { name: `Complete: ${title}` }).tap()
    await card.getByRole('button', { name: 'Yes, completed' }).tap()
    await expect(card).toContainText('Work completed')
    // No step of the work is left; the card offers to add photos of the finished work (issue 21).
    await expect(card.getByRole('button', { name: /^(Start|Pause|Resume|Complete):/ })).toHaveCount(0)
    await expect(card.getByRole('button', { name: 'Take a photo' })).toBeVisible()
    await expectAccessible(page, '/my/jobs after completing')
  })
})

/** Every box of `targets` is at least 44 × 44 px: a thumb can hit it. */
async function expectTouchTargets(targets: Locator, what: string) {
  const count = await targets.count()
  expect(count, `${what}: some targets`).toBeGreaterThan(0)
  for (let i = 0; i < count; i++) {
    const target = targets.nth(i)
    const box = await target.boundingBox()
    const name = (await target.getAttribute('aria-label')) ?? (await target.textContent())
    expect(box, `${what} ${name}: on screen`).not.toBeNull()
    expect(box!.height, `${what} ${name}: height`).toBeGreaterThanOrEqual(44)
    expect(box!.width, `${what} ${name}: width`).toBeGreaterThanOrEqual(44)
  }
}

test.describe('My jobs in Telugu on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('shows the place with a Maps link and the earning, asks before Completed, fits 390 px', async ({
    page,
  }, testInfo) => {
    // A worker of this journey's own with a login in Telugu, and a job in progress named after its service.
    const operator = await apiAs('operator')
    const admin = await apiAs('admin')
    const worker = await hireWorker(operator, testInfo, { service: 'Electrician', town: 'Nirmal', name: 'Ramu' })
    const login = await workerLogin(admin, testInfo, worker)
    const date = indianDate(0)
    const phone = uniquePhone()
    const request = await askForService(operator, {
      name: 'Sujatha',
      phone,
      service: 'Electrician',
      town: 'Nirmal',
      date,
    })
    const { taskId } = await scheduleTask(operator, { worker, date, taskName: 'Electrician', requestId: request.id })
    await moveTask(operator, taskId, ['work_inprogress'])
    const asWorker = await apiWith(login)
    const { jobs } = (await (await asWorker.get('/api/my/jobs')).json()) as MyJobsResponse
    const job = jobs.find((j) => j.task_id === taskId)
    expect(job?.earning_paise, 'the API prices the job').toEqual(expect.any(Number))
    await Promise.all([operator.dispose(), admin.dispose(), asWorker.dispose()])

    await page.addInitScript(() => localStorage.setItem('lang', 'te'))
    await page.goto('/about')
    await loginAs(page, login, { keepLanguage: true })
    expect((await page.request.put('/api/me/language', { data: { language: 'te' } })).status()).toBe(200)
    await page.goto('/my/jobs')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('నా పనులు')

    // The job's title is the service in Telugu; the place and town open in Maps; the earning in rupees.
    const card = page.getByRole('article', { name: 'ఎలక్ట్రీషియన్' })
    await expect(card).toBeVisible()
    const maps = card.getByRole('link', { name: /^మ్యాప్స్‌లో తెరవండి/ })
    await expect(maps).toHaveAttribute('href', 'https://www.google.com/maps/search/?api=1&query=Nirmal')
    await expect(card).toContainText('నిర్మల్')
    await expect(card).toContainText(formatMoney(job!.earning_paise!, 'te'))
    await expect(card.getByRole('link', { name: /^Sujatha కి ఫోన్ చేయండి: \+91/ })).toHaveAttribute(
      'href',
      `tel:+91${phone}`,
    )

    // Completed asks first and says the customer is messaged; "not yet" leaves the job as it was.
    await card.getByRole('button', { name: 'పూర్తయింది: ఎలక్ట్రీషియన్' }).tap()
    const confirm = card.getByRole('group', { name: '“ఎలక్ట్రీషియన్” పూర్తయిందా?' })
    await expect(confirm).toContainText('Sujatha కి మేము సందేశం పంపుతాం')
    await expectTouchTargets(confirm.getByRole('button'), 'confirmation')
    await expectAccessible(page, '/my/jobs in Telugu, asking before Completed')
    await confirm.getByRole('button', { name: 'ఇంకా లేదు' }).tap()
    await expect(confirm).toHaveCount(0)
    await expect(card).toContainText('పని జరుగుతోంది')
    await page.reload()
    await expect(page.getByRole('article', { name: 'ఎలక్ట్రీషియన్' })).toContainText('పని జరుగుతోంది')

    // Working time open: nothing wider than the phone, every target a thumb's size, axe clean.
    await page.getByRole('button', { name: 'నా పని సమయం' }).tap()
    await expect(page.getByRole('group', { name: 'వారపు వేళలు' })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await expectTouchTargets(page.locator('.job__actions a, .job__actions button, .job__maps'), 'job')
    await expectTouchTargets(page.locator('.avail label:has(input[type=checkbox])'), 'working day')
    await expectTouchTargets(page.locator('.avail input[type=time], .avail button'), 'working time')
    await expectAccessible(page, '/my/jobs in Telugu with the working time open')
  })
})

test('the Worker Services table: every cell lines up with its column header', async ({ page }, testInfo) => {
  const operator = await apiAs('operator')
  const worker = await hireWorker(operator, testInfo, { service: 'Painter', town: 'Nirmal', name: 'Columns' })
  await operator.dispose()
  await page.goto('/about')
  await loginByApi(page, 'operator')
  await page.goto(`/wss?q=${encodeURIComponent(worker.name)}`)
  const row = page.getByRole('row', { name: new RegExp(worker.name) })
  await expect(row).toContainText('₹450')
  const headers = page.getByRole('table').locator('thead th')
  const cells = row.locator('th, td')
  await expect(cells).toHaveCount(await headers.count())
  for (let i = 0; i < (await headers.count()); i++) {
    const header = (await headers.nth(i).boundingBox())!
    const cell = (await cells.nth(i).boundingBox())!
    const name = await headers.nth(i).textContent()
    expect(Math.abs(cell.x - header.x), `${name}: left edge`).toBeLessThanOrEqual(1)
    expect(Math.abs(cell.width - header.width), `${name}: width`).toBeLessThanOrEqual(1)
  }
  await expect(row.getByRole('link', { name: new RegExp(`^Call ${worker.name}: \\+91`) })).toHaveAttribute(
    'href',
    `tel:+91${worker.phone}`,
  )
})
