import { chromium } from '@playwright/test'
const BASE = 'http://127.0.0.1:4999'
import { readFileSync } from 'node:fs'
const LOGINS = {}
for (const line of readFileSync('/tmp/shots-server.log', 'utf8').split('\n')) {
  const m = /^\s+(admin|operator|customer|worker)\s+(\S+)\s+(\S+)$/.exec(line)
  if (m && !LOGINS[m[1]]) LOGINS[m[1]] = [m[2], m[3]]
}
const [, , role, lang, width, ...paths] = process.argv
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
const context = await browser.newContext({ viewport: { width: Number(width), height: 900 }, timezoneId: 'Asia/Kolkata' })
const page = await context.newPage()
await page.goto(BASE + '/about')
const [user, pwd] = LOGINS[role]
const res = await page.request.post(BASE + '/api/login', { data: { user, pwd } })
if (!res.ok()) throw new Error(await res.text())
await page.request.put(BASE + '/api/me/language', { data: { language: lang } })
await page.evaluate((l) => localStorage.setItem('lang', l), lang)
for (const p of paths) {
  const [path, action] = p.split('!')
  await page.goto(BASE + path)
  await page.waitForLoadState('networkidle')
  if (action?.startsWith('pick:')) {
    const box = page.getByRole('combobox', { name: action.slice(5), exact: true })
    await box.click()
    await page.getByRole('listbox').getByRole('option').first().click()
    await page.waitForLoadState('networkidle')
  }
  if (action === 'open') {
    await page.getByRole('combobox').first().click()
    await page.waitForTimeout(800)
  }
  await page.waitForTimeout(700)
  const name = `/tmp/shots/${role}-${lang}-${width}${path.replace(/[/?=&]/g, '_')}${action ? '-' + action.replace(/[^a-z]/gi, '') : ''}.png`
  await page.screenshot({ path: name, fullPage: true })
  const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  console.log(name, over > 0 ? `OVERFLOW ${over}px` : '')
}
await browser.close()
