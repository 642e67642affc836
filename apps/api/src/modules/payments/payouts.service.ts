import {
  MAX_AMOUNT_PAISE,
  type CreatePayoutBody,
  type MyPayoutsResponse,
  type OwedResponse,
  type OwedTask,
  type PayoutResponse,
  type PayoutsResponse,
  type WorkerOwed,
} from '@townworks/contract'
import type { DbOrTx } from '../../db/client'
import { AppError, pgErrorCode } from '../../shared/app-error'
import type { Ctx } from '../../shared/context'
import { mapBatches, type CsvTable } from '../../shared/csv'
import * as taskPhotosService from '../task-photos/task-photos.service'
import * as tasksService from '../tasks/tasks.service'
import * as chargesRepository from './charges.repository'
import * as ledgerRepository from './ledger.repository'
import * as payoutsRepository from './payouts.repository'
import { balanceOf, userOf } from './common'
import { chargesOfTasks } from './charges.service'
import { PLATFORM_CASH, workerPayable, writeGroup } from './ledger.service'

// Paying workers what their tasks' customers paid: what is owed, payouts, a worker's own view.

/** GET /api/payouts/owed — per worker: tasks paid by the customer and not yet paid out, and what was paid. */
export async function listOwed(ctx: Ctx): Promise<OwedResponse> {
  const db = ctx.database.db
  const owed = await payoutsRepository.owedTasks(db)
  const paid = await payoutsRepository.paidPerWorker(db)
  const ids = [...new Set([...owed.map((o) => o.workerId), ...paid.keys()])]
  const names = await payoutsRepository.workerNames(db, ids)
  const taskIds = [...new Set(owed.map((o) => o.task_id))]
  const charges = await chargesOfTasks(ctx, taskIds)
  // The office looks at the photos of the work before it pays (issue 21).
  const photos = await taskPhotosService.photoCountsOf(db, taskIds)
  const workers: WorkerOwed[] = ids.map((id) => {
    const tasks = owed
      .filter((o) => o.workerId === id)
      .map(({ workerId: _w, paidPaise, ...t }): OwedTask => {
        const { balance, mismatch } = balanceOf(charges.get(t.task_id)?.total_paise ?? null, paidPaise)
        return { ...t, balance_paise: balance, payment_mismatch: mismatch, photo_count: photos.get(t.task_id) ?? 0 }
      })
    return {
      worker_id: id,
      name: names.get(id) ?? `Worker ${id}`,
      owed_paise: tasks.reduce((s, t) => s + t.amount_paise, 0),
      paid_paise: paid.get(id)?.paid ?? 0,
      tasks,
    }
  })
  workers.sort((a, b) => b.owed_paise - a.owed_paise || a.name.localeCompare(b.name))
  return { workers, refunds_due: await payoutsRepository.refundsDue(db) }
}

/** GET /api/payouts */
export async function listPayouts(ctx: Ctx): Promise<PayoutsResponse> {
  return { payouts: await payoutsRepository.listPayouts(ctx.database.db) }
}

/**
 * Lock the payout's tasks (in id order, so two payouts over overlapping tasks cannot deadlock) and
 * check each is paid by its customer, the worker's, and owes them a share: the payout's ledger legs
 * and total.
 */
async function lockPayoutTasks(
  tx: DbOrTx,
  body: CreatePayoutBody,
  name: string,
): Promise<{ legs: ledgerRepository.LedgerLeg[]; total: number }> {
  const legs: ledgerRepository.LedgerLeg[] = []
  let total = 0
  for (const taskId of [...body.task_ids].sort((a, b) => a - b)) {
    const task = await chargesRepository.lockTask(tx, taskId)
    if (!task) {
      throw new AppError('NOT_FOUND', `Task ${taskId} was not found`, {
        issues: [{ path: 'task_ids', message: `No task ${taskId}` }],
      })
    }
    if (task.status !== 'payment_received') {
      throw new AppError(
        'CONFLICT',
        task.status === 'paid_to_worker' || task.status === 'task_completed'
          ? `Task ${taskId} is already paid out`
          : `Task ${taskId} is not paid by its customer yet (it is ${task.status})`,
        { details: { task_id: taskId, status: task.status } },
      )
    }
    if (task.workerId !== body.worker_id) {
      throw new AppError('CONFLICT', `Task ${taskId} is not ${name}'s`, { details: { task_id: taskId } })
    }
    const share = await ledgerRepository.capturedShare(tx, taskId)
    if (!share || share.workerAccount !== workerPayable(body.worker_id)) {
      throw new AppError('CONFLICT', `Task ${taskId} has no payment owed to ${name}`)
    }
    total += share.sharePaise
    legs.push(
      { account: workerPayable(body.worker_id), amountPaise: share.sharePaise, taskId },
      { account: PLATFORM_CASH, amountPaise: -share.sharePaise, taskId },
    )
  }
  return { legs, total }
}

/**
 * POST /api/payouts — pay a worker for tasks their customers have paid: each task must be
 * payment_received and the worker's; the amount is the sum of their shares from the ledger.
 * One transaction writes the payout, its tasks (a task is paid out once: unique), the balanced
 * ledger legs, and moves each task to paid_to_worker (the operator) then task_completed (system).
 */
export async function createPayout(ctx: Ctx, body: CreatePayoutBody): Promise<PayoutResponse> {
  const user = userOf(ctx)
  try {
    const payoutId = await ctx.database.db.transaction(async (tx) => {
      const name = await payoutsRepository.workerName(tx, body.worker_id)
      if (!name) {
        throw new AppError('NOT_FOUND', 'Worker was not found', {
          issues: [{ path: 'worker_id', message: 'No worker has this ID' }],
        })
      }
      const { legs, total } = await lockPayoutTasks(tx, body, name)
      if (body.amount_paise !== undefined && body.amount_paise !== total) {
        throw new AppError('CONFLICT', `These tasks owe ₹${total / 100}, not ₹${body.amount_paise / 100}`, {
          issues: [{ path: 'amount_paise', message: 'Not what these tasks owe' }],
          details: { owed_paise: total },
        })
      }
      if (total <= 0) throw new AppError('CONFLICT', 'Nothing is owed for these tasks')
      if (total > MAX_AMOUNT_PAISE) {
        throw new AppError(
          'CONFLICT',
          `These tasks owe ₹${total / 100}, more than one payout may carry (₹${MAX_AMOUNT_PAISE / 100}): pay them in several payouts`,
          {
            issues: [{ path: 'task_ids', message: 'Too much for one payout' }],
            details: { max_paise: MAX_AMOUNT_PAISE },
          },
        )
      }
      const id = await payoutsRepository.insertPayout(tx, {
        workerId: body.worker_id,
        amountPaise: total,
        method: body.method,
        reference: body.reference ?? null,
        recordedBy: user.id,
        taskIds: body.task_ids,
      })
      await writeGroup(
        tx,
        'payout',
        legs.map((l) => ({ ...l, payoutId: id })),
      )
      for (const taskId of body.task_ids) {
        await tasksService.changeTaskStatus(
          ctx,
          { taskId, status: 'paid_to_worker', expectedStatus: 'payment_received', moneyRecorded: true },
          tx,
        )
        await tasksService.changeTaskStatus(
          ctx,
          { taskId, status: 'task_completed', expectedStatus: 'paid_to_worker', asSystem: true },
          tx,
        )
      }
      return id
    })
    const [payout] = await payoutsRepository.listPayouts(ctx.database.db, { payoutId })
    return { message: 'Payout recorded', payout: payout! }
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw new AppError('CONFLICT', 'One of these tasks was paid out a moment ago')
    throw error
  }
}

/** GET /api/my/payouts — the logged-in worker's payouts and what is still owed to them. */
export async function listMyPayouts(ctx: Ctx): Promise<MyPayoutsResponse> {
  const user = userOf(ctx)
  const workerId = await payoutsRepository.workerIdOfUser(ctx.database.db, user.id)
  if (workerId === undefined) return { owed_paise: 0, payouts: [] }
  const owed = await payoutsRepository.owedTasks(ctx.database.db, workerId)
  return {
    owed_paise: owed.reduce((s, t) => s + t.amount_paise, 0),
    payouts: await payoutsRepository.listPayouts(ctx.database.db, { workerId }),
  }
}

/** GET /api/payouts/export.csv: every payout, newest first, a line per task it covers (decision 045). */
export function exportPayouts(ctx: Ctx): CsvTable {
  return {
    header: [
      'payout_id',
      'created_at',
      'worker_id',
      'worker_name',
      'amount_paise',
      'method',
      'reference',
      'recorded_by',
      'task_id',
      'task_name',
    ],
    batches: mapBatches(payoutsRepository.exportPayoutBatches(ctx.database.db), (p) => [
      p.id,
      p.createdAt.toISOString(),
      p.workerId,
      p.workerName,
      p.amountPaise,
      p.method,
      p.reference,
      p.recordedBy,
      p.taskId,
      p.taskName,
    ]),
  }
}
