// The booking storm (issue #15, item 15): many parallel bookings of one worker for overlapping
// slots, sent to several API processes in turn, while busy threads take the machine's cores.
// Exactly one booking per round may succeed; every other answer must be a 409, never a 5xx.
// Used by `npm run bench` (bench/run.mjs, the "booking storm" row) and by the API's storm test
// (apps/api/test/storm.test.ts), so the bench's code path is exercised on every PostgreSQL run.
import os from 'node:os'
import { Worker } from 'node:worker_threads'

/** Run `work` while `threads` worker threads spin (default: one per core), then stop them. */
export async function withCpuLoad(work, threads = os.availableParallelism()) {
  const spinners = Array.from({ length: threads }, () => new Worker('for (;;) {}', { eval: true }))
  await Promise.all(spinners.map((w) => new Promise((resolve) => w.once('online', resolve))))
  try {
    return await work()
  } finally {
    await Promise.all(spinners.map((w) => w.terminate()))
  }
}

const hhmmss = (minutes) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`

/**
 * One round: `n` parallel POST /api/schedule for one worker on one date, spread over `bases` in
 * turn. Every slot contains 09:29–10:00, so every booking clashes with every other.
 */
export async function bookingStormRound({ bases, token, workerId, date, n = 100, label = 'Storm' }) {
  const answers = await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const start = 9 * 60 + (i % 30)
      try {
        const res = await fetch(`${bases[i % bases.length]}/api/schedule`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({
            taskName: `${label} ${i}`,
            serviceDesc: '',
            workerId,
            date,
            startTime: hhmmss(start),
            endTime: hhmmss(start + 60),
            completionDate: date,
            selectedStatus: 'assigned',
          }),
        })
        const body = await res.json().catch(() => null)
        return { status: res.status, code: body?.code ?? null, retryAfter: res.headers.get('retry-after') }
      } catch (error) {
        return { status: 0, code: String(error?.cause?.code ?? error?.message ?? error), retryAfter: null }
      }
    }),
  )
  const statuses = {}
  for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1
  const ok = answers.filter((a) => a.status >= 200 && a.status < 300).length
  const conflict = answers.filter((a) => a.status === 409).length
  const serverErrors = answers.filter((a) => a.status >= 500).length
  const busyWithoutRetryAfter = answers.filter((a) => a.status === 503 && !a.retryAfter).length
  return {
    requests: n,
    ok,
    conflict,
    serverErrors,
    /** Neither 2xx, 409 nor 5xx (a 4xx other than 409, or no answer at all). */
    other: n - ok - conflict - serverErrors,
    busyWithoutRetryAfter,
    statuses,
    /** The answers' error codes, counted (DOUBLE_BOOKING expected). */
    codes: answers.reduce((m, a) => (a.code ? { ...m, [a.code]: (m[a.code] ?? 0) + 1 } : m), {}),
    pass: ok === 1 && conflict === n - 1,
  }
}

/**
 * `rounds` rounds of `bookingStormRound`, each on its own date (`dateOf(round)`), with CPU load
 * beside them; the totals and every round's counts. `pass`: exactly one 2xx and no 5xx in each round.
 */
export async function bookingStorm({ bases, token, workerId, dateOf, n = 100, rounds = 10, cpuThreads }) {
  const started = Date.now()
  const perRound = await withCpuLoad(async () => {
    const out = []
    for (let round = 0; round < rounds; round++) {
      out.push(await bookingStormRound({ bases, token, workerId, date: dateOf(round), n, label: `Storm r${round}` }))
    }
    return out
  }, cpuThreads)
  const sum = (key) => perRound.reduce((s, r) => s + r[key], 0)
  return {
    processes: bases.length,
    requestsPerRound: n,
    rounds,
    cpuThreads: cpuThreads ?? os.availableParallelism(),
    ok: sum('ok'),
    conflict: sum('conflict'),
    serverErrors: sum('serverErrors'),
    other: sum('other'),
    roundsWithOneSuccess: perRound.filter((r) => r.ok === 1).length,
    seconds: Math.round((Date.now() - started) / 100) / 10,
    perRound,
    pass: perRound.every((r) => r.pass),
  }
}
