import { mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Language } from '@townworks/contract/constants'
import type { Page } from '@playwright/test'
import { expect, expectAccessible, test } from './support/fixtures'
import { REPO_ROOT } from './support/paths'
import { apiAs, hireWorker } from './support/world'

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
})
