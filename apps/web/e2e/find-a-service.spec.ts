import { mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Language } from '@townworks/contract/constants'
import type { Page } from '@playwright/test'
import { demoLogin, expect, expectAccessible, loginAs, test } from './support/fixtures'
import { REPO_ROOT } from './support/paths'
import { apiAs, hireWorker, indianDate, scheduleTask, uniquePhone, uniqueTag, workerLogin } from './support/world'

/**
 * A customer on a 390 px phone finds the service from the home page's first screen in their own
 * script, opens a card and sees the request form with that trade chosen; on Skilled Workers they book
 * a worker of this journey's own. In Telugu the screens are saved for a reviewer (test-results/screens).
 */

const SCREENS = path.join(REPO_ROOT, 'test-results/screens')
/** A text of our translation files: `say('te', 'home', 'search.label')`. */
function say(language: Language, namespace: string, key: string): string {
  const file = JSON.parse(
    readFileSync(path.join(REPO_ROOT, `apps/web/src/locales/${language}/${namespace}.json`), 'utf8'),
  ) as unknown
  const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], file)
  if (typeof text !== 'string') throw new Error(`No text ${language}/${namespace}:${key}`)
  return text
}

/** The smallest real PNG: one pixel. */
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='

const QUERIES: Record<Language, string> = { te: 'ప్లంబర్', hi: 'प्लंबर', en: 'plumber' }

async function shot(page: Page, language: Language, name: string) {
  if (language !== 'te') return
  mkdirSync(SCREENS, { recursive: true })
  await page.screenshot({ path: path.join(SCREENS, `${name}-390-te.png`), fullPage: true })
}

/** The request form, open, with this trade chosen (its name as the form shows it in this language). */
async function expectFormWith(page: Page, language: Language, service: string) {
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  const label = say(language, 'requests', 'form.service')
  const trade = say(language, 'common', `services.${service}`)
  await expect(dialog.getByRole('combobox', { name: new RegExp(`^${label}`) })).toHaveValue(trade)
  return dialog
}

test.describe('finding a service from the first screen, on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  for (const language of ['te', 'hi', 'en'] as const) {
    test(`in ${language}: search "${QUERIES[language]}" on the home page, open a plumbing card, book a worker`, async ({
      page,
    }, testInfo) => {
      const operator = await apiAs('operator')
      const worker = await hireWorker(operator, testInfo, { service: 'Plumber', town: 'Nirmal', name: 'Pipe' })
      await operator.dispose()
      await page.addInitScript((lang) => localStorage.setItem('lang', lang), language)

      // The home page's first screen: the search box and the categories.
      await page.goto('/')
      const box = page.getByRole('searchbox', { name: say(language, 'home', 'search.label') })
      await expect(box).toBeInViewport()
      const tiles = page.getByRole('navigation', { name: say(language, 'home', 'categories.title') }).getByRole('link')
      await expect(tiles).toHaveCount(10)
      await expect(page.getByRole('heading', { name: say(language, 'homeMore', 'howItWorks.title') })).toBeVisible()
      await expectAccessible(page, `/ in ${language} at 390 px`)
      await shot(page, language, 'home')

      await box.fill(QUERIES[language])
      await box.press('Enter')
      await expect(page).toHaveURL(new RegExp(`/imdDisplay\\?q=${encodeURIComponent(QUERIES[language])}$`))
      const cards = page.getByRole('main').getByRole('list').first().getByRole('button')
      await expect(cards).toHaveCount(2)
      await expect(cards.first()).toContainText(say(language, 'catalog', 'cards.plumbing-services.title'))
      await expect(cards.nth(1)).toContainText(say(language, 'catalog', 'cards.plumbing.title'))
      await expectAccessible(page, `/imdDisplay?q= in ${language} at 390 px`)
      await shot(page, language, 'imdDisplay-search')

      await cards.first().tap()
      await expectFormWith(page, language, 'Plumber')
      await page.keyboard.press('Escape')

      // Back to every card; the categories lead to theirs.
      await page.goto('/imdDisplay')
      await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(24)
      await shot(page, language, 'imdDisplay')
      await page.getByRole('link', { name: say(language, 'common', 'categories.electrical') }).tap()
      await expect(page).toHaveURL(/\/imdDisplay\?category=electrical$/)
      await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(3)
      await page.goBack()
      await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(24)

      // Skilled Workers: this journey's own worker, booked from their card.
      await page.goto('/swl?service=Plumber&town=Nirmal')
      const card = page.getByRole('article', { name: worker.name })
      await expect(card).toBeVisible()
      await expect(card).toContainText(say(language, 'common', 'towns.Nirmal'))
      await expect(card).toContainText(say(language, 'common', 'services.Plumber'))
      await expect(card).toContainText('₹450')
      await expectAccessible(page, `/swl in ${language} at 390 px`)
      await shot(page, language, 'swl')
      const book = say(language, 'workers', 'skilledWorkers.cards.bookLabel').replace('{{name}}', worker.name)
      await card.getByRole('button', { name: book }).tap()
      await expectFormWith(page, language, 'Plumber')
    })
  }

  test('in te: asks for a plumber step by step with a photo; the office and the worker see where and what', async ({
    page,
  }, testInfo) => {
    const language = 'te'
    const operator = await apiAs('operator')
    const admin = await apiAs('admin')
    const worker = await hireWorker(operator, testInfo, { service: 'Plumber', town: 'Nirmal', name: 'Nalla' })
    const workerAccount = await workerLogin(admin, testInfo, worker)
    await admin.dispose()
    await page.addInitScript((lang) => localStorage.setItem('lang', lang), language)
    const tag = uniqueTag(testInfo)
    const address = `12-3 గాంధీ రోడ్ ${tag}`
    const description = `వంటగది నల్లా కారుతోంది ${tag}`
    const tr = (key: string) => say(language, 'requests', key)
    const tb = (key: string) => say(language, 'catalog', `booking.${key}`)

    await page.goto('/')
    const box = page.getByRole('searchbox', { name: say(language, 'home', 'search.label') })
    await box.fill(QUERIES[language])
    await box.press('Enter')
    await page.getByRole('main').getByRole('list').first().getByRole('button').first().tap()
    const dialog = await expectFormWith(page, language, 'Plumber')
    const step = dialog.getByTestId('request-step')

    // What is wrong: a chip, a few words and a photo.
    await expect(step).toHaveText(tb('steps.what'))
    await dialog.locator('label', { hasText: say(language, 'requestDetails', 'chips.leak') }).tap()
    await dialog.getByLabel(tb('description')).fill(description)
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'tap.png',
      mimeType: 'image/png',
      buffer: Buffer.from(PNG_1PX, 'base64'),
    })
    await expect(dialog.getByRole('img', { name: tb('photoAlt') })).toBeVisible()
    await expectAccessible(page, 'request form, step what, te at 390 px')
    await shot(page, language, 'request-1-what')
    await dialog.getByRole('button', { name: tb('next') }).tap()

    // Where.
    await expect(step).toHaveText(tb('steps.where'))
    await dialog.getByLabel(tb('address')).fill(address)
    await dialog.getByLabel(tb('landmark')).fill('హనుమాన్ గుడి దగ్గర')
    await dialog.getByRole('combobox', { name: new RegExp(`^${tr('form.town')}`) }).tap()
    await page.getByRole('option', { name: say(language, 'common', 'towns.Nirmal') }).tap()
    await shot(page, language, 'request-2-where')
    await dialog.getByRole('button', { name: tb('next') }).tap()

    // When: tomorrow morning.
    await expect(step).toHaveText(tb('steps.when'))
    await dialog.locator('label', { hasText: tb('tomorrow') }).tap()
    await dialog.locator('label', { hasText: say(language, 'requestDetails', 'window.morning') }).tap()
    await expect(dialog.getByTestId('request-date')).toBeVisible()
    await shot(page, language, 'request-3-when')
    await dialog.getByRole('button', { name: tb('next') }).tap()

    // Who.
    await expect(step).toHaveText(tb('steps.who'))
    await dialog.getByLabel(tr('form.name')).fill('లక్ష్మి')
    await dialog.getByLabel(tr('form.phone')).fill(uniquePhone())
    await expectAccessible(page, 'request form, step who, te at 390 px')
    await shot(page, language, 'request-4-who')
    await dialog.getByRole('button', { name: tr('form.submit') }).tap()

    const confirmation = dialog.getByTestId('request-confirmation')
    await expect(confirmation).toBeVisible()
    const reference = /TW-\d{6}/.exec((await confirmation.textContent()) ?? '')![0]
    await expect(confirmation.getByRole('link', { name: tb('done.trackLinkVisitor') })).toBeVisible()
    await shot(page, language, 'request-5-confirmation')

    // The office sees the address and the description in the inbox.
    await loginAs(page, demoLogin('operator'))
    await page.goto('/requests')
    const details = page.getByTestId('inbox-details').filter({ hasText: address })
    await expect(details).toBeVisible()
    await expect(details).toContainText(description)
    await shot(page, language, 'requests-inbox')

    // Scheduled with this journey's worker: the worker sees the address and a Maps link on My jobs.
    await scheduleTask(operator, {
      worker,
      date: indianDate(1),
      taskName: `Tap ${tag}`,
      requestId: Number(reference.slice(3)),
    })
    await operator.dispose()
    await loginAs(page, workerAccount)
    await page.goto('/my/jobs')
    const job = page.getByRole('article').filter({ hasText: address })
    await expect(job).toBeVisible()
    await expect(job.locator('a[href^="https://www.google.com/maps/search/?api=1&query="]')).toBeVisible()
    await expect(job).toContainText(description)
    await shot(page, language, 'my-jobs')
  })
})
