import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Language } from '@townworks/contract/constants'
import type { Locator, Page } from '@playwright/test'
import { expect, expectAccessible, loginAs, test } from './support/fixtures'
import { apiAs, ownAccount } from './support/world'

/*
 * Telugu and Hindi text is drawn with the app's Noto face at every weight we use, on a phone: the
 * h1 (700), the header's Logout button (600) and a form label (Mantine's 500). Bold Telugu once
 * showed boxes: Chromium on Linux took a bold system font as covering the script, and text laid out
 * before the face's rules arrived kept its fonts (lib/language.ts, SCRIPT_FONT_ATTRIBUTE). The font
 * really used for each element comes from the browser (DevTools protocol), not only the CSS.
 */

const SCRIPTS = {
  te: { face: 'Noto Sans Telugu', postScript: 'NotoSansTelugu', sample: 'తె' },
  hi: { face: 'Noto Sans Devanagari', postScript: 'NotoSansDevanagari', sample: 'हि' },
} as const satisfies Partial<Record<Language, unknown>>

const logoutIn = (language: Language): string =>
  (
    JSON.parse(readFileSync(path.join(import.meta.dirname, `../src/locales/${language}/common.json`), 'utf8')) as {
      session: { logout: string }
    }
  ).session.logout

/** The fonts the browser drew an element's text with (PostScript names, e.g. NotoSansTelugu-Bold). */
async function fontsDrawing(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page)
  try {
    await cdp.send('DOM.enable')
    await cdp.send('CSS.enable')
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 })
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector })
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId })
    return fonts.map((f) => f.postScriptName)
  } finally {
    await cdp.detach()
  }
}

/** The element's font, weight and whether the script's face at that weight is loaded. */
async function expectScriptFace(page: Page, element: Locator, language: 'te' | 'hi', what: string) {
  const script = SCRIPTS[language]
  await expect(element, what).toBeVisible()
  // A mark the DevTools protocol can find the element by.
  await element.evaluate((el) => {
    document.querySelectorAll('[data-font-probe]').forEach((other) => other.removeAttribute('data-font-probe'))
    el.setAttribute('data-font-probe', '')
  })
  const selector = '[data-font-probe]'
  await page.evaluate(() => document.fonts.ready)
  const { family, weight } = await element.evaluate((el) => {
    const style = getComputedStyle(el)
    return { family: style.fontFamily, weight: Number(style.fontWeight) }
  })
  expect(family, `${what}: font-family`).toContain(script.face)
  await expect
    .poll(
      () =>
        page.evaluate(({ weight, face, sample }) => document.fonts.check(`${weight} 16px "${face}"`, sample), {
          weight,
          face: script.face,
          sample: script.sample,
        }),
      { message: `${what}: ${weight} ${script.face} loaded` },
    )
    .toBe(true)
  // Faces are 400 and 700: 500 is drawn with the regular face, 600 and up with the bold one.
  const drawnWith = `${script.postScript}-${weight >= 600 ? 'Bold' : 'Regular'}`
  await expect
    .poll(() => fontsDrawing(page, selector), { message: `${what} (weight ${weight}) is drawn with ${drawnWith}` })
    .toContain(drawnWith)
}

async function expectEveryWeight(page: Page, language: 'te' | 'hi', when: string) {
  await expectScriptFace(page, page.getByRole('heading', { level: 1 }), language, `h1 ${when}`)
  const logout = page.getByRole('banner').getByRole('button', { name: logoutIn(language) })
  await expectScriptFace(page, logout, language, `Logout button ${when}`)
  await expectScriptFace(page, page.locator('main label').first(), language, `form label ${when}`)
}

for (const language of ['te', 'hi'] as const) {
  test(`bold and regular ${language} text is drawn with the app's ${SCRIPTS[language].face}, switched and reloaded`, async ({
    page,
  }, testInfo) => {
    const admin = await apiAs('admin')
    const operator = await ownAccount(admin, testInfo, 'operator')
    await admin.dispose()
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/about')
    await loginAs(page, operator)
    await page.goto('/outbox')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Outbox')
    await expect(page.locator('main label').first()).toBeVisible()

    // Switched on a page already drawn in English: the new face reaches text laid out before it.
    await page.getByRole('combobox', { name: 'Language' }).selectOption(language)
    await expect(page.locator('html')).toHaveAttribute('lang', language)
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Outbox')
    await expectEveryWeight(page, language, 'after the switch')

    // A first load in the language (the account keeps the choice).
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('lang', language)
    await expectEveryWeight(page, language, 'after a reload')
    await expectAccessible(page, `/outbox in ${language} at 390 px`)
  })
}
