// Lighthouse on the production build, as a phone sees it: mobile form factor and screen, Lighthouse's
// default simulated throttling (slow 4G, 4× slower CPU), performance category only. Each page is run
// in a fresh headless Chromium (Debian's, CHROMIUM_PATH or /usr/bin/chromium), cold cache; the run
// with the median performance score is reported. /my/jobs is audited signed in as a worker, a
// customer's screens as a customer (the login sets the session cookies in that browser; Lighthouse
// keeps cookies), and every run checks
// that the browser really ended on the page, showing its h1, or the figure fails.
//
// Alone, against a running server (`npm start`-style, demo data; the demo worker logins are printed
// at its start):
//
//   node bench/lighthouse.mjs http://127.0.0.1:3000 ravi <password>     [BENCH_LIGHTHOUSE_RUNS=1]
/* global document, location -- the functions given to tab.evaluate() run in the browser */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import lighthouse from 'lighthouse'
import puppeteer from 'puppeteer-core'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const WEB = join(ROOT, 'apps/web')
const titles = JSON.parse(readFileSync(join(WEB, 'src/locales/en/routes.json'), 'utf8'))

/** The seed's limit for loading one lazily loaded part of the app (apps/web/src/lib/lazy-with-timeout.ts). */
export const LAZY_LOAD_LIMIT_MS = Number(
  /LAZY_LOAD_TIMEOUT_MS = ([\d_]+)/
    .exec(readFileSync(join(WEB, 'src/lib/lazy-with-timeout.ts'), 'utf8'))?.[1]
    ?.replaceAll('_', '') ?? 120_000,
)

/**
 * The audited pages: every screen a customer, worker or visitor opens (issue 24), each with the ≥ 95
 * budget (`budget`). `as` signs the browser in first: a worker for /my/jobs, a customer for their
 * screens. /pay/sandbox is opened without an order (the page a customer reaches from a stale link).
 */
export const LIGHTHOUSE_PAGES = [
  { path: '/', h1: titles.home.title, budget: true },
  { path: '/imdDisplay', h1: titles.imdDisplay.title, budget: true },
  { path: '/login', h1: titles.login.title, budget: true },
  { path: '/register', h1: titles.register.title, budget: true },
  { path: '/swl', h1: titles.swl.title, budget: true },
  { path: '/about', h1: titles.about.title, budget: true },
  { path: '/blog', h1: titles.blog.title, budget: true },
  // A worker's own screen: only complete once their jobs are drawn (a linked worker, no error).
  { path: '/my/jobs', h1: titles.myJobs.title, budget: true, as: 'worker', ready: '.jobs .jobs__section' },
  { path: '/my/requests', h1: titles.myRequests.title, budget: true, as: 'customer' },
  { path: '/profile', h1: titles.profile.title, budget: true, as: 'customer' },
  { path: '/pay/sandbox', h1: titles.paySandbox.title, budget: true, as: 'customer' },
]
export const LIGHTHOUSE_BUDGET = 95

const AUDITS = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  speedIndexMs: 'speed-index',
  ttiMs: 'interactive',
  totalBytes: 'total-byte-weight',
}

/** Lighthouse could not measure (its `runtimeError`): worth another try, unlike a wrong page. */
class LighthouseRuntimeError extends Error {}

const browserPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** One Lighthouse run of one page in a browser of its own. */
async function runOnce(base, page, logins) {
  const browser = await puppeteer.launch({
    executablePath: browserPath(),
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  })
  try {
    const tab = await browser.newPage()
    // Every page is opened from the same state: the origin visited once (as a login needs).
    await tab.goto(`${base}/readyz`)
    if (page.as) {
      const login = logins?.[page.as]
      if (!login) throw new Error(`${page.path} needs a ${page.as} login`)
      const status = await tab.evaluate(
        (user, pwd) =>
          fetch('/api/login', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            credentials: 'include',
            body: JSON.stringify({ user, pwd }),
          }).then((r) => {
            // As the login screen does: the app remembers who logged in from this browser.
            if (r.ok) localStorage.setItem('user', user)
            return r.status
          }),
        login.user,
        login.pwd,
      )
      if (status !== 200) throw new Error(`${page.as} login ${login.user}: HTTP ${status}`)
    }
    const result = await lighthouse(
      `${base}${page.path}`,
      { output: 'json', logLevel: 'error', onlyCategories: ['performance'], formFactor: 'mobile' },
      undefined,
      tab,
    )
    const lhr = result?.lhr
    if (!lhr) throw new Error('Lighthouse returned no result')
    if (lhr.runtimeError) throw new LighthouseRuntimeError(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`)
    // Is this the page we meant? (A lost session would end on /login, a missing worker on a note.)
    const shown = await tab.evaluate(
      (selector) => ({
        path: location.pathname,
        h1: document.querySelector('h1')?.textContent?.trim() ?? null,
        ready: selector ? document.querySelector(selector) !== null : true,
      }),
      page.ready ?? null,
    )
    const finalPath = new URL(lhr.finalDisplayedUrl).pathname
    if (finalPath !== page.path || shown.path !== page.path || shown.h1 !== page.h1 || !shown.ready) {
      throw new Error(
        `${page.path} was not what Lighthouse measured: ended on ${finalPath} (now ${shown.path}), h1 ${JSON.stringify(shown.h1)}` +
          (page.ready ? `, ${page.ready} ${shown.ready ? 'present' : 'missing'}` : ''),
      )
    }
    return { lhr, shown }
  } finally {
    await browser.close()
  }
}

/** The figures of one run, from its Lighthouse result. */
function figures(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue
  const out = { score: Math.round((lhr.categories.performance.score ?? 0) * 100) }
  for (const [key, id] of Object.entries(AUDITS)) out[key] = audit(id) ?? null
  const requests = lhr.audits['network-requests']?.details?.items ?? []
  const scripts = requests.filter((r) => r.resourceType === 'Script')
  out.requests = requests.length
  out.jsBytes = scripts.reduce((n, r) => n + (r.transferSize ?? 0), 0)
  out.jsFiles = scripts.length
  // Observed (unthrottled) end of the last request: nothing was still loading after it.
  out.lastRequestEndMs = requests.reduce((n, r) => Math.max(n, r.networkEndTime ?? r.endTime ?? 0), 0)
  out.lcpElement = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.nodeLabel
  out.benchmarkIndex = lhr.environment?.benchmarkIndex ?? null
  return out
}

/**
 * Lighthouse on every page of LIGHTHOUSE_PAGES against a running production server.
 * @param {string} base e.g. http://127.0.0.1:3000
 * @param {{ worker?: { user: string, pwd: string }, customer?: { user: string, pwd: string }, runs?: number, log?: (...a: unknown[]) => void, saveDir?: string }} options
 *   worker: a login whose user is linked to a worker (for /my/jobs); customer: a customer's login (their
 *   screens); saveDir: keep each page's median Lighthouse JSON there.
 */
export async function runLighthouse(base, options = {}) {
  const runs = options.runs ?? Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3)
  const log = options.log ?? console.log
  if (!existsSync(browserPath())) throw new Error(`no Chromium at ${browserPath()} (scripts/ensure-chromium.sh)`)
  // Also the first start of the browser, before any measured run.
  const chromium = await chromiumVersion()
  const pages = []
  let settings = null
  let version = null
  // BENCH_LIGHTHOUSE_ONLY=/swl,/my/jobs: only these pages (while working on them; the report wants all).
  const only = process.env.BENCH_LIGHTHOUSE_ONLY?.split(',').map((p) => p.trim())
  for (const page of LIGHTHOUSE_PAGES.filter((p) => !only || only.includes(p.path))) {
    const entry = { path: page.path, budget: page.budget }
    try {
      const all = []
      for (let i = 0; i < runs; i++) {
        // Lighthouse asks to be run again when its trace went wrong (NO_NAVSTART, NO_FCP…): twice at most.
        let lhr
        for (let attempt = 1; !lhr; attempt++) {
          try {
            lhr = (await runOnce(base, page, { worker: options.worker, customer: options.customer })).lhr
          } catch (error) {
            if (!(error instanceof LighthouseRuntimeError) || attempt === 3) throw error
            log(`lighthouse ${page.path} run ${i + 1}: ${error.message}; again`)
          }
        }
        all.push({ lhr, fig: figures(lhr) })
        log(`lighthouse ${page.path} run ${i + 1}/${runs}: score ${all.at(-1).fig.score}`)
      }
      // The median run by performance score (the lower middle for an even count).
      const sorted = [...all].sort((a, b) => a.fig.score - b.fig.score)
      const median = sorted[Math.floor((sorted.length - 1) / 2)]
      Object.assign(entry, median.fig, { runScores: all.map((r) => r.fig.score) })
      entry.slowestTtiMs = Math.max(...all.map((r) => r.fig.ttiMs ?? 0))
      entry.slowestLastRequestEndMs = Math.max(...all.map((r) => r.fig.lastRequestEndMs))
      settings ??= median.lhr.configSettings
      version ??= median.lhr.lighthouseVersion
      if (options.saveDir) {
        mkdirSync(options.saveDir, { recursive: true })
        const name = page.path === '/' ? 'home' : page.path.slice(1).replaceAll('/', '-')
        writeFileSync(join(options.saveDir, `${name}.json`), JSON.stringify(median.lhr))
      }
    } catch (error) {
      entry.error = error instanceof Error ? error.message : String(error)
      log(`lighthouse ${page.path} FAILED: ${entry.error}`)
    }
    pages.push(entry)
  }
  const measured = pages.filter((p) => !p.error)
  const slowest = (key) => measured.reduce((a, p) => (a && a[key] >= p[key] ? a : p), null)
  const tti = slowest('slowestTtiMs')
  const loaded = slowest('slowestLastRequestEndMs')
  return {
    lighthouseVersion: version,
    chromium,
    runs,
    settings: settings && {
      formFactor: settings.formFactor,
      screen: settings.screenEmulation,
      throttlingMethod: settings.throttlingMethod,
      throttling: settings.throttling,
    },
    pages,
    lazyLoad: {
      limitMs: LAZY_LOAD_LIMIT_MS,
      slowestTti: tti && { path: tti.path, ms: tti.slowestTtiMs },
      slowestLastRequestEnd: loaded && { path: loaded.path, ms: loaded.slowestLastRequestEndMs },
    },
  }
}

async function chromiumVersion() {
  const browser = await puppeteer.launch({ executablePath: browserPath(), headless: true, args: ['--no-sandbox'] })
  try {
    return await browser.version()
  } finally {
    await browser.close()
  }
}

// CLI: node bench/lighthouse.mjs <base URL> <worker user> <worker password> [<customer user> <customer password>]
if (import.meta.url === `file://${process.argv[1]}`) {
  const [base, user, pwd, customerUser, customerPwd] = process.argv.slice(2)
  if (!base) {
    console.error(
      'usage: node bench/lighthouse.mjs <base URL> [<worker user> <worker password> [<customer user> <customer password>]]',
    )
    process.exit(2)
  }
  const saveDir = join(ROOT, 'bench/tmp/lighthouse')
  const result = await runLighthouse(base.replace(/\/$/, ''), {
    worker: user && pwd ? { user, pwd } : undefined,
    customer: customerUser && customerPwd ? { user: customerUser, pwd: customerPwd } : undefined,
    saveDir,
  })
  writeFileSync(join(saveDir, 'result.json'), JSON.stringify(result, null, 2))
  console.log(JSON.stringify({ ...result, settings: undefined }, null, 2))
  console.log(`Each page's median Lighthouse JSON, and this result (result.json): ${saveDir}`)
  console.table(
    result.pages.map((p) => ({
      path: p.path,
      score: p.score,
      runs: p.runScores?.join(' '),
      'LCP ms': p.lcpMs && Math.round(p.lcpMs),
      'TBT ms': p.tbtMs && Math.round(p.tbtMs),
      CLS: p.cls?.toFixed(3),
      'TTI ms': p.ttiMs && Math.round(p.ttiMs),
      'JS KB': p.jsBytes && (p.jsBytes / 1000).toFixed(1),
      error: p.error,
    })),
  )
  process.exit(result.pages.some((p) => p.error) ? 1 : 0)
}
