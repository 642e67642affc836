// Turns the figures of one `npm run bench` into bench/report.json and bench/report.md, with every
// figure as a ratio to the ceilings of the same run and every budget as pass or miss.
import { readFileSync, existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { FIRST_PAINT_BUDGET, firstPaintBudgets } from './first-paint.mjs'

const kB = (bytes) => (bytes / 1000).toFixed(1)
const pct = (x) => `${Math.round(x * 100)}%`
const mark = (pass) => (pass === null ? '**not measured**' : pass ? 'pass' : '**miss**')
const sec = (ms) => (ms / 1000).toFixed(1)

export function evaluate(report, budget) {
  const lookup = report.ceilings.lookup.rps
  const fixed = report.ceilings.fixed.rps
  const withRatios = (figs) =>
    Object.fromEntries(
      Object.entries(figs).map(([name, f]) => [
        name,
        // Paired with its own ceiling runs when measured so (see measure() in run.mjs).
        { ...f, vsLookup: f.vsLookup ?? f.rps / lookup, vsFixed: f.rps / fixed },
      ]),
    )
  report.postgres.reads = withRatios(report.postgres.reads)
  report.postgres.writes = withRatios(report.postgres.writes)
  if (report.postgres.uncached) report.postgres.uncached = withRatios(report.postgres.uncached)
  if (report.postgres.churn) report.postgres.churn = withRatios(report.postgres.churn)
  if (report.pglite) report.pglite.reads = withRatios(report.pglite.reads)

  const budgets = []
  const home = report.web.routes.find((r) => r.path === '/')
  budgets.push({
    budget: `home route ≤ ${budget.homeJsKB} KB gzip JavaScript before first paint`,
    measured: `${kB(home.jsGzip)} KB`,
    pass: home.jsGzip <= budget.homeJsKB * 1000,
  })
  // Per route (issue 24, decision 046): every screen a customer, worker or visitor opens within
  // customerRouteJsKB, the office's within officeRouteJsKB. An older report has no officeOnly: one limit.
  const perRoute = report.web.routes.some((r) => r.officeOnly !== undefined)
  for (const r of report.web.routes.filter((x) => x.path !== '/')) {
    const limit = !perRoute ? budget.routeJsKB : r.officeOnly ? budget.officeRouteJsKB : budget.customerRouteJsKB
    budgets.push({
      budget: `${r.path} ≤ ${limit} KB gzip JavaScript before first paint${r.officeOnly ? ' (office)' : ''}`,
      measured: `${kB(r.jsGzip)} KB`,
      pass: r.jsGzip <= limit * 1000,
    })
  }
  // Lighthouse mobile performance (bench/lighthouse.mjs); absent when BENCH_LIGHTHOUSE=0 or from an older report.
  const lh = report.lighthouse
  const audited = lh?.pages?.filter((p) => p.budget).map((p) => p.path) ?? []
  for (const path of audited.length ? audited : ['/', '/imdDisplay', '/my/jobs']) {
    const page = lh?.pages?.find((p) => p.path === path)
    const why = !lh ? 'not run' : (lh.error ?? page?.error ?? (page ? null : 'page not audited'))
    budgets.push({
      budget: `Lighthouse mobile performance ≥ ${budget.lighthouseScore ?? 95} on ${path}`,
      // Lighthouse's CPU index says how much of the machine the run had (≈ 3 300 on a quiet run here).
      measured: why
        ? `not measured: ${why}`
        : `${page.score} (runs ${page.runScores.join(', ')}; CPU index ${Math.round(page.benchmarkIndex ?? 0)})`,
      pass: why ? null : page.score >= (budget.lighthouseScore ?? 95),
    })
  }
  // Issue 18: the first paint on a slow line (bench/first-paint.mjs); absent when BENCH_FIRST_PAINT=0.
  budgets.push(...firstPaintBudgets(report.firstPaint))
  const drawn = new Set(['/ff', '/un', '/wfs'])
  const flowElsewhere = report.web.routes.filter((r) => r.reactFlow && !drawn.has(r.path))
  budgets.push({
    budget: 'React Flow only where it is drawn (/ff, /un, the /wfs diagram)',
    measured: flowElsewhere.length ? flowElsewhere.map((r) => r.path).join(', ') : 'only ' + report.web.routes.filter((r) => r.reactFlow).map((r) => r.path).join(', '),
    pass: flowElsewhere.length === 0,
  })
  for (const [name, f] of Object.entries(report.postgres.reads)) {
    budgets.push({
      budget: `${name} ≥ ${pct(budget.readRatio)} of the single-lookup ceiling, p99 ≤ ${budget.p99Ms} ms (as deployed: read cache on)`,
      measured: `${pct(f.vsLookup)}, p99 ${f.p99} ms`,
      pass: f.vsLookup >= budget.readRatio && f.p99 <= budget.p99Ms && f.non2xx === 0,
    })
  }
  const sizes = Object.keys(report.growth).map(Number).sort((a, b) => a - b)
  const small = report.growth[sizes[0]]
  const large = report.growth[sizes.at(-1)]
  report.growthRatios = {}
  for (const name of Object.keys(small ?? {})) {
    if (!large?.[name]) continue
    // Each size's throughput relative to its paired ceiling, so a busier machine is not read as growth.
    const rel = (f) => f.vsLookup ?? f.rps
    const ratio = rel(large[name]) / rel(small[name])
    report.growthRatios[name] = ratio
    const forRoute = (list) => (list ?? []).filter((e) => e.name.startsWith(name.replace(/ \(first page\)|\/\{id\}/, '')))
    const plans = forRoute(report.explain)
    // A sequential scan of a big table counts when it reads more than a page and the count's bound
    // (5 000 rows): a scan a LIMIT stops early costs the same at any size.
    const bigScans = plans
      .flatMap((p) => p.seqScans)
      .map((s) => (typeof s === 'string' ? { table: s, rowsRead: Infinity } : s))
      .filter((s) => ['tasks', 'assignments', 'workflow_records', 'service_requests'].includes(s.table) && s.rowsRead > 5000)
      .map((s) => s.table)
    // The cost that decides: database pages the route's queries touch (EXPLAIN BUFFERS), which do not
    // drift with the machine's load as throughput does. One more B-tree level adds a page per lookup,
    // hence the allowance: at most 1.5 × the smallest size's pages, plus 50.
    const pages = (size) => {
      const list = forRoute(report.growthPlans?.[size])
      return list.length ? list.reduce((n, e) => n + (e.buffers ?? 0), 0) : null
    }
    const [first, last] = [pages(sizes[0]), pages(sizes.at(-1))]
    report.growthPages ??= {}
    report.growthPages[name] = sizes.map((size) => pages(size))
    const byPages = first !== null && last !== null
    budgets.push({
      budget: `${name}: cost does not grow with the table (${sizes[0]} → ${sizes.at(-1)} tasks: database pages touched ≤ 1.5 × + 50, no unbounded sequential scan of a big table)`,
      measured:
        (byPages ? `${first} → ${last} pages` : 'pages not measured') +
        `; throughput kept ${pct(ratio)} of its paired ceiling ratio (shared machine: indicative)` +
        (bigScans.length ? `; seq scan on ${[...new Set(bigScans)].join(', ')}` : ''),
      pass: (byPages ? last <= 1.5 * first + 50 : ratio >= budget.growthRatio) && bigScans.length === 0,
    })
  }
  for (const c of report.scaleOut.checks) {
    budgets.push({
      budget: `${c.processes} process(es): double-booking storm → exactly one booking`,
      measured: `${c.doubleBooking.created} created, ${c.doubleBooking.refused} refused, ${c.doubleBooking.other} other`,
      pass: c.doubleBooking.pass,
    })
    budgets.push({
      budget: `${c.processes} process(es): cart counter exact`,
      measured: `${c.cartCounter.customers} adds → ${c.cartCounter.before} → ${c.cartCounter.after}`,
      pass: c.cartCounter.pass,
    })
  }
  // Issue #15, item 15: clashing bookings under load queue and lose with 409, never a 5xx.
  const bs = budget.bookingStorm
  const storm = report.scaleOut.bookingStorm
  budgets.push({
    budget: `booking storm: ${bs.processes} processes, ${bs.requests} parallel overlapping bookings of one worker with CPU load beside, ${bs.rounds} rounds → exactly one 2xx a round, the rest 409, 0 5xx`,
    measured: !storm
      ? 'not measured'
      : storm.error
        ? `not measured: ${storm.error}`
        : `${storm.ok} × 2xx, ${storm.conflict} × 409, ${storm.serverErrors} × 5xx, ${storm.other} other; ${storm.roundsWithOneSuccess}/${storm.rounds} rounds with one booking (${storm.processes} processes, ${storm.requestsPerRound} a round, ${storm.seconds} s)`,
    pass:
      !storm || storm.error
        ? null
        : storm.pass &&
          storm.serverErrors === 0 &&
          storm.processes >= bs.processes &&
          storm.requestsPerRound >= bs.requests &&
          storm.rounds >= bs.rounds &&
          storm.roundsWithOneSuccess === storm.rounds,
  })
  // Issue 20: the dispatch board's data for a day with 300 workers and 2 000 tasks (bench/board.mjs).
  const board = report.board
  budgets.push({
    budget: `dispatch board: a day of 300 workers and 2 000 tasks read in ≤ ${budget.board.dayP95Ms} ms at p95, its week in ≤ ${budget.board.weekP95Ms} ms`,
    measured: !board
      ? 'not measured'
      : board.error
        ? `not measured: ${board.error}`
        : `day p95 ${board.day.p95Ms} ms (median ${board.day.medianMs}, ${board.day.blocks} blocks, ${Math.round(board.day.jsonBytes / 1024)} KB); 10 at once p95 ${board.dayTenAtOnce.p95Ms} ms; week p95 ${board.week.p95Ms} ms`,
    pass: !board || board.error ? null : board.day.p95Ms <= budget.board.dayP95Ms && board.week.p95Ms <= budget.board.weekP95Ms,
  })
  // Issue 22: a receipt or invoice as a PDF (bench/invoice-pdf.mjs, decision 062).
  const pdf = report.invoicePdf
  const pdfBudget = budget.invoicePdf ?? BUDGET.invoicePdf
  budgets.push({
    budget: `a receipt or invoice printed as a PDF in ≤ ${pdfBudget.p95Ms} ms at p95 (Telugu, Hindi, English; the browser already started)`,
    measured: !pdf
      ? 'not measured'
      : pdf.error
        ? `not measured: ${pdf.error}`
        : Object.entries(pdf.languages)
            .map(([language, l]) => `${language} median ${l.medianMs} ms, p95 ${l.p95Ms} ms, ${Math.round(l.bytes / 1024)} KB`)
            .join('; ') + `; the first of a process ${pdf.firstMs} ms (the browser starts); four at once ${pdf.fourAtOnceMs} ms`,
    pass: !pdf || pdf.error ? null : Math.max(...Object.values(pdf.languages).map((l) => l.p95Ms)) <= pdfBudget.p95Ms,
  })
  // Issue 20: the dashboard at 100 000 tasks and the CSV of 100 000 rows (bench/office-scale.mjs).
  const office = report.officeScale
  const officeBudget = budget.officeScale ?? BUDGET.officeScale
  const officeAt = office && !office.error ? office.dashboard[Math.max(...office.sizes)] : undefined
  budgets.push({
    budget: `dashboard at ${officeAt ? Math.max(...office.sizes) : '100000'} tasks: today's counts ≤ ${officeBudget.todayP95Ms} ms and each chart period ≤ ${officeBudget.chartsP95Ms} ms at p95 (read cache off)`,
    measured: !office
      ? 'not measured'
      : office.error
        ? `not measured: ${office.error}`
        : `today p95 ${officeAt.today.p95Ms} ms; charts p95: a month ${officeAt.chartsMonth.p95Ms} ms, a year ${officeAt.chartsYear.p95Ms} ms, a year for one town and service ${officeAt.chartsYearOneTownService.p95Ms} ms` +
          office.sizes
            .filter((n) => n !== Math.max(...office.sizes))
            .map((n) => ` (at ${n} tasks: today ${office.dashboard[n].today.p95Ms} ms, a year ${office.dashboard[n].chartsYear.p95Ms} ms)`)
            .join(''),
    pass: !officeAt
      ? null
      : officeAt.today.p95Ms <= officeBudget.todayP95Ms &&
        Math.max(officeAt.chartsMonth.p95Ms, officeAt.chartsYear.p95Ms, officeAt.chartsYearOneTownService.p95Ms) <=
          officeBudget.chartsP95Ms,
  })
  budgets.push({
    budget: `CSV export of ${officeAt ? Math.max(...office.sizes) : '100000'} Assignment Details rows streams: the API's peak memory rises ≤ ${officeBudget.csvPeakRiseMB} MB`,
    measured: !officeAt
      ? 'not measured'
      : `${office.csv.rows} rows, ${office.csv.megabytes} MB in ${office.csv.seconds} s (first byte ${office.csv.firstByteMs} ms); memory ${office.csv.rssBeforeMB} MB before, peak ${office.csv.peakAfterMB} MB after (rise ${office.csv.peakRiseMB} MB)`,
    pass: !officeAt
      ? null
      : office.csv.rows >= Math.max(...office.sizes) && office.csv.peakRiseMB <= officeBudget.csvPeakRiseMB,
  })
  for (const o of report.scaleOut.outbox) {
    budgets.push({
      budget: `${o.processes} process(es) with dispatchers: every outbox message sent exactly once`,
      measured: `${o.sent}/${o.messages} sent, ${o.sentOnce} on the first attempt, per process ${o.perProcess.join(' + ')} = ${o.logged}`,
      pass: o.pass,
    })
  }
  report.budgets = budgets
  return report
}

/** Issue #10's budgets, which every run is judged against (run.mjs; re-rendering below). */
export const BUDGET = {
  // Decision 034: 110.5 kB since the shell paints before any bundle (report-sizes.mjs's HOME_BUDGET_KB).
  homeJsKB: 110.5,
  // Reports from before decision 046 (no officeOnly per route): one limit for every route.
  routeJsKB: 200,
  // Issue 24 (decision 046): customer, worker and visitor screens; the office's screens.
  customerRouteJsKB: 130,
  officeRouteJsKB: 200,
  readRatio: 0.5,
  p99Ms: 50,
  growthRatio: 0.7,
  lighthouseScore: 95,
  // Issue #15: two processes, 100 parallel overlapping bookings a round, 10 rounds: one 2xx a round, 0 5xx.
  bookingStorm: { processes: 2, requests: 100, rounds: 10 },
  // Issue 20: the dispatch board's read (bench/board.mjs's BOARD_BUDGET).
  board: { dayP95Ms: 250, weekP95Ms: 600 },
  // Issue 20: the dashboard at 100 000 tasks, and a CSV of 100 000 rows (bench/office-scale.mjs).
  officeScale: { todayP95Ms: 250, chartsP95Ms: 1000, csvPeakRiseMB: 128 },
  // Issue 22: one receipt or invoice printed as a PDF by headless Chromium (bench/invoice-pdf.mjs), at p95.
  invoicePdf: { p95Ms: 1500 },
}

function table(headers, rows) {
  return [`| ${headers.join(' | ')} |`, `| ${headers.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n')
}

export function writeReport(report, budget, dir) {
  evaluate(report, budget)
  const notesFile = join(dir, 'notes.md')
  const notes = existsSync(notesFile) ? readFileSync(notesFile, 'utf8') : ''
  writeFileSync(join(dir, 'report.json'), JSON.stringify(report, null, 2) + '\n')

  const m = report.machine
  const fig = (f) => [f.rps, f.p50, f.p99]
  const figRows = (figs) =>
    Object.entries(figs).map(([name, f]) => [
      name,
      ...fig(f),
      pct(f.vsLookup),
      pct(f.vsFixed),
      f.non2xx ? `${f.non2xx} non-2xx` : '',
    ])
  const lines = []
  lines.push('# TownWorks benchmark report', '')
  lines.push(
    `Generated by \`npm run bench\` on ${report.date}: ${m.cpus} CPU(s) (${m.cpuModel}), ${m.memoryGB} GB, Node ${m.node}, PostgreSQL ${m.postgres}, ${m.platform}. ` +
      `Took ${report.seconds} s. autocannon, ${report.settings.connections} connections, ${report.settings.warmup} s warm-up, ` +
      `${report.settings.runs} runs of ${report.settings.duration} s, median reported; requests accept gzip and brotli, as browsers do. Every figure is a ratio to ceilings measured in this run; ` +
      'the absolute numbers only mean something on this machine (shared with other work while it ran).',
    '',
  )
  lines.push('## Budgets', '')
  lines.push(table(['budget', 'measured', 'result'], report.budgets.map((b) => [b.budget, b.measured, mark(b.pass)])), '')
  const missed = report.budgets.filter((b) => !b.pass).length
  lines.push(`${report.budgets.length - missed} of ${report.budgets.length} budgets met. Causes and changes: see Notes.`, '')

  lines.push('## API on PostgreSQL', '')
  lines.push(`Data set: ${Object.entries(report.dataSet).map(([k, v]) => `${v} ${k.replace('_', ' ')}`).join(', ')}.`, '')
  lines.push(
    table(
      ['route', 'req/s', 'p50 ms', 'p99 ms', 'vs lookup ceiling (paired runs)', 'vs fixed ceiling', ''],
      [
        ['ceiling: bare Fastify, fixed JSON', ...fig(report.ceilings.fixed), '', '100%', ''],
        ['ceiling: bare Fastify, one primary-key lookup (pg pool of 10)', ...fig(report.ceilings.lookup), '100%', '', ''],
        ...figRows(report.postgres.reads),
        ...figRows(
          Object.fromEntries(Object.entries(report.postgres.uncached ?? {}).map(([k, v]) => [`${k} — read cache off`, v])),
        ),
        ...figRows(report.postgres.churn ?? {}),
        ...figRows(report.postgres.writes),
      ],
    ),
    '',
  )
  const a = report.authCost
  lines.push(
    `Reads are measured as deployed (read cache on, decision 014) and again on a process with \`READ_CACHE=0\` ("read cache off"): ` +
      'what every read costs right after a change, when the cache has just been dropped.',
    '',
    `**Cost of authentication** (every authenticated request checks the token and the account's current row, decision 002; ` +
      `the row comes from the account cache that any change to users drops, decision 014): the public GET /api/skilledworker ` +
      `answers ${a.public.rps} req/s (p50 ${a.public.p50} ms); the same route with a bearer token ` +
      `${a.withToken.rps} req/s (p50 ${a.withToken.p50} ms): ${pct(1 - a.withToken.rps / a.public.rps)} fewer in raw req/s` +
      (a.public.vsLookup && a.withToken.vsLookup
        ? `; against their paired ceiling runs ${pct(a.public.vsLookup)} without and ${pct(a.withToken.vsLookup)} with the token.`
        : '.'),
    '',
  )
  if (report.pglite) {
    lines.push('## The same reads on PGlite (embedded, one process, same data set)', '')
    lines.push(table(['route', 'req/s', 'p50 ms', 'p99 ms', 'vs PG lookup ceiling (paired runs)', 'vs fixed ceiling', ''], figRows(report.pglite.reads)), '')
  }
  lines.push('## Scale out: API processes on one PostgreSQL behind a round-robin balancer', '')
  lines.push(
    table(
      ['processes', 'route', 'req/s', 'p50 ms', 'p99 ms', 'vs 1 process'],
      report.scaleOut.throughput.map((t) => [t.processes, t.route, t.rps, t.p50, t.p99, pct(t.rps / report.scaleOut.throughput[0].rps)]),
    ),
    '',
  )
  lines.push(
    table(
      ['processes', 'double-booking storm', 'cart counter', ''],
      report.scaleOut.checks.map((c) => [
        c.processes,
        `${c.doubleBooking.requests} parallel overlapping bookings of one worker → ${c.doubleBooking.created} created, ${c.doubleBooking.refused} × 409` +
          (c.doubleBooking.other ? `, other answers ${JSON.stringify(c.doubleBooking.statuses ?? {})}` : ''),
        `${c.cartCounter.customers} customers add one worker → count ${c.cartCounter.before} → ${c.cartCounter.after}`,
        mark(c.doubleBooking.pass && c.cartCounter.pass),
      ]),
    ),
    '',
  )
  const bst = report.scaleOut.bookingStorm
  if (bst && !bst.error) {
    lines.push(
      `**Booking storm** (bench/booking-storm.mjs): ${bst.processes} API processes, ${bst.requestsPerRound} parallel overlapping bookings of one worker a round sent to them in turn, ` +
        `${bst.cpuThreads} busy threads taking the cores beside them, ${bst.rounds} rounds in ${bst.seconds} s.` +
        (bst.measuredAlone ? ` Measured alone on ${bst.measuredAlone} (\`BENCH_ONLY=booking-storm\`); the other rows are from ${report.date.slice(0, 10)}.` : ''),
      '',
    )
    lines.push(
      table(
        ['round', '2xx', '409', '5xx', 'other', 'statuses', ''],
        bst.perRound.map((r, i) => [i + 1, r.ok, r.conflict, r.serverErrors, r.other, JSON.stringify(r.statuses), mark(r.pass && r.serverErrors === 0)]),
      ),
      '',
    )
  }
  lines.push(
    table(
      ['processes with dispatchers', 'messages', 'sent', 'first attempt', 'sent by each process', 'seconds', ''],
      report.scaleOut.outbox.map((o) => [o.processes, o.messages, o.sent, o.sentOnce, o.perProcess.join(' + '), o.seconds, mark(o.pass)]),
    ),
    '',
  )
  lines.push('## Growth: the same reads at several table sizes (read cache off: the queries themselves; median of paired runs)', '')
  const sizes = Object.keys(report.growth).map(Number).sort((x, y) => x - y)
  const names = Object.keys(report.growth[sizes[0]] ?? {})
  lines.push(
    table(
      [
        'route',
        ...sizes.map((s) => `${s} tasks: req/s (p50 ms)`),
        `${sizes.at(-1)} vs ${sizes[0]} (relative to ceiling)`,
        `database pages touched at ${sizes.join(' / ')} tasks`,
      ],
      names.map((n) => [
        n,
        ...sizes.map((s) => {
          const g = report.growth[s]?.[n]
          return g ? `${g.rps} (${g.p50})${g.vsLookup ? ` = ${pct(g.vsLookup)} of ceiling` : ''}` : ''
        }),
        report.growthRatios[n] ? pct(report.growthRatios[n]) : '',
        (report.growthPages?.[n] ?? []).map((p) => p ?? '–').join(' / '),
      ]),
    ),
    '',
  )
  const ins = report.install
  if (ins) {
    lines.push('## Install (root `npm ci`)', '')
    lines.push(
      table(
        ['measured', 'packages', 'node_modules MB', '`npm ci` wall time s', 'npm cache'],
        [[ins.measuredOn.slice(0, 10), ins.packages, ins.nodeModulesMB ?? '', ins.seconds ?? 'not measured', ins.cache ?? '']],
      ),
      '',
      'Decision 039 moved Lighthouse, Puppeteer and autocannon out of the root install (745 → 555 packages, 601 → 429 MB, ' +
        '2 min 13 s → 1 min 39 s with a warm cache, measured then). The wall time here is the `npm ci` of this run, under `nice -n 19` ' +
        'on the shared machine: it moves with the machine\'s load more than with the packages.',
      '',
    )
  }
  lines.push('## Web: what each route loads before it can be used (gzip)', '')
  lines.push(
    'The entry chunk and its static imports (`.vite/manifest.json`), then what the build lists for the screen in `route-preloads.json` and the server names in its page (decision 015): its lazy chunk and static imports, the query cache for screens that read data, its CSS and English translations. ' +
      'Lighthouse\'s view of the same build as a phone loads it follows below.',
    '',
  )
  lines.push(
    table(
      ['route', 'who', 'JS KB', 'budget KB', '', 'CSS KB', 'JS files', 'React Flow'],
      report.web.routes.map((r) => {
        const limit = r.path === '/' ? budget.homeJsKB : r.officeOnly ? budget.officeRouteJsKB : budget.customerRouteJsKB
        return [
          r.path,
          r.officeOnly ? 'office' : 'customer, worker, visitor',
          kB(r.jsGzip),
          limit,
          mark(r.jsGzip <= limit * 1000),
          kB(r.cssGzip),
          r.jsFiles,
          r.reactFlow ? 'yes' : '',
        ]
      }),
    ),
    '',
  )
  lines.push(
    `Entry (every route): ${report.web.entry.js.map((e) => `${e.file.replace('assets/', '')} ${kB(e.gzip)}`).join(', ')} = ${kB(report.web.entry.jsGzip)} KB.`,
    '',
  )
  lines.push(table(['largest chunks', 'raw KB', 'gzip KB'], report.web.chunks.slice(0, 12).map((c) => [c.file, kB(c.raw), kB(c.gzip)])), '')
  lines.push('### Lighthouse (mobile, simulated throttling)', '')
  const lh = report.lighthouse
  if (!lh) lines.push('Not run (BENCH_LIGHTHOUSE=0, or a report from before bench/lighthouse.mjs).', '')
  else if (lh.error) lines.push(`Lighthouse failed: ${lh.error}`, '')
  else {
    const t = lh.settings?.throttling
    lines.push(
      `Lighthouse ${lh.lighthouseVersion}, ${lh.chromium} (headless), performance category only, served by the production API process on the main data set. ` +
        `Mobile form factor (${lh.settings?.screen?.width}×${lh.settings?.screen?.height} px, DPR ${lh.settings?.screen?.deviceScaleFactor}), ` +
        `${lh.settings?.throttlingMethod === 'simulate' ? 'simulated' : lh.settings?.throttlingMethod} throttling` +
        (t ? ` (RTT ${t.rttMs} ms, ${(t.throughputKbps / 1000).toFixed(1)} Mbit/s, CPU ${t.cpuSlowdownMultiplier}× slower)` : '') +
        `; a fresh browser and cold cache per run, ${lh.runs} run(s) per page, the run with the median score shown (all scores in brackets). ` +
        '/my/jobs is audited signed in as a worker, the customer\'s screens (/my/requests, /profile, /pay/sandbox) as a customer; every run checks that it ended on the page with its h1. ' +
        'Lighthouse\'s CPU benchmark index on this shared machine is given per page: TBT scales with how busy the machine was.' +
        (lh.measuredAlone
          ? ` Measured alone on ${lh.measuredAlone} (\`BENCH_ONLY=web\`: the production build on an embedded database with the demo data; the customer screens signed in as a demo customer, /my/jobs as a demo worker; load average ${lh.loadAverage?.join(' / ') ?? 'unknown'} at the end).`
          : ''),
      '',
    )
    lines.push(
      table(
        ['page', 'score (runs)', 'FCP s', 'LCP s', 'TBT ms', 'CLS', 'Speed Index s', 'TTI s', 'transfer KB', 'JS KB (files)', 'LCP element', 'CPU index'],
        lh.pages.map((p) =>
          p.error
            ? [p.path, `**failed**: ${p.error}`, '', '', '', '', '', '', '', '', '', '']
            : [
                p.path,
                `${p.score} (${p.runScores.join(', ')})`,
                sec(p.fcpMs),
                sec(p.lcpMs),
                Math.round(p.tbtMs),
                p.cls.toFixed(3),
                sec(p.speedIndexMs),
                sec(p.ttiMs),
                kB(p.totalBytes),
                `${kB(p.jsBytes)} (${p.jsFiles})`,
                (p.lcpElement ?? '').replace(/\s+/g, ' ').replace(/\|/g, '\\|').slice(0, 60),
                Math.round(p.benchmarkIndex ?? 0),
              ],
        ),
      ),
      '',
    )
    const z = lh.lazyLoad
    if (z?.slowestTti) {
      lines.push(
        `**The seed's ${z.limitMs / 1000} s lazy-load limit** (apps/web/src/lib/lazy-with-timeout.ts): the slowest simulated time to interactive of any run was ` +
          `${sec(z.slowestTti.ms)} s (${z.slowestTti.path}), ${pct(z.slowestTti.ms / z.limitMs)} of the limit; the last request of any run ended ` +
          `${sec(z.slowestLastRequestEnd.ms)} s after navigation (${z.slowestLastRequestEnd.path}, observed unthrottled). ` +
          (z.slowestTti.ms < z.limitMs / 10 ? 'Never approached.' : '**Approached**: see the page above.'),
        '',
      )
    }
  }
  lines.push('### First paint on a slow line (400 kbit/s, 400 ms round trips, empty cache)', '')
  const fp = report.firstPaint
  if (!fp) lines.push('Not run (BENCH_FIRST_PAINT=0, or a report from before bench/first-paint.mjs).', '')
  else if (fp.error) lines.push(`The first-paint run failed: ${fp.error}`, '')
  else {
    lines.push(
      `Chromium ${fp.chromium} through playwright-core, DevTools network throttling (${fp.network.downloadThroughput * 8 / 1000} kbit/s each way, ${fp.network.latency} ms latency), ` +
        `390 px phone, no CPU slow-down, a fresh context per run, ${fp.runs} run(s) per row, medians. The language is saved in the browser and is its Accept-Language. ` +
        '"page in": the HTML received; "shell": first contentful paint, which must be index.html\'s shell (decision 033); ' +
        '"shell unthrottled": the same paint in one run without throttling, the machine\'s own share (a loaded machine shows here); ' +
        `"usable": the app has replaced the shell and shows the search box and the category tiles. Budgets: shell ≤ ${FIRST_PAINT_BUDGET.shellMs / 1000} s, usable ≤ ${FIRST_PAINT_BUDGET.usableMs / 1000} s in Telugu.`,
      '',
    )
    lines.push(
      table(
        ['page', 'language', 'page in s', 'shell s', 'shell painted first', 'shell unthrottled s', 'usable s', 'transferred KB'],
        fp.rows.map((r) => [
          r.path,
          r.language,
          sec(r.documentMs),
          sec(r.shellMs),
          r.shellPainted ? 'yes' : '**no**',
          r.unthrottledShellMs === undefined ? '' : sec(r.unthrottledShellMs),
          sec(r.usableMs),
          r.kB,
        ]),
      ),
      '',
    )
  }
  if (notes) lines.push('## Notes', '', notes.trim(), '')
  lines.push(`## Query plans (EXPLAIN (ANALYZE, BUFFERS) at ${report.explainAtTasks} tasks)`, '')
  for (const e of report.explain ?? []) {
    lines.push(`### ${e.name}`, '', `Execution ${e.executionMs} ms${e.seqScans.length ? `; sequential scans: ${e.seqScans.join(', ')}` : ''}.`, '')
    lines.push('```sql', e.sql, '```', '', '```', e.plan, '```', '')
  }
  writeFileSync(join(dir, 'report.md'), lines.join('\n'))
}

// Re-render bench/report.md from bench/report.json (same figures; refreshed notes): node bench/report.mjs
if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = new URL('.', import.meta.url).pathname
  const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'))
  writeReport(report, BUDGET, dir)
}
