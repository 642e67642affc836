// First paint on a slow connection (issue 18, decision 033): Debian's Chromium driven by
// playwright-core, DevTools' network throttling at 400 kbit/s down and up with 400 ms round trips,
// an empty cache per run, a 390 px phone screen, no CPU slow-down (the machine's own speed; it is
// shared, so compare only figures of one run). Per language (en, te, hi: the choice saved in the
// browser, and the browser's Accept-Language in that language) and per page (/ and /imdDisplay):
//
// - documentMs: the page itself received (the network's share of the first paint);
// - shellMs: first contentful paint, and whether what painted was index.html's shell (before any
//   bundle ran: `[data-boot-shell]` on view at that paint);
// - usableMs: the app has replaced the shell and shows the search box and the category tiles (the
//   catalogue usable: React renders them with their handlers attached);
// - kB: bytes transferred until then;
// - unthrottledShellMs: the shell's paint in one run without throttling, the machine's own share
//   (on a loaded shared machine it can be most of shellMs).
//
// Alone, against a running server:  node bench/first-paint.mjs http://127.0.0.1:3000   [BENCH_FIRST_PAINT_RUNS=1]
/* global document, MutationObserver, window -- watchInPage runs in the browser */
import { chromium } from 'playwright-core'

export const FIRST_PAINT_NETWORK = {
  offline: false,
  latency: 400,
  downloadThroughput: 50_000,
  uploadThroughput: 50_000,
}
export const FIRST_PAINT_LANGUAGES = ['en', 'te', 'hi']
export const FIRST_PAINT_PAGES = ['/', '/imdDisplay']
/** Budgets (issue 18): the shell in under 2 s, the catalogue usable in under 8 s in Telugu. */
export const FIRST_PAINT_BUDGET = { shellMs: 2000, usableMs: 8000, usableLanguage: 'te' }

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor((sorted.length - 1) / 2)]
}

/** Watches, from the first byte of the page, for its first paint and for the catalogue becoming usable. */
function watchInPage(language) {
  localStorage.setItem('lang', language)
  window.__firstPaint = {}
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name !== 'first-contentful-paint') continue
      window.__firstPaint.fcp = entry.startTime
      window.__firstPaint.shellAtFcp = Boolean(document.querySelector('[data-boot-shell]'))
    }
  }).observe({ type: 'paint', buffered: true })
  const check = () => {
    if (window.__firstPaint.usable) return
    const ready =
      !document.querySelector('[data-boot-shell]') &&
      document.querySelector('[role="search"] input[type="search"]') &&
      document.querySelector('.catalog-tile')
    if (ready) window.__firstPaint.usable = performance.now()
  }
  new MutationObserver(check).observe(document, { childList: true, subtree: true })
}

async function runOnce(browser, base, path, language, throttled = true) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: language === 'en' ? 'en-IN' : `${language}-IN`,
  })
  try {
    await context.addInitScript(watchInPage, language)
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    if (throttled) await cdp.send('Network.emulateNetworkConditions', FIRST_PAINT_NETWORK)
    let bytes = 0
    cdp.on('Network.loadingFinished', (event) => (bytes += event.encodedDataLength))
    await page.goto(`${base}${path}`, { waitUntil: 'commit', timeout: 120_000 })
    await page.waitForFunction(() => window.__firstPaint?.usable && window.__firstPaint.fcp, undefined, {
      timeout: 120_000,
      polling: 100,
    })
    const figures = await page.evaluate(() => ({
      ...window.__firstPaint,
      documentMs: performance.getEntriesByType('navigation')[0]?.responseEnd,
    }))
    return {
      documentMs: Math.round(figures.documentMs),
      shellMs: Math.round(figures.fcp),
      shellPainted: figures.shellAtFcp,
      usableMs: Math.round(figures.usable),
      kB: Math.round(bytes / 100) / 10,
    }
  } finally {
    await context.close()
  }
}

/** Every page in every language, `runs` cold runs each; the median of each figure. */
export async function runFirstPaint(
  base,
  { runs = Number(process.env.BENCH_FIRST_PAINT_RUNS ?? 3), log = console.log } = {},
) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  })
  try {
    const rows = []
    for (const path of FIRST_PAINT_PAGES) {
      for (const language of FIRST_PAINT_LANGUAGES) {
        const each = []
        for (let i = 0; i < runs; i++) each.push(await runOnce(browser, base, path, language))
        // The same page once without throttling: what the machine's CPU alone takes to paint the shell.
        const unthrottled = await runOnce(browser, base, path, language, false)
        const row = {
          path,
          language,
          documentMs: median(each.map((r) => r.documentMs)),
          shellMs: median(each.map((r) => r.shellMs)),
          usableMs: median(each.map((r) => r.usableMs)),
          shellPainted: each.every((r) => r.shellPainted),
          unthrottledShellMs: unthrottled.shellMs,
          kB: median(each.map((r) => r.kB)),
          runs: each,
        }
        log(
          `first paint ${path} ${language}: page in ${row.documentMs} ms, shell ${row.shellMs} ms${row.shellPainted ? '' : ' (not the shell)'} (unthrottled ${row.unthrottledShellMs} ms), usable ${row.usableMs} ms, ${row.kB} kB`,
        )
        rows.push(row)
      }
    }
    return { network: FIRST_PAINT_NETWORK, runs, chromium: browser.version(), rows }
  } finally {
    await browser.close()
  }
}

/** The budgets of issue 18 for report.mjs: the shell everywhere, usable in Telugu. */
export function firstPaintBudgets(result) {
  const b = FIRST_PAINT_BUDGET
  if (!result || result.error) {
    const why = result?.error ?? 'not run'
    return [
      {
        budget: `the shell painted within ${b.shellMs / 1000} s (400 kbit/s, 400 ms RTT, cold)`,
        measured: `not measured: ${why}`,
        pass: null,
      },
      {
        budget: `the catalogue usable within ${b.usableMs / 1000} s in Telugu`,
        measured: `not measured: ${why}`,
        pass: null,
      },
    ]
  }
  const worstShell = result.rows.reduce((worst, row) => (row.shellMs > worst.shellMs ? row : worst))
  const telugu = result.rows.filter((row) => row.language === b.usableLanguage)
  const worstTelugu = telugu.reduce((worst, row) => (row.usableMs > worst.usableMs ? row : worst))
  return [
    {
      budget: `the shell painted within ${b.shellMs / 1000} s (400 kbit/s, 400 ms RTT, cold; every language)`,
      measured: `slowest ${(worstShell.shellMs / 1000).toFixed(2)} s (${worstShell.path} ${worstShell.language})`,
      pass: result.rows.every((row) => row.shellPainted && row.shellMs <= b.shellMs),
    },
    {
      budget: `the catalogue usable within ${b.usableMs / 1000} s in Telugu (same network)`,
      measured: `slowest ${(worstTelugu.usableMs / 1000).toFixed(2)} s (${worstTelugu.path})`,
      pass: telugu.every((row) => row.usableMs <= b.usableMs),
    },
  ]
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.argv[2] ?? 'http://127.0.0.1:3000'
  const result = await runFirstPaint(base)
  console.log(JSON.stringify({ ...result, rows: result.rows.map((row) => ({ ...row, runs: undefined })) }, null, 2))
  for (const b of firstPaintBudgets(result)) console.log(`${b.pass ? 'pass' : 'MISS'}: ${b.budget}: ${b.measured}`)
}
