import path from 'node:path'
import { expect, expectAccessible, loginAs, loginByApi, test } from './support/fixtures'
import { REPO_ROOT } from './support/paths'
import { apiAs, ownAccount, uniquePhone, uniqueTag } from './support/world'

/*
 * Towns as data (issue 20, decision 048): the admin adds a town at /admin/catalog, a visitor picks it
 * in the request form at once, and the office finds the request in the inbox filtered by it.
 * The admin screen is saved for a reviewer (test-results/screens) at 1280 px in English and 390 px in Telugu.
 */

const SCREENS = path.join(REPO_ROOT, 'test-results/screens')

test('an admin adds a town; a visitor asks for a service there; the office sees the request', async ({
  page,
  browser,
}, testInfo) => {
  const town = `Town ${uniqueTag(testInfo)}`
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/about')
  await loginByApi(page, 'admin')
  await page.goto('/admin/catalog')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Towns and services')
  await expect(page.getByRole('rowheader', { name: 'Nizamabad' })).toBeVisible()
  await expectAccessible(page, '/admin/catalog')
  await page.screenshot({ path: path.join(SCREENS, 'admin-catalog-en-1280.png'), fullPage: true })

  await page.getByRole('button', { name: 'Add a town' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add a town' })
  await dialog.getByRole('textbox', { name: /^Name in English/ }).fill(town)
  await dialog.getByRole('textbox', { name: /^Name in Telugu/ }).fill(`పట్టణం ${town.slice(5)}`)
  // A new town offers every service unless unticked.
  await expect(dialog.getByRole('checkbox', { name: 'Painter' })).toBeChecked()
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('status').filter({ hasText: `${town} is saved.` })).toBeVisible()
  await expect(page.getByRole('rowheader', { name: town })).toBeVisible()

  // A visitor, in a browser of their own, finds the new town in the request form at once.
  const visitor = await (await browser.newContext()).newPage()
  await visitor.goto('/imdDisplay')
  await visitor.getByRole('button', { name: /^Wall Painter:/ }).click()
  const form = visitor.getByRole('dialog', { name: 'Enter Service Request Details' })
  await form.getByRole('button', { name: 'Next' }).click()
  await form.getByLabel(/House number and street/).fill('7-1 Station Road')
  await form.getByRole('combobox', { name: /^Town/ }).click()
  await visitor.getByRole('option', { name: town }).click()
  await form.getByRole('button', { name: 'Next' }).click()
  await form.locator('label', { hasText: /^Today$/ }).click()
  await form.locator('label', { hasText: 'Morning' }).click()
  await form.getByRole('button', { name: 'Next' }).click()
  await form.getByLabel('Your Name').fill('Visitor Vani')
  await form.getByLabel('Mobile Number').fill(uniquePhone())
  await form.getByRole('button', { name: 'SUBMIT' }).click()
  const confirmation = form.getByText(/Your reference number is (TW-\d{6})\./)
  await expect(confirmation).toBeVisible()
  const reference = /TW-\d{6}/.exec((await confirmation.textContent()) ?? '')![0]
  await visitor.context().close()

  // The office's inbox, filtered by the new town, shows it.
  await page.goto(`/requests?town=${encodeURIComponent(town)}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Requests inbox')
  await expect(page.getByText(reference)).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Town' })).toHaveValue(town)

  // The admin screen in Telugu on a phone, for the reviewer: an admin account of its own, so the
  // demo admin's language stays English for the journeys beside this one.
  const own = await ownAccount(await apiAs('admin'), testInfo, 'admin')
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage()
  await phone.goto('/about')
  await loginAs(phone, own, { keepLanguage: true })
  expect((await phone.request.put('/api/me/language', { data: { language: 'te' } })).status()).toBe(200)
  await phone.goto('/admin/catalog')
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('పట్టణాలు, సేవలు')
  await expect(phone.getByRole('rowheader', { name: town })).toBeVisible()
  await phone.screenshot({ path: path.join(SCREENS, 'admin-catalog-te-390.png'), fullPage: true })
  await phone.context().close()
})
