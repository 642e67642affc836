import type { Page } from '@playwright/test'
import { expect, expectAccessible, loginByApi, test } from './support/fixtures'
import { indianDate, uniquePhone } from './support/world'

/** Today in Asia/Kolkata, as the server counts it. */
const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', dateStyle: 'short' }).format(new Date())

async function openCard(page: Page, title: string) {
  await page.getByRole('button', { name: new RegExp(`^${title}:`) }).click()
  const dialog = page.getByRole('dialog', { name: 'Enter Service Request Details' })
  await expect(dialog).toBeVisible()
  return dialog
}

/**
 * The request form's four steps: what (as the card chose it), where, when (Today, morning), who.
 * Name and phone are typed when given (a signed-in customer's come from the account).
 */
async function fillForm(page: Page, values: { name?: string; phone?: string; town: string; address?: string }) {
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByTestId('request-step')).toHaveText('What is wrong?')
  await dialog.getByRole('button', { name: 'Next' }).click()
  await dialog.getByLabel(/House number and street/).fill(values.address ?? '1-2 Main Road')
  await dialog.getByRole('combobox', { name: /^Town/ }).click()
  await page.getByRole('option', { name: values.town }).click()
  await dialog.getByRole('button', { name: 'Next' }).click()
  await dialog.locator('label', { hasText: /^Today$/ }).click()
  await dialog.locator('label', { hasText: 'Morning' }).click()
  await dialog.getByRole('button', { name: 'Next' }).click()
  await expect(dialog.getByTestId('request-step')).toHaveText('Who should we call?')
  if (values.name !== undefined) await dialog.getByLabel('Your Name').fill(values.name)
  if (values.phone !== undefined) await dialog.getByLabel('Mobile Number').fill(values.phone)
}

test('a visitor searches "paint", opens Wall Painter, submits and sees the reference', async ({ page }) => {
  await page.goto('/imdDisplay')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Service Registration')
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(24)
  await page.getByPlaceholder('Search images...').fill('paint')
  const cards = page.getByRole('main').getByRole('listitem')
  await expect(cards).toHaveCount(3)
  await expect(page.getByText('3 services')).toBeVisible()

  const dialog = await openCard(page, 'Wall Painter')
  await expect(dialog.getByRole('combobox', { name: /^Service/ })).toHaveValue('Painter')
  await expect(dialog.getByLabel('Created Date')).toHaveCount(0)
  await fillForm(page, { name: 'Visitor Venkat', phone: '98480 11111', town: 'Armoor' })
  await dialog.getByRole('button', { name: 'SUBMIT' }).click()
  await expect(dialog.getByText(/Your reference number is TW-\d{6}\./)).toBeVisible()
  await expect(dialog.getByText(/an operator will call you on 98480 11111/)).toBeVisible()

  // The form is cleared for the next request.
  await dialog.getByRole('button', { name: 'Ask for another service' }).click()
  await expect(dialog.getByTestId('request-step')).toHaveText('What is wrong?')
  await expect(dialog.getByRole('combobox', { name: /^Service/ })).toHaveValue('')
})

test('a customer submits, then finds the request in My requests', async ({ page }) => {
  await page.goto('/about')
  await loginByApi(page, 'customer')
  await page.goto('/imdDisplay')
  const dialog = await openCard(page, 'Electrician')
  await fillForm(page, { town: 'Nizamabad' })
  // Name (and phone and email, when the profile has them) come from the account.
  await expect(dialog.getByLabel('Your Name')).not.toHaveValue('')
  if ((await dialog.getByLabel('Mobile Number').inputValue()) === '') {
    await dialog.getByLabel('Mobile Number').fill('9848022222')
  }
  await dialog.getByRole('button', { name: 'SUBMIT' }).click()
  const confirmation = dialog.getByText(/Your reference number is TW-\d{6}\./)
  await expect(confirmation).toBeVisible()
  const reference = /TW-\d{6}/.exec((await confirmation.textContent()) ?? '')![0]

  await dialog.getByRole('link', { name: 'Open My requests' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My requests')
  const card = page.getByRole('article', { name: new RegExp(reference) })
  await expect(card).toBeVisible()
  await expect(card.getByText('Received')).toBeVisible()
  await expectAccessible(page, '/my/requests at 1280 px')
})

test('when the server answers nothing, the request waits on this phone, outlives a reload, and goes when it answers', async ({
  page,
  context,
}) => {
  await page.goto('/imdDisplay')
  const dialog = await openCard(page, 'Plumbing')
  await fillForm(page, { name: 'Offline Obulesu', phone: '+91 9848033333', town: 'Nirmal' })
  await dialog.getByLabel(/Enter Email/).fill('obulesu@example.com')
  await page.route('**/api/servicerequest', (route) => route.abort())
  await dialog.getByRole('button', { name: 'SUBMIT' }).click()
  // No answer is no signal (issue 23): the request is kept on the phone with its Idempotency-Key.
  const saved = 'No signal — your request is saved on this phone and will be sent when you are back online.'
  await expect(dialog.getByText(saved)).toBeVisible()
  // A reload (or a closed tab) keeps it, and the catalog says it waits; the form says so too.
  await page.reload()
  const queued = page.getByTestId('queued-requests')
  await expect(queued).toContainText('Waiting to send: Plumber in Nirmal')
  await openCard(page, 'Plumbing')
  await expect(dialog.getByText(saved)).toBeVisible()

  // The server answers again (the browser says it is back online): sent once, its reference shown.
  await page.unroute('**/api/servicerequest')
  await context.setOffline(true)
  await context.setOffline(false)
  await expect(dialog.getByText(/Your reference number is TW-\d{6}\./)).toBeVisible()
  await expect(dialog.getByText(/an operator will call you on \+91 9848033333/)).toBeVisible()
  await expect(queued).toHaveCount(0)
})

test('the operator sees a new request in /requests, and Schedule links to /ts?requestId=…', async ({ page }) => {
  const res = await page.request.post('/api/servicerequest', {
    data: {
      name: 'Inbox Indira',
      phone: '9848044444',
      service: 'Home Services',
      service_date: today(),
      town: 'Nirmal',
    },
    headers: { 'Idempotency-Key': `e2e-inbox-${Date.now()}` },
  })
  expect(res.status()).toBe(201)
  const { id, reference } = (await res.json()) as { id: number; reference: string }

  await page.goto('/about')
  await loginByApi(page, 'operator')
  await page.goto('/requests')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Requests inbox')
  const row = page.getByRole('row', { name: new RegExp(reference) })
  await expect(row).toContainText('Inbox Indira')
  const schedule = row.getByRole('link', { name: `Schedule ${reference}` })
  await expect(schedule).toHaveAttribute('href', `/ts?requestId=${id}`)

  // Filters live in the address.
  await page.getByRole('combobox', { name: 'Town' }).click()
  await page.getByRole('option', { name: 'Nirmal' }).click()
  await expect(page).toHaveURL(/[?&]town=Nirmal/)
  await expect(page.getByRole('row', { name: new RegExp(reference) })).toBeVisible()
  await expectAccessible(page, '/requests at 1280 px')

  await schedule.click()
  await expect(page).toHaveURL(new RegExp(`/ts\\?requestId=${id}$`))
})

test('the operator rejects a request with a reason', async ({ page }) => {
  const res = await page.request.post('/api/servicerequest', {
    data: { name: 'Reject Raju', phone: '9848055555', service: 'Sand Services', service_date: today(), town: 'Armoor' },
  })
  const { reference } = (await res.json()) as { reference: string }
  await page.goto('/about')
  await loginByApi(page, 'operator')
  await page.goto('/requests?state=open')
  await page.getByRole('button', { name: `Reject ${reference}` }).click()
  const dialog = page.getByRole('dialog', { name: `Reject ${reference}` })
  await dialog.getByRole('button', { name: 'Reject request' }).click()
  await expect(dialog.getByText(/at least 3 characters/).last()).toBeVisible()
  await dialog.getByLabel(/Reason/).fill('No sand lorry free today')
  await dialog.getByRole('button', { name: 'Reject request' }).click()
  await expect(page.getByText(`${reference} is rejected.`)).toBeVisible()
  await expect(page.getByRole('row', { name: new RegExp(reference) })).toHaveCount(0)
})

test('the inbox warns of a likely repeat and its link shows the other request, wherever it was listed', async ({
  page,
}) => {
  // Same phone, service and day make a likely repeat; the towns differ, so a town filter shows only one.
  const phone = uniquePhone()
  const date = indianDate(27)
  const ask = async (town: string) => {
    const res = await page.request.post('/api/servicerequest', {
      data: { name: 'Repeat Rani', phone, service: 'Electrician', service_date: date, town },
    })
    expect(res.status(), await res.text()).toBe(201)
    return (await res.json()) as { id: number; reference: string }
  }
  const first = await ask('Armoor')
  const second = await ask('Nirmal')
  await page.goto('/about')
  await loginByApi(page, 'operator')
  await page.goto(`/requests?town=Nirmal&service=Electrician&from=${date}&to=${date}`)
  const row = page.locator(`#request-${second.id}`)
  await expect(row).toContainText(`Likely a repeat of ${first.reference}`)
  // The number as people write it, tapped to call.
  const call = row.getByRole('link', { name: /^Call Repeat Rani/ })
  await expect(call).toHaveText(`+91 ${phone.slice(0, 5)} ${phone.slice(5)}`)
  await expect(call).toHaveAttribute('href', `tel:+91${phone}`)
  await expect(page.locator(`#request-${first.id}`)).toHaveCount(0)

  await row.getByRole('link', { name: first.reference }).click()
  await expect(page.locator(`#request-${first.id}`)).toBeInViewport()
  await expect(page).toHaveURL(new RegExp(`#request-${first.id}$`))
})

for (const width of [1280, 390]) {
  test(`the catalog, its modal and the inbox are accessible at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/imdDisplay')
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(24)
    await expectAccessible(page, `/imdDisplay at ${width} px`)
    const dialog = await openCard(page, 'Carpenter')
    const box = await page.locator('.mantine-Modal-content').boundingBox()
    if (width === 1280) {
      expect(Math.round(box!.width)).toBe(480)
    } else {
      // Full screen on a phone.
      expect(Math.round(box!.width)).toBe(390)
    }
    await dialog.getByRole('button', { name: 'Next' }).click()
    await dialog.getByRole('button', { name: 'Next' }).click()
    await expect(dialog.getByText('Enter the house number and street.')).toBeVisible()
    // Every input is at least 44 px tall.
    for (const input of await dialog.locator('input:visible').all()) {
      expect((await input.boundingBox())!.height).toBeGreaterThanOrEqual(44)
    }
    await expectAccessible(page, `request modal at ${width} px`)
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()

    await loginByApi(page, 'operator')
    await page.goto('/requests')
    await expect(page.getByText(/\d+ requests?$/)).toBeVisible()
    await expectAccessible(page, `/requests at ${width} px`)
  })
}

test('My requests is accessible on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 })
  await page.goto('/about')
  await loginByApi(page, 'customer', 1)
  await page.goto('/my/requests')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My requests')
  await expect(page.getByText('Loading your requests…')).toBeHidden()
  await expectAccessible(page, '/my/requests at 390 px')
})
