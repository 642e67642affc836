import type { TaskStatus } from '@townworks/contract'
import { eq } from 'drizzle-orm'
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
import type { TestApp } from './test-app'

let phoneCounter = 0
let dayCounter = 0

/** A distinct future date per call, so fixtures never clash on a worker's time. */
const nextDate = () => new Date(Date.UTC(2031, 0, 1 + dayCounter++)).toISOString().slice(0, 10)

/** A worker in a town offering a service (ids looked up by name), optionally with a login. */
export async function createWorker(
  t: TestApp,
  opts: { name?: string; town?: string; service?: string; userId?: number; pricePaise?: number } = {},
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
  await db
    .insert(workerServices)
    .values({ workerId: worker!.id, serviceId: service!.id, description: 'Test', pricePaise: opts.pricePaise ?? 45000 })
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
