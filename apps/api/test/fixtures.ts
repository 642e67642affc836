import type { OrderUnit, TaskStatus } from '@townworks/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll } from 'vitest'
import {
  assignments,
  serviceRequests,
  services,
  tasks,
  towns,
  workers,
  workerServices,
  workflowRecords,
} from '../src/db/schema'
import { addDays, todayInIndia } from '../src/shared/dates'
import { bearer, createUser, login, loginAs, type Session } from './auth-helpers'
import { createTestApp, type TestApp } from './test-app'

let phoneCounter = 0
let dayCounter = 0

/** A distinct future date per call, so fixtures never clash on a worker's time. */
const nextDate = () => new Date(Date.UTC(2031, 0, 1 + dayCounter++)).toISOString().slice(0, 10)

/** A worker in a town offering a service (ids looked up by name), optionally with a login. */
export async function createWorker(
  t: TestApp,
  opts: {
    name?: string
    town?: string
    service?: string
    userId?: number
    pricePaise?: number
    /** What the price is per, for a material (decision 069); left out: per job. */
    unit?: OrderUnit | null
  } = {},
) {
  const db = t.database.db
  const [town] = await db
    .select()
    .from(towns)
    .where(eq(towns.name, opts.town ?? 'Armoor'))
  const [service] = await db
    .select()
    .from(services)
    .where(eq(services.name, opts.service ?? 'Plumber'))
  const [worker] = await db
    .insert(workers)
    .values({
      name: opts.name ?? 'Test Worker',
      townId: town!.id,
      phone: `+9190${String(10000000 + ++phoneCounter).padStart(8, '0')}`,
      userId: opts.userId ?? null,
    })
    .returning()
  await db.insert(workerServices).values({
    workerId: worker!.id,
    serviceId: service!.id,
    description: 'Test',
    pricePaise: opts.pricePaise ?? 45000,
    unit: opts.unit ?? null,
  })
  return { ...worker!, serviceId: service!.id }
}

/** A task with one assignment, in a status, with a history that reaches it, from a customer's request. */
export async function createTask(
  t: TestApp,
  opts: { status?: TaskStatus; workerId: number; customerUserId?: number; date?: string; start?: string; end?: string },
) {
  const db = t.database.db
  const date = opts.date ?? nextDate()
  const [town] = await db.select().from(towns).where(eq(towns.name, 'Armoor'))
  const [service] = await db.select().from(services).where(eq(services.name, 'Plumber'))
  const [request] = await db
    .insert(serviceRequests)
    .values({
      name: 'Customer',
      phone: '+919848012345',
      serviceId: service!.id,
      townId: town!.id,
      serviceDate: date,
      customerId: opts.customerUserId ?? null,
      state: 'scheduled',
    })
    .returning()
  const status = opts.status ?? 'assigned'
  const [task] = await db
    .insert(tasks)
    .values({ taskName: 'Fix the tap', townId: town!.id, serviceId: service!.id, requestId: request!.id, status })
    .returning()
  const [assignment] = await db
    .insert(assignments)
    .values({
      taskId: task!.id,
      workerId: opts.workerId,
      assignmentDate: date,
      startTime: opts.start ?? '10:00',
      endTime: opts.end ?? '12:00',
      status,
    })
    .returning()
  await db.insert(workflowRecords).values({ taskId: task!.id, fromStatus: null, status: 'assigned' })
  if (status !== 'assigned')
    await db.insert(workflowRecords).values({ taskId: task!.id, fromStatus: 'assigned', status })
  return { task: task!, assignment: assignment!, request: request! }
}

/**
 * Distinct Monday-to-Saturday dates from `fromDays` ahead of India's today, one per call: each test
 * file books days of its own, whatever weekday it runs on.
 */
export function weekdaysAhead(fromDays: number): () => string {
  let offset = fromDays
  return () => {
    for (;;) {
      const d = addDays(todayInIndia(), offset++)
      if (new Date(`${d}T00:00:00Z`).getUTCDay() !== 0) return d
    }
  }
}

export interface OfficeCastOptions {
  town?: string
  workerName?: string
  otherName?: string
  otherPricePaise?: number
}

/**
 * The people of an office scenario: operator, admin and customer sessions, a worker who can log in
 * (with their worker row) and a second worker in the same town to move jobs to.
 */
export async function officeCast(t: TestApp, opts: OfficeCastOptions = {}) {
  const [operator, admin, customer] = await Promise.all([
    loginAs(t, 'operator'),
    loginAs(t, 'admin'),
    loginAs(t, 'customer'),
  ])
  const workerUser = await createUser(t, 'worker')
  const worker = await login(t, workerUser)
  const town = opts.town ?? 'Armoor'
  const workerId = (await createWorker(t, { name: opts.workerName ?? 'Ravi Kumar', town, userId: workerUser.id })).id
  const otherWorkerId = (
    await createWorker(t, {
      name: opts.otherName ?? 'Srinivas Reddy',
      town,
      ...(opts.otherPricePaise !== undefined && { pricePaise: opts.otherPricePaise }),
    })
  ).id
  return { operator, admin, customer, worker, workerId, otherWorkerId }
}

export type OfficeCast = Awaited<ReturnType<typeof officeCast>>

/**
 * A describe block's own test app, with officeCast's people on it: made before the block's tests and
 * closed after them. Its fields are filled in by then (not while the block is being declared), so
 * read them inside tests and helpers: `t.app.inject(…)`, `bearer(t.operator)`, `createTask(t, …)`.
 */
export function officeApp(opts: OfficeCastOptions = {}): TestApp & OfficeCast {
  const office = {} as TestApp & OfficeCast
  beforeAll(async () => {
    const t = await createTestApp()
    Object.assign(office, t, await officeCast(t, opts))
  })
  afterAll(async () => {
    await (office as Partial<TestApp>).close?.()
  })
  return office
}

/** The start code of a task as its customer reads it in My requests (issue 21); fails when none is shown. */
export async function customerStartCode(t: TestApp, customer: Session, taskId: number): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/my/requests', headers: bearer(customer) })
  const requests = (res.json() as { requests: { task: { id: number; start_code: string | null } | null }[] }).requests
  const code = requests.find((r) => r.task?.id === taskId)?.task?.start_code
  if (!code) throw new Error(`No start code shown for task ${taskId}: ${res.body.slice(0, 300)}`)
  return code
}

/** The assigned worker starts a task with its customer's start code (issue 21); answers the status code. */
export async function startWithCustomerCode(
  t: TestApp,
  worker: Session,
  customer: Session,
  taskId: number,
): Promise<number> {
  const start_code = await customerStartCode(t, customer, taskId)
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/tasks/${taskId}/start`,
    headers: bearer(worker),
    payload: { start_code },
  })
  return res.statusCode
}
