import { TASK_STATUSES, type TaskIdsResponse, type TaskStatusesResponse } from '@townworks/contract'
import type { Ctx } from '../../shared/context'
import * as tasksRepository from './tasks.repository'

/** The statuses in the machine's order, as the seed's rows. */
export function listStatuses(): TaskStatusesResponse {
  return { statutes: TASK_STATUSES.map((s) => [s] as [typeof s]) }
}

/** Task ids for the pickers. */
export async function listTaskIds(ctx: Ctx): Promise<TaskIdsResponse> {
  return { task_ids: await tasksRepository.listTaskRows(ctx.database.db) }
}
