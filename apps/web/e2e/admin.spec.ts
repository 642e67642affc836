import { request as playwrightRequest, type Page } from '@playwright/test'
import { E2E_PORT } from '../playwright.config'
import { expect, expectAccessible, loginAs, loginByApi, test } from './support/fixtures'
import {
  apiAs,
  askForService,
  hireWorker,
  indianDate,
  ownAccount,
  scheduleTask,
  uniquePhone,
  uniqueTag,
} from './support/world'

/*
 * The admin's safer actions and Send message's recipient picker (issue 17). Each journey changes
 * only accounts it made itself (world.ownAccount); the demo admin and operator are only read.
 */

async function expectNoSidewaysScroll(page: Page, label: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow, `${label} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(1)
}

/** Open a Mantine select and choose one of its own options. */
async function choose(page: Page, combobox: ReturnType<Page['getByRole']>, option: string | RegExp) {
  await combobox.click()
  const list = page.locator(`[id="${await combobox.getAttribute('aria-controls')}"]`)
  await list.getByRole('option', { name: option }).click()
}

test('an admin changes a role after a confirmation that says what it means, then undoes it', async ({
  page,
}, testInfo) => {
  const admin = await apiAs('admin')
  const sita = await ownAccount(admin, testInfo, 'customer', 's')
  await page.goto('/about')
  await loginByApi(page, 'admin')
  await page.goto(`/admin/users?q=${sita.username}`)
  await expect(page.getByRole('rowheader', { name: sita.username })).toBeVisible()
  await expectAccessible(page, '/admin/users')

  await choose(page, page.getByRole('combobox', { name: `Role of ${sita.username}` }), 'Operator')
  const dialog = page.getByRole('dialog', { name: `Make ${sita.username} Operator?` })
  await expect(dialog).toContainText(`${sita.username} will see every customer's requests`)
  await expectAccessible(page, 'the role confirmation')
  await dialog.getByRole('button', { name: 'Change the role' }).click()
  await expect(page.getByText(`${sita.username} is now Operator.`)).toBeVisible()
  const role = async () =>
    (
      (await (await admin.get('/api/admin/users', { params: { q: sita.username } })).json()) as {
        users: { role: string }[]
      }
    ).users[0]?.role
  expect(await role()).toBe('operator')

  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(page.getByText(`Undone: ${sita.username} is now Customer.`)).toBeVisible()
  await expect.poll(role).toBe('customer')
  await expect(page.getByRole('combobox', { name: `Role of ${sita.username}` })).toHaveValue('Customer')
  await admin.dispose()
})

test('an admin invites a person by phone, on a phone in Telugu: what was sent, and the password apart from it', async ({
  page,
}, testInfo) => {
  const admin = await apiAs('admin')
  // An admin account of this journey's own: its language changes.
  const own = await ownAccount(admin, testInfo, 'admin', 'a')
  await admin.dispose()
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/about')
  await loginAs(page, own, { keepLanguage: true })
  await page.request.put('/api/me/language', { data: { language: 'te' } })
  await page.addInitScript(() => localStorage.setItem('lang', 'te'))
  await page.goto('/admin/users')
  await expect(page.locator('html')).toHaveAttribute('lang', 'te')

  const name = `i${uniqueTag(testInfo)}`.slice(0, 32)
  const phone = uniquePhone()
  await page.getByRole('button', { name: 'యూజర్‌ను ఆహ్వానించండి' }).click()
  const dialog = page.getByRole('dialog', { name: 'యూజర్‌ను ఆహ్వానించండి' })
  await dialog.getByRole('textbox', { name: /లాగిన్ పేరు/ }).fill(name)
  await dialog.getByRole('textbox', { name: /మొబైల్ నంబర్/ }).fill(phone)
  await choose(page, dialog.getByRole('combobox', { name: 'పాత్ర' }), 'కార్మికుడు')
  await expectAccessible(page, 'the invitation form in Telugu at 390 px')
  await expectNoSidewaysScroll(page, 'the invitation form')
  await dialog.getByRole('button', { name: 'ఆహ్వానం పంపండి' }).click()

  await expect(dialog.getByTestId('invite-sent')).toContainText(`+91 ${phone.slice(0, 5)} ${phone.slice(5)}`)
  const password = (await dialog.getByTestId('one-time-password').textContent()) ?? ''
  expect(password.length).toBeGreaterThan(5)
  // The message that went out names the person and never carries the password.
  const message = dialog.locator('blockquote')
  await expect(message).toContainText(name)
  await expect(message).not.toContainText(password)
  await expectAccessible(page, 'the invitation sent, in Telugu at 390 px')
  await expectNoSidewaysScroll(page, 'the invitation sent')

  // The invited person signs in with the password the admin gives them.
  const invited = await playwrightRequest.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}` })
  const login = await invited.post('/api/login', { data: { user: name, pwd: password } })
  expect(login.status(), await login.text()).toBe(200)
  await invited.dispose()
})

test('an admin resets a password, and the person signs in with the one-time password', async ({ page }, testInfo) => {
  const admin = await apiAs('admin')
  const ravi = await ownAccount(admin, testInfo, 'customer', 'r')
  await admin.dispose()
  await page.goto('/about')
  await loginByApi(page, 'admin')
  await page.goto(`/admin/users?q=${ravi.username}`)
  await page.getByRole('button', { name: `Reset the password of ${ravi.username}` }).click()
  const ask = page.getByRole('dialog', { name: `Reset the password of ${ravi.username}?` })
  await expect(ask).toContainText('signed out everywhere')
  await ask.getByRole('button', { name: 'Reset the password' }).click()
  const shown = page.getByRole('dialog', { name: `The password of ${ravi.username} is reset` })
  const password = ((await shown.getByTestId('one-time-password').textContent()) ?? '').trim()
  expect(password).not.toBe('')
  await expectAccessible(page, 'the one-time password')
  await shown.getByRole('button', { name: 'Done' }).click()

  // The old password no longer works; the one-time one does, in the login form.
  const check = await playwrightRequest.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}` })
  expect((await check.post('/api/login', { data: { user: ravi.username, pwd: ravi.password } })).status()).toBe(401)
  await check.dispose()
  const person = await page.context().browser()!.newContext()
  const personPage = await person.newPage()
  await personPage.goto('/login')
  // The seed's form is one tap away: the mobile number comes first (issue 19).
  await personPage.getByRole('button', { name: 'Sign in with user name and password' }).click()
  await personPage.getByLabel('Username').fill(ravi.username)
  await personPage.getByLabel('Password').fill(password)
  await personPage.getByRole('button', { name: 'login', exact: true }).click()
  // A one-time password leads to choosing one's own, and then to the person's own start screen.
  await expect(personPage).toHaveURL(/\/profile/)
  const own = `Own-${ravi.password}`
  await personPage.getByLabel('Current password').fill(password)
  await personPage.getByLabel('New password', { exact: true }).fill(own)
  await personPage.getByLabel('New password again').fill(own)
  await personPage.getByRole('button', { name: 'Change password' }).click()
  await expect(personPage).toHaveURL(/\/my\/requests$/)
  await person.close()
})

test("an operator sends a message to a job's customer by picking the job", async ({ page }, testInfo) => {
  const operator = await apiAs('operator')
  const date = indianDate(4)
  const worker = await hireWorker(operator, testInfo, { service: 'Plumber', town: 'Nirmal', name: 'Picker' })
  const customerPhone = uniquePhone()
  const request = await askForService(operator, {
    name: `Customer ${uniqueTag(testInfo)}`,
    phone: customerPhone,
    service: 'Plumber',
    town: 'Nirmal',
    date,
  })
  await scheduleTask(operator, { worker, date, taskName: 'Picker job', requestId: request.id })
  await operator.dispose()

  await page.goto('/about')
  await loginByApi(page, 'operator')
  await page.goto('/tsms')
  const job = page.getByRole('combobox', { name: /Job/ })
  await job.fill(request.reference)
  const list = page.locator(`[id="${await job.getAttribute('aria-controls')}"]`)
  await list.getByRole('option', { name: new RegExp(`^${request.reference} · .*${worker.name}$`) }).click()
  const written = `+91 ${customerPhone.slice(0, 5)} ${customerPhone.slice(5)}`
  await page.getByRole('radio', { name: new RegExp(`^Customer: .*${customerPhone.slice(5)}$`) }).check()
  await expect(page.getByRole('textbox', { name: /Phone number/ })).toHaveValue(written)
  await choose(page, page.getByRole('combobox', { name: /Ready-made message/ }), 'Booking reminder')
  const message = page.getByRole('textbox', { name: /Message/ })
  await expect(message).toHaveValue(new RegExp(`${request.reference} .*10:00.*${worker.name}`))
  await expect(page.getByTestId('tsms-sms-why')).toBeVisible()
  await expectAccessible(page, '/tsms with a job picked')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByText(/^Message #\d+ (queued|sent)\.$/)).toBeVisible()
  const to = `+91${customerPhone}`
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/notifications', { params: { pageSize: 50 } })
      const { notifications } = (await res.json()) as { notifications: { to: string; event: string; body: string }[] }
      return notifications.some(
        (n) => n.to === to && n.event === 'operator_message' && n.body.includes(request.reference),
      )
    })
    .toBe(true)
})
