import type { Role, TaskListItem, TaskStatus, WorkflowRecord } from '@townworks/contract'
import { and, asc, eq, ne, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { prepared } from '../../db/prepared'
import { tableNames } from '../../db/tables'
import { assignments, serviceRequests, tasks, users, workers, workflowRecords } from '../../db/schema'

/** Every task's id, name and status, oldest first. */
export async function listTaskItems(db: DbOrTx): Promise<TaskListItem[]> {
  return db
    .select({ task_id: tasks.id, task_name: tasks.taskName, status: tasks.status })
    .from(tasks)
    .orderBy(asc(tasks.id))
}

export interface NewTask {
  taskName: string
  serviceDesc: string
  serviceId: number | null
  townId: number | null
  requestId: number | null
  status: TaskStatus
  /** The worker's price for the service, set when scheduled (decision 009). */
  pricePaise: number | null
}

/** Insert a task; answers its id. */
export async function insertTask(tx: DbOrTx, t: NewTask): Promise<number> {
  const [task] = await tx.insert(tasks).values(t).returning({ id: tasks.id })
  return task!.id
}

/** Rename a task. */
export async function setTaskName(tx: DbOrTx, taskId: number, taskName: string): Promise<void> {
  await tx
    .update(tasks)
    .set({ taskName, updatedAt: sql`now()` })
    .where(eq(tasks.id, taskId))
}

/** Set a task's price. */
export async function setPrice(tx: DbOrTx, taskId: number, pricePaise: number): Promise<void> {
  await tx
    .update(tasks)
    .set({ pricePaise, updatedAt: sql`now()` })
    .where(eq(tasks.id, taskId))
}

export interface LockedTask {
  id: number
  status: TaskStatus
  /** The customer whose request the task came from, if any. */
  customerUserId: number | null
  /** Logins of the workers assigned to the task (active assignments). */
  workerUserIds: number[]
}

/** Lock a task row for the rest of the transaction, with who owns it; undefined when missing. */
export async function getTaskForUpdate(tx: DbOrTx, taskId: number): Promise<LockedTask | undefined> {
  return taskWithParties(tx, taskId, true)
}

/** A task's status and who owns it, without a lock (a read that decides who may see it); undefined when missing. */
export async function getTaskParties(db: DbOrTx, taskId: number): Promise<LockedTask | undefined> {
  return taskWithParties(db, taskId, false)
}

async function taskWithParties(tx: DbOrTx, taskId: number, lock: boolean): Promise<LockedTask | undefined> {
  const query = tx
    .select({ id: tasks.id, status: tasks.status, customerUserId: serviceRequests.customerId })
    .from(tasks)
    .leftJoin(serviceRequests, eq(serviceRequests.id, tasks.requestId))
    .where(eq(tasks.id, taskId))
  const [task] = lock ? await query.for('update', { of: tasks }) : await query
  if (!task) return undefined
  const assigned = await tx
    .select({ userId: workers.userId })
    .from(assignments)
    .innerJoin(workers, eq(workers.id, assignments.workerId))
    .where(and(eq(assignments.taskId, taskId), ne(assignments.status, 'cancelled')))
  return {
    ...task,
    workerUserIds: assigned.map((a) => a.userId).filter((id): id is number => id !== null),
  }
}

/** The workers of every assignment of a task, cancelled ones included (a revived task books them again). */
export async function workerIdsOfTask(tx: DbOrTx, taskId: number): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ workerId: assignments.workerId })
    .from(assignments)
    .where(eq(assignments.taskId, taskId))
  return rows.map((r) => r.workerId)
}

/** Set a task's status, and mirror it on its assignments that are not cancelled. */
export async function setStatus(tx: DbOrTx, taskId: number, status: TaskStatus, from?: TaskStatus): Promise<void> {
  await tx
    .update(tasks)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(tasks.id, taskId))
  // Bringing a cancelled task back (an admin's override) brings its assignments back too; the
  // no-overlap constraint then refuses it if the worker's slot has been taken meanwhile.
  const revives = from === 'cancelled' && status !== 'cancelled'
  await tx
    .update(assignments)
    .set({ status })
    .where(
      revives
        ? eq(assignments.taskId, taskId)
        : and(eq(assignments.taskId, taskId), ne(assignments.status, 'cancelled')),
    )
}

/** Append one workflow record. */
export async function appendWorkflow(
  tx: DbOrTx,
  record: {
    taskId: number
    fromStatus: TaskStatus | null
    status: TaskStatus
    byUserId: number | null
    reason?: string | null
    proof?: 'start_code' | null
  },
): Promise<number> {
  const [row] = await tx
    .insert(workflowRecords)
    .values({ ...record, reason: record.reason ?? null, proof: record.proof ?? null })
    .returning({ id: workflowRecords.id })
  return row!.id
}

/** What listWorkflow and taskExists read. */
export const WORKFLOW_READ = tableNames(workflowRecords, users, tasks)

/** A task's workflow records, oldest first, with who made each change. */
export async function listWorkflow(db: DbOrTx, taskId: number): Promise<WorkflowRecord[]> {
  const rows = await prepared(db, 'workflow_of_task', (d, name) =>
    d
      .select({
        id: workflowRecords.id,
        task_id: workflowRecords.taskId,
        status: workflowRecords.status,
        from_status: workflowRecords.fromStatus,
        at: workflowRecords.at,
        notes: workflowRecords.reason,
        by: users.username,
        proof: workflowRecords.proof,
      })
      .from(workflowRecords)
      .leftJoin(users, eq(users.id, workflowRecords.byUserId))
      .where(eq(workflowRecords.taskId, sql.placeholder('taskId')))
      .orderBy(asc(workflowRecords.at), asc(workflowRecords.id))
      .prepare(name),
  ).execute({ taskId })
  return rows.map(({ at, ...r }) => ({ ...r, timestamp: at.toISOString() }))
}

/** A task's records as its customer's timeline reads them: who made each change as a role and an id. */
export async function listTimeline(
  db: DbOrTx,
  taskId: number,
): Promise<(WorkflowRecord & { byUserId: number | null; byRole: Role | null })[]> {
  const rows = await db
    .select({
      id: workflowRecords.id,
      task_id: workflowRecords.taskId,
      status: workflowRecords.status,
      from_status: workflowRecords.fromStatus,
      at: workflowRecords.at,
      notes: workflowRecords.reason,
      by: users.username,
      proof: workflowRecords.proof,
      byUserId: workflowRecords.byUserId,
      byRole: users.role,
    })
    .from(workflowRecords)
    .leftJoin(users, eq(users.id, workflowRecords.byUserId))
    .where(eq(workflowRecords.taskId, taskId))
    .orderBy(asc(workflowRecords.at), asc(workflowRecords.id))
  return rows.map(({ at, ...r }) => ({ ...r, timestamp: at.toISOString() }))
}

export async function taskExists(db: DbOrTx, taskId: number): Promise<boolean> {
  const [row] = await prepared(db, 'task_exists', (d, name) =>
    d
      .select({ id: tasks.id })
      .from(tasks)
      .where(eq(tasks.id, sql.placeholder('taskId')))
      .prepare(name),
  ).execute({ taskId })
  return row !== undefined
}
