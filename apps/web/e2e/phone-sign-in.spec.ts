import { mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { request as playwrightRequest, type Page } from '@playwright/test'
import { E2E_PORT } from '../playwright.config'
import { expect, expectAccessible, test } from './support/fixtures'
import { codeCount, codeSentTo } from './support/phone'
import { apiAs, askForService, indianDate, ownAccount, uniquePhone } from './support/world'
import { REPO_ROOT } from './support/paths'

/*
 * Sign in with a mobile number (issue 19), as a phone in Telangana does it: at 390 px, in Telugu
 * and in English. The server's log provider writes every message to a file (NOTIFICATION_LOG_FILE,
 * only on this test server): that file is the journey's phone.
 */

type Texts = Record<string, Record<string, string>>
const textsOf = (language: 'en' | 'te'): Texts =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, `../src/locales/${language}/auth.json`), 'utf8')) as Texts

const SCREENS = path.join(REPO_ROOT, 'test-results/screens')

async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENS, { recursive: true })
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`), fullPage: true })
}

test.use({ viewport: { width: 390, height: 844 } })

for (const language of ['te', 'en'] as const) {
  test(`a visitor's request is found again after signing in with the number (${language}, 390 px, keyboard only)`, async ({
    page,
  }) => {
    const t = textsOf(language)
    const phone = uniquePhone()
    const anonymous = await playwrightRequest.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}` })
    const asked = await askForService(anonymous, {
      name: 'Lakshmi Devi',
      phone,
      service: 'Painter',
      town: 'Nizamabad',
      date: indianDate(3),
    })
    await anonymous.dispose()

    await page.addInitScript((lang) => localStorage.setItem('lang', lang), language)
    await page.goto('/login')
    await expect(page.getByRole('heading', { name: t.phone!.title })).toBeVisible()
    await expectAccessible(page, `/login (${language})`)
    if (language === 'te') await screenshot(page, 'phone-sign-in-login-te-390')
    // Keyboard only: the number field, the channel, the button.
    const number = page.getByLabel(t.phone!.number!, { exact: true })
    await number.focus()
    await page.keyboard.type(phone)
    await page.keyboard.press('Tab')
    await expect(page.getByRole('radio', { name: t.phone!.whatsapp })).toBeFocused()
    await page.keyboard.press('ArrowRight')
    await expect(page.getByRole('radio', { name: t.phone!.sms })).toBeChecked()
    const before = codeCount(phone)
    await page.keyboard.press('Enter')

    const codeField = page.getByLabel(t.phone!.code!, { exact: true })
    await expect(codeField).toBeFocused()
    await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code')
    await expect(page.getByText(`+91 ${phone.slice(0, 5)} ${phone.slice(5)}`)).toBeVisible()
    await expectAccessible(page, `the code screen (${language})`)
    if (language === 'te') await screenshot(page, 'phone-sign-in-code-te-390')
    const code = await codeSentTo(phone, before)

    // A wrong code says so, and how many tries are left.
    await page.keyboard.type(String((Number(code) + 1) % 1_000_000).padStart(6, '0'))
    await page.keyboard.press('Enter')
    await expect(
      page.getByRole('alert').filter({ hasText: t.phone!.wrongCode_other!.split('{{')[0]!.trim() }),
    ).toBeVisible()
    await codeField.fill('')
    await codeField.focus()
    await page.keyboard.type(code)
    await page.keyboard.press('Enter')

    // A new number: only the name is asked.
    const name = page.getByLabel(t.phone!.name!, { exact: true })
    await expect(name).toBeFocused()
    await page.keyboard.type('Lakshmi Devi')
    await page.keyboard.press('Enter')

    await expect(page).toHaveURL(/\/my\/requests$/)
    await expect(page.getByText(asked.reference).first()).toBeVisible()
    await expectAccessible(page, `My requests after signing in (${language})`)

    await page.goto('/profile')
    const panel = page.getByRole('region', { name: t.profilePhone!.title })
    await expect(panel).toContainText(`+91 ${phone.slice(0, 5)} ${phone.slice(5)}`)
    await expect(panel).toContainText(t.profilePhone!.verified!)
    await expectAccessible(page, `/profile (${language})`)
    if (language === 'te') {
      await panel.scrollIntoViewIfNeeded()
      await screenshot(page, 'phone-sign-in-profile-te-390')
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })
}

test('a forgotten password is set again with a code to the account’s number; the old one stops working', async ({
  page,
}, testInfo) => {
  const t = textsOf('en')
  const login = await ownAccount(await apiAs('admin'), testInfo, 'customer')
  const phone = uniquePhone()
  // The person adds their number on their profile (through the API here): a code to it.
  const api = await playwrightRequest.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}` })
  expect((await api.post('/api/login', { data: { user: login.username, pwd: login.password } })).status()).toBe(200)
  const started = await api.post('/api/me/phone/start', { data: { phone, channel: 'sms' } })
  expect(started.status(), await started.text()).toBe(200)
  const { challenge_id } = (await started.json()) as { challenge_id: string }
  const added = await api.post('/api/me/phone/verify', { data: { challenge_id, code: await codeSentTo(phone) } })
  expect(added.status(), await added.text()).toBe(200)

  await page.goto('/login')
  await page.getByRole('button', { name: t.reset!.forgot }).click()
  await expect(page.getByRole('heading', { name: t.reset!.title })).toBeVisible()
  await expectAccessible(page, 'forgot password')
  const before = codeCount(phone)
  await page.getByLabel(t.reset!.number!, { exact: true }).fill(phone)
  await page.getByRole('button', { name: t.phone!.getCode }).click()
  const code = await codeSentTo(phone, before)
  await page.getByLabel(t.phone!.code!, { exact: true }).fill(code)
  await page.getByLabel(t.reset!.newPassword!, { exact: true }).fill('a-new-monsoon-password')
  await expectAccessible(page, 'forgot password: code and new password')
  await page.getByRole('button', { name: t.reset!.submit }).click()
  await expect(page).toHaveURL(/\/my\/requests$/)

  // Every other session ended; the new password works, the old one does not.
  expect((await api.get('/api/me')).status()).toBe(401)
  const check = await playwrightRequest.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}` })
  expect((await check.post('/api/login', { data: { user: login.username, pwd: login.password } })).status()).toBe(401)
  expect(
    (await check.post('/api/login', { data: { user: login.username, pwd: 'a-new-monsoon-password' } })).status(),
  ).toBe(200)
  await check.dispose()
  await api.dispose()
})
