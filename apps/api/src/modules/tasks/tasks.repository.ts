import { asc } from 'drizzle-orm'
import type { TaskIdsResponse } from '@townworks/contract'
import type { DbOrTx } from '../../db/client'
import { tasks } from '../../db/schema'

/** Every task as the seed's rows: [task_id, task_name, status], oldest first. */
export async function listTaskRows(db: DbOrTx): Promise<TaskIdsResponse['task_ids']> {
  const rows = await db
    .select({ id: tasks.id, name: tasks.taskName, status: tasks.status })
    .from(tasks)
    .orderBy(asc(tasks.id))
  return rows.map((r) => [r.id, r.name, r.status])
}
