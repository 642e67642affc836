// Draws the app's icons (decision 065) once, from the logo's mark (index.html's header SVG: a house in
// the brand's navy on its yellow tile), to PNG with headless Chromium: run it again only when the mark
// changes, and commit what it writes to public/icons/.
// Usage: node scripts/make-icons.mjs   (Debian's Chromium: CHROME_PATH, default /usr/bin/chromium)
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { chromium } from 'playwright-core'

const out = path.resolve(import.meta.dirname, '../public/icons')
const BRAND = '#12355b'
const ACCENT = '#fcd34d'

/** The house, drawn in a 40 × 40 box (as the header's mark). */
const HOUSE = `
  <path d="M8 20 20 9l12 11" fill="none" stroke="${BRAND}" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/>
  <path d="M12 19v12h16V19" fill="none" stroke="${BRAND}" stroke-width="3" stroke-linejoin="round"/>
  <path d="M12 25h16M20 25v6M16 19v6M24 19v6" stroke="${BRAND}" stroke-width="2"/>`

/** The tile as the header shows it: rounded corners, the house filling it. */
const regular = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="8" fill="${ACCENT}"/>${HOUSE}</svg>`
/**
 * Maskable: the launcher cuts its own shape (circle, squircle) out of the square, keeping at least the
 * centre circle of 80 %: a full square of yellow, the house within the middle 60 %.
 */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="${ACCENT}"/><g transform="translate(8 8) scale(0.6)">${HOUSE}</g></svg>`

const icons = [
  { file: 'icon-192.png', size: 192, svg: regular },
  { file: 'icon-512.png', size: 512, svg: regular },
  { file: 'icon-maskable-512.png', size: 512, svg: maskable },
  { file: 'apple-touch-icon-180.png', size: 180, svg: maskable },
]

mkdirSync(out, { recursive: true })
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
})
try {
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 })
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
    )
    await page.screenshot({
      path: path.join(out, file),
      omitBackground: true,
      clip: { x: 0, y: 0, width: size, height: size },
    })
    await page.close()
    console.log(`public/icons/${file} (${size} × ${size})`)
  }
} finally {
  await browser.close()
}
