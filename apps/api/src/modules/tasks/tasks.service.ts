import { randomInt, timingSafeEqual } from 'node:crypto'
import {
  actorsForRole,
  canTransition,
  isRecordedMoneyStatus,
  nextStatuses,
  TASK_STATUSES,
  type Actor,
  type MyRequestRecord,
  type TaskListItem,
  type TaskStatus,
  type UpdateStatusResponse,
  type WorkflowResponse,
} from '@townworks/contract'
import { START_CODE_MAX_TRIES } from '@townworks/contract/constants'
import type { DbOrTx } from '../../db/client'
import { transactionWithRetry } from '../../db/transaction'
import { AppError, notFound, pgErrorCode } from '../../shared/app-error'
import type { AuthUser, Ctx } from '../../shared/context'
import { notifyStartCodeTriesUsed, notifyTaskStatusChanged } from '../notifications/notifications.service'
import * as workersService from '../workers/workers.service'
import * as startCodes from './start-code.repository'
import * as tasksRepository from './tasks.repository'

/** The tables a task's cached workflow history reads (decision 014). */
export { WORKFLOW_READ } from './tasks.repository'

/** The statuses in the machine's order (GET /api/taskstatus: the route's serializer makes the seed's rows). */
export function listStatuses(): readonly TaskStatus[] {
  return TASK_STATUSES
}

/** Every task's id, name and status for the pickers, oldest first (GET /api/task, as rows by its serializer). */
export async function listTaskIds(ctx: Ctx): Promise<TaskListItem[]> {
  return tasksRepository.listTaskItems(ctx.database.db)
}

/** A task's workflow records, oldest first. */
export async function getWorkflow(ctx: Ctx, taskId: number): Promise<WorkflowResponse> {
  const workflows = await tasksRepository.listWorkflow(ctx.database.db, taskId)
  if (workflows.length === 0 && !(await tasksRepository.taskExists(ctx.database.db, taskId))) throw notFound('Task')
  return { workflows }
}

/** Workflow records of several tasks, oldest first each, for a customer's own view (the caller checks ownership). */
export async function getWorkflowsOfTasks(
  ctx: Ctx,
  taskIds: readonly number[],
  customerId: number,
): Promise<Map<number, MyRequestRecord[]>> {
  const out = new Map<number, MyRequestRecord[]>()
  for (const id of taskIds) {
    const records = await tasksRepository.listTimeline(ctx.database.db, id)
    out.set(
      id,
      // A move (from_status = status) is told to the customer by its "moved" message, not as a step of the work.
      records
        .filter((r) => r.from_status !== r.status)
        .map(({ byUserId, byRole, ...record }) => ({
          ...record,
          // A customer never reads a login name: the office is "the TownWorks team", the worker is named by the card.
          by: null,
          by_who: byUserId === null ? null : byUserId === customerId ? 'you' : byRole === 'worker' ? 'worker' : 'team',
        })),
    )
  }
  return out
}

/**
 * Create a task and its first workflow record in the caller's transaction (a schedule books the
 * task's assignment in the same one); answers the task's id.
 */
export async function createTask(tx: DbOrTx, task: tasksRepository.NewTask & { byUserId: number }): Promise<number> {
  const { byUserId, ...values } = task
  const taskId = await tasksRepository.insertTask(tx, values)
  await tasksRepository.appendWorkflow(tx, { taskId, fromStatus: null, status: task.status, byUserId })
  // A task for a customer's request gets the start code its customer reads out at the door (issue 21).
  if (values.requestId !== null) await startCodes.insertStartCode(tx, taskId, newStartCode())
  return taskId
}

/** A start code: 4 random digits. */
export function newStartCode(): string {
  return String(randomInt(0, 10_000)).padStart(4, '0')
}

/** The workflow note of a start the office made without the customer's code, when the caller gave no reason. */
export const OFFICE_START_NOTE = 'Started by the office without the customer’s start code'

/**
 * Record that a task's booking moved (another day, time or worker) in its history, in the caller's
 * transaction: one workflow record that keeps the status (`from_status` = `status`) and says the move
 * in its notes. Every reschedule and reassignment is recorded, from any screen (issue 20: the board).
 */
export async function recordMove(
  tx: DbOrTx,
  move: { taskId: number; status: TaskStatus; byUserId: number; note: string },
): Promise<void> {
  await tasksRepository.appendWorkflow(tx, {
    taskId: move.taskId,
    fromStatus: move.status,
    status: move.status,
    byUserId: move.byUserId,
    reason: move.note,
  })
}

/** Rename a task, in the caller's transaction. */
export async function renameTask(tx: DbOrTx, taskId: number, taskName: string): Promise<void> {
  await tasksRepository.setTaskName(tx, taskId, taskName)
}

/** Set a task's price, in the caller's transaction (payments records why and checks it may change). */
export async function setTaskPrice(tx: DbOrTx, taskId: number, pricePaise: number): Promise<void> {
  await tasksRepository.setPrice(tx, taskId, pricePaise)
}

/** A task's status and who owns it: the customer of its request, the logins of its assigned workers. */
export type TaskParties = tasksRepository.LockedTask

/**
 * A task's status and who owns it (photos of the work, decision 057): locked for the rest of the
 * caller's transaction with `lock`, else read as it is; undefined when the task is missing.
 */
export async function taskParties(
  db: DbOrTx,
  taskId: number,
  options: { lock: boolean },
): Promise<TaskParties | undefined> {
  return options.lock ? tasksRepository.getTaskForUpdate(db, taskId) : tasksRepository.getTaskParties(db, taskId)
}

/** How the caller may act on this task: as operator, as its worker, as its customer — or not at all. */
function actorsOn(task: tasksRepository.LockedTask, user: AuthUser): Actor[] {
  const actors = [...actorsForRole(user.role)].filter((a) => {
    if (a === 'worker') return task.workerUserIds.includes(user.id)
    if (a === 'customer') return task.customerUserId === user.id
    return true
  })
  return actors
}

export interface ChangeStatusInput {
  taskId: number
  status: TaskStatus
  /** The status the caller saw: a task moved meanwhile is refused (409) instead of silently undone. */
  expectedStatus?: TaskStatus
  /** An admin override's reason. */
  reason?: string
  /**
   * The platform itself takes the change (a payment provider's confirmation, the close after a
   * payout): only transitions the machine gives to `system`, recorded with no user.
   */
  asSystem?: boolean
  /**
   * The money this status says moved was recorded in the same transaction (a payment for
   * payment_received, a payout for paid_to_worker). Without it, a plain change into one of
   * RECORDED_MONEY_STATUSES is refused, unless an admin overrides with a reason.
   */
  moneyRecorded?: boolean
  /** The assigned worker typed the task's start code right (startWithCode, in the same transaction). */
  startCodeConfirmed?: boolean
  /**
   * The task's own worker records the customer's cash in the same transaction (payments'
   * recordCashReceived, decision 064): the worker may then make the moves of WORKER_CASH_MOVES.
   */
  cashByWorker?: boolean
}

/**
 * The moves a task's own worker makes when the customer pays them in cash: the customer paying says
 * they accept the work (work_completed → payment_pending), and the payment recorded moves it on.
 */
const WORKER_CASH_MOVES: readonly (readonly [TaskStatus, TaskStatus])[] = [
  ['work_completed', 'payment_pending'],
  ['payment_pending', 'payment_received'],
]

/** Whether this change is a move of WORKER_CASH_MOVES by the task's worker, recording cash. */
function workerTakesCash(from: TaskStatus, input: ChangeStatusInput, actors: readonly Actor[]): boolean {
  return (
    input.cashByWorker === true &&
    actors.includes('worker') &&
    WORKER_CASH_MOVES.some(([f, t]) => f === from && t === input.status)
  )
}

/**
 * Move a task through the status machine, in the caller's transaction or a new one: lock the
 * task, check the transition for this caller, set the status on the task and its assignments,
 * and append exactly one workflow record. An admin may override the machine with a reason.
 */
export async function changeTaskStatus(ctx: Ctx, input: ChangeStatusInput, tx?: DbOrTx): Promise<UpdateStatusResponse> {
  const user = input.asSystem ? undefined : ctx.user
  if (!user && !input.asSystem) throw new AppError('UNAUTHENTICATED', 'Please log in to continue')
  const run = async (db: DbOrTx): Promise<UpdateStatusResponse> => {
    const task = await tasksRepository.getTaskForUpdate(db, input.taskId)
    if (!task) throw notFound('Task')
    const actors: Actor[] = user ? actorsOn(task, user) : ['system']
    if (actors.length === 0) throw new AppError('FORBIDDEN', 'This task is not yours')
    if (input.expectedStatus && input.expectedStatus !== task.status) {
      throw new AppError('STALE_STATUS', `Someone else moved this task first: it is now ${task.status}`, {
        details: { current: task.status, allowed: nextStatuses(task.status, actors) },
      })
    }
    const allowed =
      actors.some((a) => canTransition(task.status, input.status, a)) || workerTakesCash(task.status, input, actors)
    let reason: string | null = null
    if (!allowed) {
      if (user?.role === 'admin' && input.status !== task.status) {
        if (!input.reason) {
          throw new AppError('VALIDATION_FAILED', 'An override needs a reason', {
            issues: [{ path: 'reason', message: 'Say why you override the usual order' }],
          })
        }
        reason = input.reason
      } else {
        throw new AppError('INVALID_TRANSITION', `A task in ${task.status} cannot move to ${input.status}`, {
          details: { current: task.status, allowed: nextStatuses(task.status, actors) },
        })
      }
    } else if (input.reason) {
      reason = input.reason
    }
    if (user && isRecordedMoneyStatus(input.status) && !input.moneyRecorded && reason === null) {
      throw new AppError('MONEY_NOT_RECORDED', moneyNotRecordedMessage(input.status), {
        details: { current: task.status, status: input.status },
      })
    }
    let proof: 'start_code' | null = null
    if (user && task.status === 'assigned' && input.status === 'work_inprogress') {
      // The first start of a task with a start code (issue 21): the worker proves they are at the
      // door with the customer's code; the office may start it without, and the history says so.
      const startCode = await startCodes.lockStartCode(db, task.id)
      if (startCode && startCode.confirmedAt === null) {
        if (input.startCodeConfirmed) {
          await startCodes.confirmStartCode(db, task.id, user.id)
          proof = 'start_code'
        } else if (actors.includes('operator')) {
          reason ??= OFFICE_START_NOTE
        } else {
          throw new AppError('START_CODE_REQUIRED', 'Ask the customer for the start code and type it in to start', {
            details: { tries_left: Math.max(0, START_CODE_MAX_TRIES - startCode.wrongTries) },
          })
        }
      }
    }
    const workflowRecordId = await tasksRepository.appendWorkflow(db, {
      taskId: task.id,
      fromStatus: task.status,
      status: input.status,
      byUserId: user?.id ?? null,
      reason,
      proof,
    })
    // The customer's (and worker's) messages are written with the change, or not at all; before
    // setStatus, while the task's workers are still those on it (a cancel also cancels assignments).
    // A customer who just paid the worker in hand is not told "payment due" a moment before "payment received".
    if (!(input.cashByWorker && input.status === 'payment_pending')) {
      await notifyTaskStatusChanged(db, ctx.messaging, {
        taskId: task.id,
        from: task.status,
        to: input.status,
        workflowRecordId,
      })
    }
    if (task.status === 'cancelled' && input.status !== 'cancelled') {
      // Bringing a cancelled task back books its workers again: take their booking locks (after the
      // task's, the one order every path keeps), so a booking racing for the slot queues, and the
      // no-overlap constraint answers the loser without a deadlock.
      await workersService.lockWorkersForBooking(db, await tasksRepository.workerIdsOfTask(db, task.id))
    }
    try {
      await tasksRepository.setStatus(db, task.id, input.status, task.status)
    } catch (error) {
      if (pgErrorCode(error) === '23P01') {
        throw new AppError(
          'DOUBLE_BOOKING',
          'The worker’s slot for this task has been booked meanwhile: schedule it again',
        )
      }
      throw error
    }
    return { message: 'Status updated', task_id: task.id, status: input.status, previous_status: task.status }
  }
  return tx ? run(tx) : transactionWithRetry(ctx.database.db, run)
}

/** What to do instead of a plain change into a status that says money moved. */
function moneyNotRecordedMessage(status: TaskStatus): string {
  return status === 'payment_received'
    ? 'Record how the customer paid (cash or UPI) first: the task then moves to payment_received by itself'
    : 'Record the payout to the worker on Payouts first: the task then moves to paid_to_worker by itself'
}

/** What a start with a wrong code left: the tries still open (0: used up, the office was told). */
type StartOutcome = { started: UpdateStatusResponse } | { wrong: { triesLeft: number } }

/**
 * POST /api/tasks/{task_id}/start: the assigned worker starts the work with the start code the
 * customer read out (issue 21). A wrong code counts (and stays counted: it is stored before the
 * answer); after START_CODE_MAX_TRIES the tries are used up, the office is told, and only the office
 * can start the task. A task with no start code (made by the office with no request) just starts.
 */
export async function startWithCode(
  ctx: Ctx,
  input: { taskId: number; code: string; expectedStatus?: TaskStatus },
): Promise<UpdateStatusResponse> {
  const user = ctx.user
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue')
  const outcome = await transactionWithRetry(ctx.database.db, async (tx): Promise<StartOutcome> => {
    const task = await tasksRepository.getTaskForUpdate(tx, input.taskId)
    // Another worker's task reads as missing: no one learns of tasks, or tries codes, that are not theirs.
    if (!task || !task.workerUserIds.includes(user.id)) throw notFound('Task')
    const startCode = await startCodes.lockStartCode(tx, task.id)
    const change = { taskId: task.id, status: 'work_inprogress' as const, expectedStatus: input.expectedStatus }
    if (!startCode || startCode.confirmedAt !== null || task.status !== 'assigned') {
      return { started: await changeTaskStatus(ctx, change, tx) }
    }
    if (input.expectedStatus && input.expectedStatus !== task.status) {
      return { started: await changeTaskStatus(ctx, change, tx) }
    }
    if (startCode.wrongTries >= START_CODE_MAX_TRIES) return { wrong: { triesLeft: 0 } }
    if (!sameCode(input.code, startCode.code)) {
      const tries = await startCodes.addWrongTry(tx, task.id)
      if (tries === START_CODE_MAX_TRIES) await notifyStartCodeTriesUsed(tx, ctx.messaging, task.id)
      return { wrong: { triesLeft: START_CODE_MAX_TRIES - tries } }
    }
    return { started: await changeTaskStatus(ctx, { ...change, startCodeConfirmed: true }, tx) }
  })
  if ('started' in outcome) return outcome.started
  const { triesLeft } = outcome.wrong
  if (triesLeft === 0) {
    throw new AppError('CODE_TRIES_USED', 'Too many wrong start codes: the office has been told and will call you', {
      details: { tries_left: 0 },
    })
  }
  throw new AppError('CODE_WRONG', 'That is not the start code the customer has', {
    details: { tries_left: triesLeft },
    issues: [{ path: 'start_code', message: 'That is not the start code the customer has' }],
  })
}

/** Compare two 4-digit codes in constant time. */
function sameCode(typed: string, stored: string): boolean {
  const a = Buffer.from(typed)
  const b = Buffer.from(stored)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** The start codes customers still have to read out, by task (only tasks waiting to start). */
export async function pendingStartCodes(
  ctx: Ctx,
  taskIds: readonly number[],
): Promise<Map<number, { code: string; triesLeft: number }>> {
  const codes = await startCodes.pendingCodes(ctx.database.db, taskIds)
  return new Map(
    [...codes].map(([taskId, c]) => [
      taskId,
      { code: c.code, triesLeft: Math.max(0, START_CODE_MAX_TRIES - c.wrongTries) },
    ]),
  )
}
