import { mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Language } from '@townworks/contract/constants'
import type { Locator, Page } from '@playwright/test'
import { expect, expectAccessible, test } from './support/fixtures'
import { REPO_ROOT } from './support/paths'
import { codeCount, codeSentTo } from './support/phone'
import { uniquePhone, uniqueTag } from './support/world'

/*
 * Issue 19's in-form code step, as a visitor on a 390 px phone reading Telugu does it with the
 * keyboard alone (each field reached by focus, everything typed and pressed): fill the request
 * form, confirm the number with the code the server "sends" (its log file is the journey's phone),
 * send the request as the new customer, and find it in My requests. Books no worker; its number
 * and address are this run's own, and the day is "tomorrow" as the form counts it.
 */

const SCREENS = path.join(REPO_ROOT, 'test-results/screens')
const language: Language = 'te'

function say(namespace: string, key: string): string {
  const file = JSON.parse(
    readFileSync(path.join(REPO_ROOT, `apps/web/src/locales/${language}/${namespace}.json`), 'utf8'),
  ) as unknown
  const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], file)
  if (typeof text !== 'string') throw new Error(`No text ${language}/${namespace}:${key}`)
  return text
}

async function shot(page: Page, name: string) {
  mkdirSync(SCREENS, { recursive: true })
  await page.screenshot({ path: path.join(SCREENS, `${name}-390-te.png`), fullPage: true })
}

/** Focus a control and press a key on it: how the keyboard reaches and works each one. */
async function press(control: Locator, key: string) {
  await control.focus()
  await expect(control).toBeFocused()
  await control.page().keyboard.press(key)
}

async function type(control: Locator, text: string) {
  await control.focus()
  await control.page().keyboard.type(text)
}

test.use({ viewport: { width: 390, height: 844 } })

test('a visitor confirms the number with a code inside the request form and finds the request in My requests (te, 390 px, keyboard only)', async ({
  page,
}, testInfo) => {
  const tag = uniqueTag(testInfo)
  const phone = uniquePhone()
  const address = `7-1 స్టేషన్ రోడ్ ${tag}`
  const description = `బాత్రూమ్ పైపు లీక్ ${tag}`
  const tr = (key: string) => say('requests', key)
  const tb = (key: string) => say('catalog', `booking.${key}`)
  const ta = (key: string) => say('auth', `phone.${key}`)

  await page.addInitScript((lang) => localStorage.setItem('lang', lang), language)
  await page.goto('/imdDisplay?category=plumbing')
  await press(page.getByRole('main').getByRole('list').getByRole('button').first(), 'Enter')
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  const step = dialog.getByTestId('request-step')
  const next = dialog.getByRole('button', { name: tb('next') })

  // What is wrong.
  await expect(step).toHaveText(tb('steps.what'))
  await press(dialog.getByRole('checkbox', { name: say('requestDetails', 'chips.leak') }), 'Space')
  await expect(dialog.getByRole('checkbox', { name: say('requestDetails', 'chips.leak') })).toBeChecked()
  await type(dialog.getByLabel(tb('description')), description)
  await press(next, 'Enter')

  // Where: the town chosen from its list with the arrow keys.
  await expect(step).toHaveText(tb('steps.where'))
  await type(dialog.getByLabel(tb('address')), address)
  const town = dialog.getByRole('combobox', { name: new RegExp(`^${tr('form.town')}`) })
  const nirmal = say('common', 'towns.Nirmal')
  await press(town, 'ArrowDown')
  for (let i = 0; i < 5 && !(await page.getByRole('option', { name: nirmal, selected: true }).count()); i++) {
    await page.keyboard.press('ArrowDown')
  }
  await page.keyboard.press('Enter')
  await expect(town).toHaveValue(nirmal)
  await press(next, 'Enter')

  // When: tomorrow, in the morning.
  await expect(step).toHaveText(tb('steps.when'))
  await press(dialog.getByRole('radio', { name: tb('tomorrow') }), 'Space')
  await press(dialog.getByRole('radio', { name: say('requestDetails', 'window.morning') }), 'Space')
  await press(next, 'Enter')

  // Who, then the code to this number.
  await expect(step).toHaveText(tb('steps.who'))
  await type(dialog.getByLabel(tr('form.name')), 'లక్ష్మి దేవి')
  await type(dialog.getByLabel(tr('form.phone')), phone)
  await press(dialog.getByRole('button', { name: tb('confirmStart') }), 'Enter')
  const number = dialog.getByLabel(ta('number'), { exact: true })
  await expect(number).toHaveValue(phone)
  const sms = dialog.getByRole('radio', { name: ta('sms') })
  if (await sms.count()) await press(sms, 'Space')
  await expectAccessible(page, 'request form, the number to confirm, te at 390 px')
  await shot(page, 'request-code-1-number')
  const before = codeCount(phone)
  await press(number, 'Enter')

  // Asking for the code sent no request: the form waits on its last step, the code field focused.
  const codeField = dialog.getByLabel(ta('code'), { exact: true })
  await expect(codeField).toBeFocused()
  await expect(step).toHaveText(tb('steps.who'))
  await expect(dialog.getByTestId('request-confirmation')).toHaveCount(0)
  await expectAccessible(page, 'request form, the code, te at 390 px')
  await shot(page, 'request-code-2-code')
  await page.keyboard.type(await codeSentTo(phone, before))
  await page.keyboard.press('Enter')

  // Signed in as a new customer with the name typed above: the form says so, and sends.
  await expect(dialog.getByText(tb('signedInNote'))).toBeVisible()
  await expect(dialog.getByLabel(tr('form.phone'))).toHaveValue(phone)
  await shot(page, 'request-code-3-signed-in')
  await press(dialog.getByRole('button', { name: tr('form.submit') }), 'Enter')
  const confirmation = dialog.getByTestId('request-confirmation')
  await expect(confirmation).toBeVisible()
  const reference = /TW-\d{6}/.exec((await confirmation.textContent()) ?? '')![0]
  await expectAccessible(page, 'request confirmation after the code, te at 390 px')
  await press(confirmation.getByRole('link', { name: tr('form.done.trackLink') }), 'Enter')

  // My requests: the request, with what was asked for.
  await expect(page).toHaveURL(/\/my\/requests$/)
  const card = page.getByRole('article').filter({ hasText: reference })
  await expect(card).toBeVisible()
  await expect(card.getByTestId('request-details')).toContainText(address)
  await expect(card.getByTestId('request-details')).toContainText(description)
  await expect(card.getByTestId('request-details')).toContainText(say('requestDetails', 'window.morning'))
  await expectAccessible(page, 'My requests after the in-form sign-in, te at 390 px')
  await shot(page, 'request-code-4-my-requests')
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
})
