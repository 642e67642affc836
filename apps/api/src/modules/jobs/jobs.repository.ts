import {
  taskReference,
  type JobAssignment,
  type JobRequest,
  type RequestDetails,
  type JobSummariesQuery,
  type JobSummary,
  type RequestState,
  type Service,
  type TaskStatus,
  type Town,
} from '@townworks/contract'
import { requestReference } from '@townworks/contract/constants'
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../../db/client'
import { likeContaining } from '../../db/like'
import { assignments, serviceRequests, services, tasks, towns, users, workers, workerServices } from '../../db/schema'

// The job page's and pickers' read model: one query joins what the owning modules store
// (tasks, requests, assignments, workers); money, messages and history come from their services.

const taskTowns = alias(towns, 'task_towns')
const workerTowns = alias(towns, 'worker_towns')
const requestServices = alias(services, 'request_services')
const requestTowns = alias(towns, 'request_towns')

/** The task with its request, as the job page names them. */
export interface JobCore {
  task: {
    id: number
    requestId: number | null
    name: string
    description: string
    status: TaskStatus
    service: Service | null
    town: Town | null
    createdAt: string
  }
  /** The request without the request form's extras (the requests module adds them). */
  request: Omit<JobRequest, keyof RequestDetails | 'preferred_worker' | 'language'> | null
}

/** A task and the request it came from; undefined when there is no such task. */
export async function getJobCore(db: DbOrTx, taskId: number): Promise<JobCore | undefined> {
  const [row] = await db
    .select({
      id: tasks.id,
      requestId: tasks.requestId,
      name: tasks.taskName,
      description: tasks.serviceDesc,
      status: tasks.status,
      service: services.name,
      town: taskTowns.name,
      createdAt: tasks.createdAt,
      rName: serviceRequests.name,
      rPhone: serviceRequests.phone,
      rEmail: serviceRequests.email,
      rService: requestServices.name,
      rTown: requestTowns.name,
      rDate: serviceRequests.serviceDate,
      rState: serviceRequests.state,
      rCreatedAt: serviceRequests.createdAt,
      rUser: users.username,
    })
    .from(tasks)
    .leftJoin(services, eq(services.id, tasks.serviceId))
    .leftJoin(taskTowns, eq(taskTowns.id, tasks.townId))
    .leftJoin(serviceRequests, eq(serviceRequests.id, tasks.requestId))
    .leftJoin(requestServices, eq(requestServices.id, serviceRequests.serviceId))
    .leftJoin(requestTowns, eq(requestTowns.id, serviceRequests.townId))
    .leftJoin(users, eq(users.id, serviceRequests.customerId))
    .where(eq(tasks.id, taskId))
  if (!row) return undefined
  return {
    task: {
      id: row.id,
      requestId: row.requestId,
      name: row.name,
      description: row.description,
      status: row.status,
      service: (row.service as Service | null) ?? null,
      town: (row.town as Town | null) ?? null,
      createdAt: row.createdAt.toISOString(),
    },
    request:
      row.requestId !== null && row.rName !== null && row.rPhone !== null && row.rDate !== null
        ? {
            id: row.requestId,
            reference: requestReference(row.requestId),
            customer_name: row.rName,
            phone: row.rPhone,
            email: row.rEmail,
            service: row.rService as Service,
            town: row.rTown as Town,
            service_date: row.rDate,
            state: row.rState as RequestState,
            created_at: row.rCreatedAt!.toISOString(),
            customer_user: row.rUser,
          }
        : null,
  }
}

/** The task's current assignment: its newest one that is not cancelled, else its newest. */
export async function currentAssignment(db: DbOrTx, taskId: number): Promise<JobAssignment | null> {
  const [row] = await db
    .select({
      assignmentId: assignments.id,
      workerId: workers.id,
      name: workers.name,
      phone: workers.phone,
      town: workerTowns.name,
      date: assignments.assignmentDate,
      start: assignments.startTime,
      end: assignments.endTime,
      completion: assignments.completionDate,
      status: assignments.status,
    })
    .from(assignments)
    .innerJoin(workers, eq(workers.id, assignments.workerId))
    .leftJoin(workerTowns, eq(workerTowns.id, workers.townId))
    .where(eq(assignments.taskId, taskId))
    .orderBy(sql`(${assignments.status} = 'cancelled')`, desc(assignments.id))
    .limit(1)
  if (!row) return null
  const trades = await db
    .select({ name: services.name })
    .from(workerServices)
    .innerJoin(services, eq(services.id, workerServices.serviceId))
    .where(eq(workerServices.workerId, row.workerId))
    .orderBy(asc(services.id))
  return {
    assignment_id: row.assignmentId,
    worker_id: row.workerId,
    worker_name: row.name,
    worker_phone: row.phone,
    worker_trades: trades.map((t) => t.name as Service),
    worker_town: (row.town as Town | null) ?? null,
    date: row.date,
    start_time: row.start,
    end_time: row.end,
    completion_date: row.completion,
    status: row.status,
  }
}

/** What a typed search names: a request reference (TW-000123 or 123), a task number (#45), or words. */
function searchFilter(q: string | undefined): SQL | undefined {
  if (!q) return undefined
  const reference = /^(?:tw-?)?0*([1-9][0-9]{0,9})$/i.exec(q)
  const taskNumber = /^#0*([1-9][0-9]{0,9})$/.exec(q)
  const inInt4 = (n: number) => n <= 2_147_483_647
  if (taskNumber && inInt4(Number(taskNumber[1]))) return eq(tasks.id, Number(taskNumber[1]))
  const words = or(
    ilike(tasks.taskName, likeContaining(q)),
    ilike(workers.name, likeContaining(q)),
    ilike(services.name, likeContaining(q)),
    ilike(taskTowns.name, likeContaining(q)),
  )
  if (reference && inInt4(Number(reference[1]))) {
    const n = Number(reference[1])
    return /^tw/i.test(q) ? eq(tasks.requestId, n) : or(eq(tasks.requestId, n), eq(tasks.id, n), words)
  }
  return words
}

/**
 * Picker rows, newest first: one per assignment (`by: 'assignment'`), or one per task with its
 * current assignment (`by: 'task'`), matching the search.
 */
export async function listSummaries(
  db: DbOrTx,
  query: JobSummariesQuery,
  by: 'assignment' | 'task',
): Promise<JobSummary[]> {
  const columns = {
    taskId: tasks.id,
    requestId: tasks.requestId,
    taskName: tasks.taskName,
    status: tasks.status,
    service: services.name,
    town: taskTowns.name,
    assignmentId: assignments.id,
    date: assignments.assignmentDate,
    start: assignments.startTime,
    workerId: workers.id,
    workerName: workers.name,
  }
  // A task's current assignment: its newest not cancelled, else its newest (as the job page shows).
  const current = sql`${assignments.id} = (select a2.id from ${assignments} a2 where a2.task_id = ${tasks.id}
    order by (a2.status = 'cancelled'), a2.id desc limit 1)`
  const base =
    by === 'assignment'
      ? db.select(columns).from(assignments).innerJoin(tasks, eq(tasks.id, assignments.taskId)).$dynamic()
      : db
          .select(columns)
          .from(tasks)
          .leftJoin(assignments, and(eq(assignments.taskId, tasks.id), current))
          .$dynamic()
  const rows = await base
    .leftJoin(workers, eq(workers.id, assignments.workerId))
    .leftJoin(services, eq(services.id, tasks.serviceId))
    .leftJoin(taskTowns, eq(taskTowns.id, tasks.townId))
    .where(searchFilter(query.q))
    .orderBy(by === 'assignment' ? desc(assignments.id) : desc(tasks.id))
    .limit(query.limit)
  return rows.map((r) => ({
    id: by === 'assignment' ? r.assignmentId! : r.taskId,
    task_id: r.taskId,
    assignment_id: r.assignmentId ?? null,
    reference: taskReference({ id: r.taskId, requestId: r.requestId }),
    task_name: r.taskName,
    service: (r.service as Service | null) ?? null,
    town: (r.town as Town | null) ?? null,
    date: r.date ?? null,
    start_time: r.start ?? null,
    worker_id: r.workerId ?? null,
    worker_name: r.workerName ?? null,
    status: r.status,
  }))
}
