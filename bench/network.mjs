// Light on the network (issue 23, decision 065): every route a customer or worker uses, on Debian's
// Chromium driven by playwright-core with DevTools' network throttling (CDP Network.emulateNetworkConditions),
// a 390 px phone screen, no CPU slow-down (the machine's own speed; it is shared: compare within one run).
//
// Per route, three visits:
// - first visit, empty cache, on Lighthouse's mobile "slow 4G" profile (1.6 Mbit/s down, 750 kbit/s up,
//   150 ms round trips): budget 5 s;
// - first visit, empty cache, at 400 kbit/s down and up with 400 ms round trips: budget 10 s;
// - repeat visit: the slow-4G visit's browser again once its service worker is active (it then controls
//   the page: the app's files come from its caches, the page and the API's answers from the server),
//   same slow-4G line, for the page and for its service worker (whose fetch of the page DevTools' page
//   throttling does not reach): budget 1 s; the median of BENCH_NETWORK_REPEATS (3) visits.
//
// "Usable" (from the navigation's start): the app has replaced index.html's shell and painted the
// screen's own heading (its <h1> in <main>), and, on a screen that reads data, the first data request
// (the first /api/ call other than the session's /api/me and /api/refresh) has been answered.
//
// `BENCH_ONLY=network npm run bench` (a PostgreSQL database of its own, townworks_bench_network, with the
// demo data; the production build must exist: `npm run build`), or `node bench/network.mjs`. Prints a table,
// writes bench/tmp/network.json, exits 1 over a budget.
/* global document, MutationObserver, window -- watchInPage and firstDataAnswer run in the browser */
import { chromium } from 'playwright-core'
import { runRowAsScript, withBenchApi } from './api-process.mjs'

/** Lighthouse's mobile throttling (its "slow 4G": 1638.4 kbit/s down, 675 kbit/s up, 150 ms RTT); up at 750 kbit/s as issue 23 says. */
export const SLOW_4G = { offline: false, latency: 150, downloadThroughput: 204_800, uploadThroughput: 93_750 }
/** 400 kbit/s down and up, 400 ms round trips (bench/first-paint.mjs's line). */
export const LINE_400K = { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 }
export const NETWORK_BUDGET = { slow4gMs: 5000, line400Ms: 10_000, repeatMs: 1000 }
/** Repeat visits per route, the median reported (BENCH_NETWORK_REPEATS). */
const REPEAT_RUNS = Number(process.env.BENCH_NETWORK_REPEATS ?? 3)

/** The routes customers and workers use, who opens each (a visitor when none), and whether it reads data. */
export const NETWORK_ROUTES = [
  { path: '/', who: null, data: false },
  { path: '/imdDisplay', who: null, data: false },
  { path: '/swl', who: null, data: true },
  { path: '/login', who: null, data: false },
  { path: '/my/requests', who: 'customer', data: true },
  { path: '/profile', who: 'customer', data: false },
  { path: '/my/jobs', who: 'worker', data: true },
]

const DB = 'townworks_bench_network'
const log = (...args) => console.log(`[network ${new Date().toISOString().slice(11, 19)}]`, ...args)

/** Runs in the page from its first byte: when the app's own heading is on screen. */
function watchInPage() {
  window.__usable = {}
  const check = () => {
    if (window.__usable.h1) return
    if (!document.querySelector('[data-boot-shell]') && document.querySelector('main h1')) {
      window.__usable.h1 = performance.now()
    }
  }
  new MutationObserver(check).observe(document, { childList: true, subtree: true })
}

/** When the screen's first data request was answered (ms from the navigation's start), if it made one. */
function firstDataAnswer() {
  const data = performance
    .getEntriesByType('resource')
    .filter((entry) => {
      const path = new URL(entry.name).pathname
      return path.startsWith('/api/') && path !== '/api/me' && path !== '/api/refresh'
    })
    .sort((a, b) => a.startTime - b.startTime)
  return data[0] ? { ms: data[0].responseEnd, path: new URL(data[0].name).pathname } : undefined
}

async function throttle(context, page, network) {
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', network)
  let bytes = 0
  cdp.on('Network.loadingFinished', (event) => (bytes += event.encodedDataLength))
  return { bytes: () => bytes, reset: () => (bytes = 0) }
}

/**
 * The same line for the page's service worker: DevTools' throttling of a page does not reach the fetches
 * its worker makes (the repeat visit's page itself, asked of the server first), so the worker's own target
 * gets it too, through the browser's DevTools session. Resolves to how many workers were throttled.
 */
async function throttleServiceWorkers(browser, network) {
  const cdp = await browser.newBrowserCDPSession()
  const { targetInfos } = await cdp.send('Target.getTargets')
  const workers = targetInfos.filter((target) => target.type === 'service_worker')
  let id = 0
  const answered = new Map()
  cdp.on('Target.receivedMessageFromTarget', ({ message }) => {
    const reply = JSON.parse(message)
    answered.get(reply.id)?.(reply)
  })
  for (const worker of workers) {
    const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: worker.targetId, flatten: false })
    for (const [method, params] of [
      ['Network.enable', {}],
      ['Network.emulateNetworkConditions', network],
    ]) {
      const mine = ++id
      const reply = new Promise((resolve) => answered.set(mine, resolve))
      await cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: mine, method, params }) })
      const { error } = await reply
      if (error) throw new Error(`service worker ${method}: ${error.message}`)
    }
  }
  return workers.length
}

/** One navigation to `path`, timed until usable. */
async function visit(page, base, route, counter) {
  counter.reset()
  await page.goto(`${base}${route.path}`, { waitUntil: 'commit', timeout: 120_000 })
  await page.waitForFunction(() => window.__usable?.h1, undefined, { timeout: 120_000, polling: 50 })
  let data
  if (route.data) {
    await page.waitForFunction(firstDataAnswer, undefined, { timeout: 120_000, polling: 50 })
    data = await page.evaluate(firstDataAnswer)
  }
  const figures = await page.evaluate(() => ({
    h1: window.__usable.h1,
    documentMs: performance.getEntriesByType('navigation')[0]?.responseEnd,
    controlled: Boolean(navigator.serviceWorker?.controller),
  }))
  return {
    usableMs: Math.round(Math.max(figures.h1, data?.ms ?? 0)),
    headingMs: Math.round(figures.h1),
    dataMs: data ? Math.round(data.ms) : null,
    dataPath: data?.path ?? null,
    documentMs: Math.round(figures.documentMs ?? 0),
    controlled: figures.controlled,
    kB: Math.round(counter.bytes() / 100) / 10,
  }
}

async function newPhone(browser, base, login) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-IN',
    serviceWorkers: 'allow',
  })
  await context.addInitScript(watchInPage)
  if (login) {
    const res = await context.request.post(`${base}/api/login`, { data: { user: login.user, pwd: login.pwd } })
    if (!res.ok()) throw new Error(`login as ${login.user}: ${res.status()} ${await res.text()}`)
  }
  return context
}

/** Every route: first visit on slow 4G, then the repeat visit; a first visit at 400 kbit/s in a browser of its own. */
export async function measureNetwork(base, logins, { log: say = log } = {}) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  })
  try {
    const rows = []
    for (const route of NETWORK_ROUTES) {
      const login = route.who ? logins[route.who] : null
      const phone = await newPhone(browser, base, login)
      let slow4g
      let repeat
      try {
        const page = await phone.newPage()
        const counter = await throttle(phone, page, SLOW_4G)
        slow4g = await visit(page, base, route, counter)
        // The service worker installs after the first screen has loaded, its precache over the same line.
        const installStart = Date.now()
        await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
        const installMs = Date.now() - installStart
        const throttledWorkers = await throttleServiceWorkers(browser, SLOW_4G)
        // Repeat visits are short and this machine is shared: the median of REPEAT_RUNS.
        const repeats = []
        for (let i = 0; i < REPEAT_RUNS; i++) repeats.push(await visit(page, base, route, counter))
        repeats.sort((a, b) => a.usableMs - b.usableMs)
        repeat = {
          ...repeats[Math.floor((repeats.length - 1) / 2)],
          runsMs: repeats.map((r) => r.usableMs),
          installWaitMs: installMs,
          throttledWorkers,
        }
      } finally {
        await phone.close()
      }
      const slowPhone = await newPhone(browser, base, login)
      let line400
      try {
        const page = await slowPhone.newPage()
        line400 = await visit(page, base, route, await throttle(slowPhone, page, LINE_400K))
      } finally {
        await slowPhone.close()
      }
      const row = {
        path: route.path,
        who: route.who ?? 'visitor',
        slow4g,
        line400,
        repeat,
        pass:
          slow4g.usableMs <= NETWORK_BUDGET.slow4gMs &&
          line400.usableMs <= NETWORK_BUDGET.line400Ms &&
          repeat.usableMs <= NETWORK_BUDGET.repeatMs &&
          repeat.controlled &&
          repeat.throttledWorkers === 1,
      }
      say(
        `${route.path} (${row.who}): slow 4G ${slow4g.usableMs} ms, 400 kbit/s ${line400.usableMs} ms, repeat ${repeat.usableMs} ms${repeat.controlled ? '' : ' (NOT controlled by the service worker)'}`,
      )
      rows.push(row)
    }
    return { chromium: browser.version(), rows }
  } finally {
    await browser.close()
  }
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`

/** The table the row prints (and decision 065 quotes). */
export function networkTable(result) {
  const lines = [
    `| route | who | first visit, slow 4G (≤ ${seconds(NETWORK_BUDGET.slow4gMs)}) | first visit, 400 kbit/s 400 ms (≤ ${seconds(NETWORK_BUDGET.line400Ms)}) | repeat visit, service worker (≤ ${seconds(NETWORK_BUDGET.repeatMs)}) | kB first / repeat | |`,
    '|---|---|---|---|---|---|---|',
  ]
  for (const row of result.rows) {
    lines.push(
      `| ${row.path} | ${row.who} | ${seconds(row.slow4g.usableMs)} | ${seconds(row.line400.usableMs)} | ${seconds(row.repeat.usableMs)} | ${row.slow4g.kB} / ${row.repeat.kB} | ${row.pass ? 'pass' : 'MISS'} |`,
    )
  }
  return lines.join('\n')
}

/** The row: the production build served by the API on a database of its own with the demo data. */
export async function networkRow() {
  const lines = []
  return withBenchApi(
    DB,
    { DEMO_DATA: '1', DEMO_PASSWORDS_ONE_TIME: '0', SERVICE_REQUEST_RATE_LIMIT: '10000000' },
    async ({ api }) => {
      // The demo logins the server printed at start (as BENCH_ONLY=web reads them).
      for (let waited = 0; !lines.some((l) => l.includes('Demo logins')) && waited < 120_000; waited += 250)
        await new Promise((r) => setTimeout(r, 250))
      await new Promise((r) => setTimeout(r, 250))
      const logins = {}
      for (const line of lines) {
        const m = /^\s+(customer|worker)\s+(\S+)\s+(\S+)\s*$/.exec(line)
        if (m && !logins[m[1]]) logins[m[1]] = { user: m[2], pwd: m[3] }
      }
      if (!logins.customer || !logins.worker) throw new Error('the server printed no demo customer and worker')
      const result = await measureNetwork(api.base, logins)
      log(`\n${networkTable(result)}\n`)
      return {
        date: new Date().toISOString(),
        networks: { slow4g: SLOW_4G, line400: LINE_400K },
        budget: NETWORK_BUDGET,
        usable:
          "the app's own <h1> painted (index.html's shell replaced) and, on a screen that reads data, its first /api/ answer (not /api/me) in; from the navigation's start",
        ...result,
        budgetMet: result.rows.every((row) => row.pass),
      }
    },
    { lines },
  )
}

if (import.meta.url === `file://${process.argv[1]}`) await runRowAsScript('network', networkRow, log)
