// EXPLAIN (ANALYZE, BUFFERS) of the hot queries, exactly as the API's repositories build them:
// each repository function runs once through a Drizzle logger that records its SQL and parameters.
//   npx tsx bench/explain.ts <database-url> <out.json> <service> <town> <date>
import { writeFileSync } from 'node:fs'
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import * as schema from '../apps/api/src/db/schema'
import type { Db } from '../apps/api/src/db/client'
import { findUserById } from '../apps/api/src/modules/auth/auth.repository'
import { listAssignmentDetails } from '../apps/api/src/modules/assignments/assignments.repository'
import { listWorkflow } from '../apps/api/src/modules/tasks/tasks.repository'
import {
  findFreeWorkers,
  listSkilledWorkers,
  listWorkerServiceRows,
} from '../apps/api/src/modules/workers/workers.repository'

const [url, out, service, town, date] = process.argv.slice(2)
const pool = new pg.Pool({ connectionString: url, max: 2 })
let captured: { sql: string; params: unknown[] }[] = []
const db = drizzle(pool, {
  schema,
  logger: { logQuery: (sql: string, params: unknown[]) => void captured.push({ sql, params }) },
}) as unknown as Db

const { rows } = await pool.query<{ id: number; task: number }>(
  `select (select id from users where username = 'bench_operator') id, (select max(id) from tasks) / 2 task`,
)
const { id: operatorId, task } = rows[0]!

const cases: [string, () => Promise<unknown>][] = [
  ['auth: the user row read on every authenticated request', () => findUserById(db, operatorId)],
  [
    'GET /api/assignmentdetails (first page, 50 rows)',
    () => listAssignmentDetails(db, { page: 1, pageSize: 50, sort: 'assignment_id', order: 'desc' }),
  ],
  ['GET /api/workerservices', () => listWorkerServiceRows(db, {})],
  ['GET /api/skilledworker', () => listSkilledWorkers(db)],
  [`GET /api/workflow/${task}`, () => listWorkflow(db, task)],
  [
    'GET /api/workers/suggestions',
    () =>
      findFreeWorkers(db, { service: service!, town: town!, date: date!, startTime: '09:00:00', endTime: '10:00:00' }),
  ],
]

const results = []
for (const [name, run] of cases) {
  captured = []
  await run()
  for (const [i, q] of captured.entries()) {
    const plan = await pool.query(`explain (analyze, buffers, format text) ${q.sql}`, q.params)
    const text = plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')
    // Each sequential scan with the rows it actually read: one stopped early by a LIMIT reads a
    // bounded number whatever the table's size.
    const seqScans = [...text.matchAll(/Seq Scan on (\w+).*?actual time=\S+ rows=(\d+) loops=(\d+)/g)].map((m) => ({
      table: m[1]!,
      rowsRead: Number(m[2]) * Number(m[3]),
    }))
    const execution = /Execution Time: ([\d.]+) ms/.exec(text)?.[1]
    // The root node's buffers (the first Buffers line): pages the whole query touched. Unlike
    // throughput on a shared machine, this does not drift between runs.
    const rootBuffers = /Buffers: shared((?: \w+=\d+)+)/.exec(text)?.[1] ?? ''
    const buffers = [...rootBuffers.matchAll(/(hit|read)=(\d+)/g)].reduce((n, m) => n + Number(m[2]), 0)
    results.push({
      name: captured.length > 1 ? `${name} — query ${i + 1}` : name,
      sql: q.sql,
      params: q.params,
      plan: text,
      seqScans,
      buffers,
      executionMs: execution ? Number(execution) : null,
    })
  }
}
writeFileSync(out, JSON.stringify(results, null, 2))
await pool.end()
