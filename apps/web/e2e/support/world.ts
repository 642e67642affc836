import {
  request as playwrightRequest,
  type APIRequestContext,
  type APIResponse,
  type Page,
  type TestInfo,
} from '@playwright/test'
import type {
  AdminUsersResponse,
  JobResponse,
  SaveWorkerResponse,
  ScheduleResponse,
  ServiceRequestResponse,
  Service,
  Town,
} from '@townworks/contract'
import type { Role } from '@townworks/contract/constants'
import { E2E_PORT } from '../../playwright.config'
import { expect, demoLogin, loginAs, type DemoRole } from './fixtures'
import type { Login } from './paths'

/*
 * What a journey books, it makes: its own worker (name and phone unique to the run), on a week
 * that has every day open, so no journey depends on a demo worker being free, on which weekday
 * today is, or on what another journey booked (issue 25).
 */

let serial = 0
const runStart = Date.now()

/**
 * A short tag unique to this test in this run, for names a person (and a locator) can tell apart.
 * A test's id is its file's id, a dash, then its own: the part after the dash tells apart the tests
 * of one file (the file's part did not, and two of them running at once in two workers, each at its
 * first tag, once made the same name); the worker's index keeps two workers' counters apart.
 */
export function uniqueTag(testInfo: TestInfo): string {
  serial += 1
  const test = (testInfo.testId.split('-').pop() ?? testInfo.testId).slice(0, 6)
  return `${test}${testInfo.workerIndex.toString(36)}${(runStart % 1_000_000).toString(36)}${serial}`
}

/**
 * A mobile number no other journey of this run uses, in this worker or another. Test-made
 * numbers start with 6; the demo data's start with 9, so they never meet.
 */
export function uniquePhone(): string {
  serial += 1
  const worker = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % 10
  const stamp = ((runStart % 10_000) * 10 + worker) * 10_000 + (serial % 10_000)
  return `6${String(stamp).padStart(9, '0')}`
}

/** The date `days` from today as India counts it (the server's calendar), yyyy-MM-dd. */
export function indianDate(days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', dateStyle: 'short' }).format(new Date())
  const d = new Date(`${today}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** A request context of its own, signed in as a demo account: for staff set-up beside a page. */
export async function apiAs(role: DemoRole, index = 0): Promise<APIRequestContext> {
  return apiWith(demoLogin(role, index))
}

/** The answer of an API call that must succeed, as JSON (the call's address and body in the failure). */
export async function ok<T>(response: Promise<APIResponse>): Promise<T> {
  const res = await response
  expect(res.ok(), `${res.url()}: ${await res.text()}`).toBe(true)
  return (await res.json()) as T
}

export interface HiredWorker {
  id: number
  name: string
  phone: string
}

/**
 * A new worker on the roster, offering one service in one town, working every day 06:00–22:00:
 * only the journey that made them books them. `operator` is a request context signed in as staff.
 */
export async function hireWorker(
  operator: APIRequestContext,
  testInfo: TestInfo,
  { service, town, name = 'Worker', price = 450 }: { service: Service; town: Town; name?: string; price?: number },
): Promise<HiredWorker> {
  const fullName = `${name} ${uniqueTag(testInfo)}`
  const phone = uniquePhone()
  const { worker } = await ok<SaveWorkerResponse>(
    operator.post('/api/workerservices', {
      data: {
        worker_name: fullName,
        town,
        phone_number: phone,
        email: '',
        services: [{ service_name: service, description: `${service} work`, price }],
      },
    }),
  )
  await ok(
    operator.put(`/api/workers/${worker.worker_id}/availability`, {
      data: {
        hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start_time: '06:00:00', end_time: '22:00:00' })),
        days_off: [],
      },
    }),
  )
  return { id: worker.worker_id, name: fullName, phone }
}

/** A service request as a visitor makes it (anonymous unless `api` is signed in). */
export async function askForService(
  api: APIRequestContext,
  {
    name,
    phone = uniquePhone(),
    service,
    town,
    date,
  }: { name: string; phone?: string; service: Service; town: Town; date: string },
): Promise<ServiceRequestResponse> {
  const res = await api.post('/api/servicerequest', {
    data: { name, phone, email: '', service, service_date: date, town },
  })
  expect(res.status(), await res.text()).toBe(201)
  return (await res.json()) as ServiceRequestResponse
}

/** Schedule a task for `worker` (from a request when `requestId` is given); its ids. */
export async function scheduleTask(
  operator: APIRequestContext,
  {
    worker,
    date,
    startTime = '10:00',
    endTime = '11:00',
    taskName,
    requestId,
  }: { worker: HiredWorker; date: string; startTime?: string; endTime?: string; taskName: string; requestId?: number },
): Promise<ScheduleResponse> {
  return ok<ScheduleResponse>(
    operator.post('/api/schedule', {
      data: {
        ...(requestId === undefined ? {} : { requestId }),
        taskName,
        serviceDesc: `${taskName}: journey task`,
        workerId: worker.id,
        date,
        startTime,
        endTime,
        completionDate: date,
        selectedStatus: 'assigned',
      },
    }),
  )
}

/**
 * An account of this journey's own with `role`: registered as a visitor would, then given the
 * role by the admin. Journeys that change an account (its language, its requests) use one, so no
 * other journey running beside them sees the change.
 */
export async function ownAccount(
  admin: APIRequestContext,
  testInfo: TestInfo,
  role: Role,
  prefix = role.slice(0, 1),
): Promise<Login & { id: number }> {
  const username = `${prefix}${uniqueTag(testInfo)}`.slice(0, 32)
  const password = `site-${username}-pass`
  const anonymous = await playwrightRequest.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}` })
  await ok(
    anonymous.post('/api/register', { data: { user: username, email: `${username}@example.com`, pwd: password } }),
  )
  await anonymous.dispose()
  const { users } = await ok<AdminUsersResponse>(admin.get('/api/admin/users', { params: { q: username } }))
  const user = users.find((u) => u.user === username)
  expect(user, `the new user ${username}`).toBeDefined()
  if (role !== 'customer') await ok(admin.patch(`/api/admin/users/${user!.id}`, { data: { role } }))
  return { username, password, id: user!.id }
}

/**
 * An operator of this journey's own (its language changes, so not a demo account), signed in on a
 * 390 px phone in Telugu: the page is on /about, the account's language and the browser's are Telugu.
 */
export async function ownOperatorInTeluguOnPhone(page: Page, testInfo: TestInfo): Promise<Login> {
  const admin = await apiAs('admin')
  const own = await ownAccount(admin, testInfo, 'operator', 'o')
  await admin.dispose()
  await page.setViewportSize({ width: 390, height: 844 })
  await page.addInitScript(() => localStorage.setItem('lang', 'te'))
  await page.goto('/about')
  await loginAs(page, own, { keepLanguage: true })
  await ok(page.request.put('/api/me/language', { data: { language: 'te' } }))
  return own
}

/** A request context of its own, signed in with `login`. */
export async function apiWith(login: Login): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}` })
  const res = await api.post('/api/login', { data: { user: login.username, pwd: login.password } })
  expect(res.status(), await res.text()).toBe(200)
  return api
}

/** Give `worker` a login of their own (registered, made a worker and linked by the admin). */
export async function workerLogin(admin: APIRequestContext, testInfo: TestInfo, worker: HiredWorker): Promise<Login> {
  const { id, ...login } = await ownAccount(admin, testInfo, 'worker')
  await ok(admin.put(`/api/admin/users/${id}/worker`, { data: { worker_id: worker.id } }))
  return login
}

/** Move a task through the given statuses as the operator. */
export async function moveTask(operator: APIRequestContext, taskId: number, statuses: string[]): Promise<void> {
  for (const status of statuses) {
    await ok(operator.put(`/api/update-status/${taskId}`, { data: { status } }))
  }
}

/**
 * The start code the customer got in their booking message (issue 21), read from the task's messages
 * on its job page, as the office would read it out to a customer who lost it.
 */
export async function startCodeFromMessages(operator: APIRequestContext, taskId: number): Promise<string> {
  const job = await ok<JobResponse>(operator.get(`/api/jobs/${taskId}`))
  const booked = job.messages.find((m) => m.event === 'task_assigned')
  const code = booked ? /Start code (\d{4})/.exec(booked.body)?.[1] : undefined
  expect(code, `the start code in task ${taskId}'s booking message`).toMatch(/^\d{4}$/)
  return code!
}

/**
 * A job of this journey's own for today, booked the way a customer books it (issue 21's journeys): a
 * worker with a login, a customer with an account who asks for `service` in `town` as `customerName`,
 * and the operator's booking of that worker. The request contexts stay open: the caller disposes them.
 */
export async function bookedJobToday(
  testInfo: TestInfo,
  {
    service,
    town,
    workerName,
    customerName,
    taskName,
  }: {
    service: Service
    town: Town
    workerName: string
    customerName: string
    taskName: string
  },
) {
  const operator = await apiAs('operator')
  const admin = await apiAs('admin')
  const worker = await hireWorker(operator, testInfo, { service, town, name: workerName })
  const workerAccount = await workerLogin(admin, testInfo, worker)
  const customerAccount = await ownAccount(admin, testInfo, 'customer')
  const asCustomer = await apiWith(customerAccount)
  const date = indianDate(0)
  const request = await ok<ServiceRequestResponse>(
    asCustomer.post('/api/servicerequest', {
      data: { name: customerName, phone: uniquePhone(), email: '', service, service_date: date, town },
    }),
  )
  const { taskId } = await scheduleTask(operator, {
    worker,
    date,
    taskName: `${taskName} ${uniqueTag(testInfo)}`,
    requestId: request.id,
  })
  return { operator, admin, asCustomer, worker, workerAccount, customerAccount, request, taskId }
}
