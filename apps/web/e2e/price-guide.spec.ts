import path from 'node:path'
import type { Locator } from '@playwright/test'
import { expect, expectAccessible, loginAs, loginByApi, test } from './support/fixtures'
import { REPO_ROOT } from './support/paths'
import { apiAs, ownAccount } from './support/world'

/*
 * The price guide (issue 22, decision 063): the admin opens /admin/catalog, picks a service and a
 * town, writes the minimum charge and two typical items, saves, and reads the range customers see.
 * Saved for a reviewer (test-results/screens) at 1280 px in English and 390 px in Telugu.
 */

const SCREENS = path.join(REPO_ROOT, 'test-results/screens')

test('an admin writes the price guide for a service in a town and sees the range customers get', async ({
  page,
  browser,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/about')
  await loginByApi(page, 'admin')
  await page.goto('/admin/catalog')
  const section = page.getByRole('region', { name: 'Price guide' })
  await section.getByRole('combobox', { name: 'Service' }).selectOption({ label: 'Electrician' })
  await section.getByRole('combobox', { name: 'Town' }).selectOption({ label: 'Nirmal' })
  await section.getByRole('textbox', { name: 'Minimum charge (₹)' }).fill('250')
  const first = section.getByRole('group', { name: 'Item 1' })
  // A guide saved by an earlier run is replaced whole: start from one item.
  while ((await section.getByRole('group', { name: /^Item \d+$/ }).count()) > 1) {
    await section.getByRole('button', { name: 'Remove item 2' }).click()
  }
  await first.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'Labour' })
  await first.getByRole('combobox', { name: 'Unit' }).selectOption({ label: 'Job (fixed price)' })
  await first.getByRole('textbox', { name: 'Description' }).fill('Fit a ceiling fan')
  await first.getByRole('textbox', { name: 'Typical quantity' }).fill('1')
  await first.getByRole('textbox', { name: 'Low price per unit (₹)' }).fill('300')
  await first.getByRole('textbox', { name: 'High price per unit (₹)' }).fill('450.50')
  await section.getByRole('button', { name: 'Add an item' }).click()
  const second = section.getByRole('group', { name: 'Item 2' })
  await second.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'Material' })
  await second.getByRole('combobox', { name: 'Unit' }).selectOption({ label: 'Piece' })
  await second.getByRole('textbox', { name: 'Description' }).fill('Wire clips')
  await second.getByRole('textbox', { name: 'Typical quantity' }).fill('20')
  await second.getByRole('textbox', { name: 'Low price per unit (₹)' }).fill('2')
  await second.getByRole('textbox', { name: 'High price per unit (₹)' }).fill('3.25')
  await section.getByRole('button', { name: 'Save the guide' }).click()
  // low 300 + 20 × 2 = ₹340; high 450.50 + 20 × 3.25 = ₹515.50, shown rounded up: ₹516.
  await expect(section.getByRole('status')).toHaveText('Saved. Customers see: about ₹340–₹516')
  await expectAccessible(page, '/admin/catalog (price guide)')
  await section.screenshot({ path: path.join(SCREENS, 'price-guide-en-1280.png') })

  // The public ranges carry it at once.
  const ranges = (await (await page.request.get('/api/price-ranges')).json()) as {
    ranges: { service: string; town: string; low_rupees: number; high_rupees: number }[]
  }
  expect(ranges.ranges.find((r) => r.service === 'Electrician' && r.town === 'Nirmal')).toMatchObject({
    low_rupees: 340,
    high_rupees: 516,
  })

  // In Telugu on a phone, an admin account of its own (the demo admin stays English for other journeys).
  const own = await ownAccount(await apiAs('admin'), testInfo, 'admin')
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage()
  await phone.goto('/about')
  await loginAs(phone, own, { keepLanguage: true })
  expect((await phone.request.put('/api/me/language', { data: { language: 'te' } })).status()).toBe(200)
  await phone.goto('/admin/catalog')
  const te = phone.getByRole('region', { name: 'ధరల గైడ్' })
  await te.getByRole('combobox', { name: 'సేవ' }).selectOption({ value: await optionValue(section, 'Service') })
  await te.getByRole('combobox', { name: 'ఊరు' }).selectOption({ value: await optionValue(section, 'Town') })
  await expect(te.getByRole('status')).toHaveText('వినియోగదారులకు కనిపించేది: సుమారు ₹340–₹516')
  await expectAccessible(phone, '/admin/catalog (price guide, te)')
  await te.screenshot({ path: path.join(SCREENS, 'price-guide-te-390.png') })
  await phone.context().close()
})

/** The chosen option's value (an id) of a select in the English page. */
async function optionValue(section: Locator, name: string): Promise<string> {
  return section.getByRole('combobox', { name }).inputValue()
}
