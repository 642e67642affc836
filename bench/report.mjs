// Turns the figures of one `npm run bench` into bench/report.json and bench/report.md, with every
// figure as a ratio to the ceilings of the same run and every budget as pass or miss.
import { readFileSync, existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const kB = (bytes) => (bytes / 1000).toFixed(1)
const pct = (x) => `${Math.round(x * 100)}%`
const mark = (pass) => (pass ? 'pass' : '**miss**')

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
  if (report.pglite) report.pglite.reads = withRatios(report.pglite.reads)

  const budgets = []
  const home = report.web.routes.find((r) => r.path === '/')
  budgets.push({
    budget: `home route ≤ ${budget.homeJsKB} KB gzip JavaScript before first paint`,
    measured: `${kB(home.jsGzip)} KB`,
    pass: home.jsGzip <= budget.homeJsKB * 1000,
  })
  const heavy = report.web.routes.filter((r) => r.path !== '/' && r.jsGzip > budget.routeJsKB * 1000)
  budgets.push({
    budget: `no other route more than ${budget.routeJsKB} KB gzip JavaScript`,
    measured: heavy.length
      ? `${heavy.length} over: ${heavy.map((r) => `${r.path} ${kB(r.jsGzip)}`).join(', ')}`
      : `largest ${kB(Math.max(...report.web.routes.filter((r) => r.path !== '/').map((r) => r.jsGzip)))} KB`,
    pass: heavy.length === 0,
  })
  const drawn = new Set(['/ff', '/un', '/wfs'])
  const flowElsewhere = report.web.routes.filter((r) => r.reactFlow && !drawn.has(r.path))
  budgets.push({
    budget: 'React Flow only where it is drawn (/ff, /un, the /wfs diagram)',
    measured: flowElsewhere.length ? flowElsewhere.map((r) => r.path).join(', ') : 'only ' + report.web.routes.filter((r) => r.reactFlow).map((r) => r.path).join(', '),
    pass: flowElsewhere.length === 0,
  })
  for (const [name, f] of Object.entries(report.postgres.reads)) {
    budgets.push({
      budget: `${name} ≥ ${pct(budget.readRatio)} of the single-lookup ceiling, p99 ≤ ${budget.p99Ms} ms`,
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
    const plans = (report.explain ?? []).filter((e) => e.name.startsWith(name.replace(/ \(first page\)|\/\{id\}/, '')))
    const bigScans = plans.flatMap((p) => p.seqScans).filter((t) => ['tasks', 'assignments', 'workflow_records', 'service_requests'].includes(t))
    budgets.push({
      budget: `${name}: cost does not grow with the table (${sizes[0]} → ${sizes.at(-1)} tasks keeps ≥ ${pct(budget.growthRatio)} of the throughput, no sequential scan of a big table)`,
      measured: `${pct(ratio)}${bigScans.length ? `; seq scan on ${[...new Set(bigScans)].join(', ')}` : ''}`,
      pass: ratio >= budget.growthRatio && bigScans.length === 0,
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
      `${report.settings.runs} runs of ${report.settings.duration} s, median reported. Every figure is a ratio to ceilings measured in this run; ` +
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
        ...figRows(report.postgres.writes),
      ],
    ),
    '',
  )
  const a = report.authCost
  lines.push(
    `**Cost of authentication** (decision 002 reads the user row on every authenticated request): the public GET /api/skilledworker ` +
      `answers ${a.public.rps} req/s (p50 ${a.public.p50} ms); the same route with a bearer token — JWT check plus the user-row read — ` +
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
        `${c.doubleBooking.requests} parallel overlapping bookings of one worker → ${c.doubleBooking.created} created, ${c.doubleBooking.refused} × 409`,
        `${c.cartCounter.customers} customers add one worker → count ${c.cartCounter.before} → ${c.cartCounter.after}`,
        mark(c.doubleBooking.pass && c.cartCounter.pass),
      ]),
    ),
    '',
  )
  lines.push(
    table(
      ['processes with dispatchers', 'messages', 'sent', 'first attempt', 'sent by each process', 'seconds', ''],
      report.scaleOut.outbox.map((o) => [o.processes, o.messages, o.sent, o.sentOnce, o.perProcess.join(' + '), o.seconds, mark(o.pass)]),
    ),
    '',
  )
  lines.push('## Growth: the same reads at several table sizes (one run each)', '')
  const sizes = Object.keys(report.growth).map(Number).sort((x, y) => x - y)
  const names = Object.keys(report.growth[sizes[0]] ?? {})
  lines.push(
    table(
      ['route', ...sizes.map((s) => `${s} tasks: req/s (p50 ms)`), `${sizes.at(-1)} vs ${sizes[0]} (relative to ceiling)`],
      names.map((n) => [
        n,
        ...sizes.map((s) => {
          const g = report.growth[s]?.[n]
          return g ? `${g.rps} (${g.p50})${g.vsLookup ? ` = ${pct(g.vsLookup)} of ceiling` : ''}` : ''
        }),
        report.growthRatios[n] ? pct(report.growthRatios[n]) : '',
      ]),
    ),
    '',
  )
  lines.push('## Web: what each route loads before it can be used (gzip)', '')
  lines.push(
    'From `.vite/manifest.json`: the entry chunk and its static imports, the route\'s lazy chunk and its static imports, and the translation namespaces router.tsx loads with it. ' +
      'Lighthouse was not run (too heavy to install and run in this session); these are the manifest figures.',
    '',
  )
  lines.push(
    table(
      ['route', 'JS KB', 'CSS KB', 'JS files', 'React Flow'],
      report.web.routes.map((r) => [r.path, kB(r.jsGzip), kB(r.cssGzip), r.jsFiles, r.reactFlow ? 'yes' : '']),
    ),
    '',
  )
  lines.push(
    `Entry (every route): ${report.web.entry.js.map((e) => `${e.file.replace('assets/', '')} ${kB(e.gzip)}`).join(', ')} = ${kB(report.web.entry.jsGzip)} KB.`,
    '',
  )
  lines.push(table(['largest chunks', 'raw KB', 'gzip KB'], report.web.chunks.slice(0, 12).map((c) => [c.file, kB(c.raw), kB(c.gzip)])), '')
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
  const budget = { homeJsKB: 110, routeJsKB: 200, readRatio: 0.5, p99Ms: 50, growthRatio: 0.7 }
  writeReport(report, budget, dir)
}
