import { getTableName, is, Table, type Logger } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app'
import { loadConfig } from '../src/config/config'
import type { Database, Db } from '../src/db/client'
import * as schema from '../src/db/schema'
import { bearer, createUser, login, type Session } from './auth-helpers'
import { createTask, createWorker } from './fixtures'
import { createTestDatabase, type TestApp } from './test-app'

// Decision 014: a cached read is dropped when one of the tables it names changes. Those lists are
// written by hand beside the queries (`*_READ`), so a query that starts reading one more table would
// serve stale answers with nothing to say so. This test runs each cached read's requests on a
// database handle that logs every statement, asks PostgreSQL which tables each statement reads
// (EXPLAIN's plan, together with every `from`/`join` of the SQL text, so a join the planner drops still
// counts), and compares that with the tables the cache declared: a table read but not named fails,
// and so does a table named that no request of the route reads (a list kept exact, not generous).

interface Statement {
  query: string
  params: unknown[]
}

/** The requests that together take every branch of each cached read's queries. */
type Scenarios = Record<string, (ids: { taskId: number; workerId: number; assignmentId: number }) => string[]>

const SCENARIOS: Scenarios = {
  'GET /api/workerservices': () => [
    '/api/workerservices',
    '/api/workerservices?town=Armoor&service=Plumber',
    '/api/workerservices?q=Tables',
    '/api/workerservices?q=9190',
  ],
  'GET /api/skilledworker': () => ['/api/skilledworker'],
  'GET /api/workflow/:taskId': ({ taskId }) => [`/api/workflow/${taskId}`, '/api/workflow/2147483000'],
  'GET /api/workers/suggestions': ({ assignmentId }) => [
    '/api/workers/suggestions?service=Plumber&town=Armoor&date=2031-06-02&startTime=09:00&endTime=10:00',
    `/api/workers/suggestions?service=Plumber&town=Armoor&date=2031-06-02&startTime=09:00&endTime=10:00&excludeAssignmentId=${assignmentId}`,
  ],
  'GET /api/assignmentdetails': ({ workerId }) => [
    '/api/assignmentdetails',
    `/api/assignmentdetails?status=assigned&town=Armoor&workerId=${workerId}&from=2030-01-01&to=2040-01-01&q=Fix`,
    '/api/assignmentdetails?sort=requester&order=asc&q=98480',
    '/api/assignmentdetails?page=2&pageSize=1&sort=worker_name',
  ],
  'GET /api/towns': () => ['/api/towns'],
  'GET /api/services': () => ['/api/services'],
  'GET /api/price-ranges': () => ['/api/price-ranges'],
}

/** Statements that read no table of ours and need no plan. */
const CONTROL = /^\s*(begin|commit|rollback|savepoint|release|set)\b/i

const TABLES: ReadonlySet<string> = new Set(
  Object.values(schema as Record<string, unknown>)
    .filter((value): value is Table => is(value, Table))
    .map((table) => getTableName(table)),
)

/** Every `"Relation Name"` in an EXPLAIN (FORMAT JSON) plan. */
function relationsOf(plan: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(plan)) for (const item of plan) relationsOf(item, into)
  else if (plan && typeof plan === 'object') {
    for (const [key, value] of Object.entries(plan)) {
      if (key === 'Relation Name' && typeof value === 'string') into.add(value)
      else relationsOf(value, into)
    }
  }
  return into
}

/** Every table of ours the SQL text reads from or joins, however the planner treats it. */
function tablesInText(query: string): Set<string> {
  const found = new Set<string>()
  for (const match of query.matchAll(/\b(?:from|join)\s+"?([a-z_][a-z0-9_]*)"?/gi)) {
    const name = match[1]!.toLowerCase()
    if (TABLES.has(name)) found.add(name)
  }
  return found
}

describe('each cached read reads only the tables its cache names (decision 014)', () => {
  let database: Database
  let drop: () => Promise<void>
  let app: FastifyInstance
  let operator: Session
  const log: Statement[] = []
  let ids: { taskId: number; workerId: number; assignmentId: number }

  beforeAll(async () => {
    ;({ database, drop } = await createTestDatabase())
    // The same database, through a Drizzle handle that logs each statement it sends.
    const logger: Logger = { logQuery: (query, params) => log.push({ query, params }) }
    const db = (database.pool
      ? drizzleNodePg(database.pool, { schema, logger })
      : drizzlePglite(database.pglite!, { schema, logger })) as unknown as Db
    const logged: Database = { ...database, db }
    // The cache off: every request runs its queries (what is cached is what these queries read).
    const config = loadConfig({
      NODE_ENV: 'test',
      SESSION_SECRET: 'test-secret-test-secret-test-secret-00',
      READ_CACHE: '0',
    })
    app = await buildApp({ config, database: logged })
    await app.ready()
    const t: TestApp = { app, database: logged, config, close: async () => undefined }
    operator = await login(t, await createUser(t, 'operator'))
    const worker = await createWorker(t, { name: 'Tables Worker' })
    const task = await createTask(t, { workerId: worker.id, status: 'work_inprogress' })
    ids = { taskId: task.task.id, workerId: worker.id, assignmentId: task.assignment.id }
  })
  afterAll(async () => {
    await app.close()
    await drop()
  })

  /** The statements one request sends. */
  async function statementsOf(url: string): Promise<Statement[]> {
    const from = log.length
    const res = await app.inject({ method: 'GET', url, headers: bearer(operator) })
    expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500)
    return log.slice(from)
  }

  /** The tables a statement reads: its plan's relations and its text's from/join names. */
  async function tablesRead(statement: Statement): Promise<Set<string>> {
    const text = `explain (format json) ${statement.query}`
    const rows = database.pool
      ? (await database.pool.query(text, statement.params)).rows
      : (await database.pglite!.query<Record<string, unknown>>(text, statement.params)).rows
    const plans = rows.map((row) => {
      const plan = Object.values(row as Record<string, unknown>)[0]
      return typeof plan === 'string' ? (JSON.parse(plan) as unknown) : plan
    })
    const tables = relationsOf(plans, new Set())
    for (const table of tablesInText(statement.query)) tables.add(table)
    return tables
  }

  /** The statements the auth plugin sends to learn who is calling: every authenticated request makes them. */
  async function callerLookup(): Promise<Statement[]> {
    // GET /api/taskstatus answers from the contract without a query: what runs is the caller's lookup.
    return statementsOf('/api/taskstatus')
  }

  it('every cached read of the app has its requests here', () => {
    expect([...app.cachedReads.keys()].sort()).toEqual([...Object.keys(SCENARIOS), 'accounts'].sort())
  })

  it('the account lookup reads only what the accounts cache names', async () => {
    const statements = await callerLookup()
    expect(statements.length).toBeGreaterThan(0)
    const read = new Set<string>()
    for (const statement of statements) for (const table of await tablesRead(statement)) read.add(table)
    expect([...read].sort()).toEqual([...app.cachedReads.get('accounts')!].sort())
  })

  it.each(Object.keys(SCENARIOS))('%s reads exactly the tables its cache names', async (name) => {
    const declared = new Set(app.cachedReads.get(name))
    const lookup = new Set((await callerLookup()).map((s) => s.query))
    const read = new Map<string, string>() // table → the first statement that read it
    for (const url of SCENARIOS[name]!(ids)) {
      const statements = (await statementsOf(url)).filter((s) => !lookup.has(s.query) && !CONTROL.test(s.query))
      expect(statements.length, `${url} ran no query of its own`).toBeGreaterThan(0)
      for (const statement of statements)
        for (const table of await tablesRead(statement)) if (!read.has(table)) read.set(table, statement.query)
    }
    for (const [table, query] of read)
      expect(declared.has(table), `${name} reads "${table}" but its cache does not name it:\n${query}`).toBe(true)
    for (const table of declared)
      expect(read.has(table), `${name}'s cache names "${table}", which none of its requests reads`).toBe(true)
  })
})
