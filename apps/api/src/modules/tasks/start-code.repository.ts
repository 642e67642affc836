import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { taskStartCodes, tasks } from '../../db/schema'

/** Give a task its start code (issue 21). */
export async function insertStartCode(tx: DbOrTx, taskId: number, code: string): Promise<void> {
  await tx.insert(taskStartCodes).values({ taskId, code }).onConflictDoNothing()
}

export interface LockedStartCode {
  code: string
  wrongTries: number
  confirmedAt: Date | null
}

/** A task's start code, locked for the rest of the transaction; undefined when the task has none. */
export async function lockStartCode(tx: DbOrTx, taskId: number): Promise<LockedStartCode | undefined> {
  const [row] = await tx
    .select({
      code: taskStartCodes.code,
      wrongTries: taskStartCodes.wrongTries,
      confirmedAt: taskStartCodes.confirmedAt,
    })
    .from(taskStartCodes)
    .where(eq(taskStartCodes.taskId, taskId))
    .for('update')
  return row
}

/** Count one wrong try; answers the tries counted now. */
export async function addWrongTry(tx: DbOrTx, taskId: number): Promise<number> {
  const [row] = await tx
    .update(taskStartCodes)
    .set({ wrongTries: sql`${taskStartCodes.wrongTries} + 1` })
    .where(eq(taskStartCodes.taskId, taskId))
    .returning({ wrongTries: taskStartCodes.wrongTries })
  return row!.wrongTries
}

/** Mark a task's start code as used: the work started with it, confirmed by this login. */
export async function confirmStartCode(tx: DbOrTx, taskId: number, userId: number): Promise<void> {
  await tx
    .update(taskStartCodes)
    .set({ confirmedAt: sql`now()`, confirmedByUserId: userId })
    .where(eq(taskStartCodes.taskId, taskId))
}

/** The codes not yet used of tasks still waiting to start, by task: what their customers read out. */
export async function pendingCodes(db: DbOrTx, taskIds: readonly number[]): Promise<Map<number, LockedStartCode>> {
  if (taskIds.length === 0) return new Map()
  const rows = await db
    .select({
      taskId: taskStartCodes.taskId,
      code: taskStartCodes.code,
      wrongTries: taskStartCodes.wrongTries,
      confirmedAt: taskStartCodes.confirmedAt,
    })
    .from(taskStartCodes)
    .innerJoin(tasks, eq(tasks.id, taskStartCodes.taskId))
    .where(
      and(
        inArray(taskStartCodes.taskId, [...taskIds]),
        isNull(taskStartCodes.confirmedAt),
        eq(tasks.status, 'assigned'),
      ),
    )
  return new Map(rows.map(({ taskId, ...code }) => [taskId, code]))
}
