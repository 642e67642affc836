import type { TaskIdsResponse } from '@townworks/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, type EndpointPath } from '../../../lib/api-client'
import { assignmentsKeys } from './keys'

/** GET /api/task: rows [task_id, task_name, status]. */
export function getTaskIds(signal?: AbortSignal): Promise<TaskIdsResponse['task_ids']> {
  return api.get<TaskIdsResponse>('/api/task' satisfies EndpointPath<'taskIds'>, { signal }).then((r) => r.task_ids)
}

export const taskIdsQuery = () =>
  queryOptions({ queryKey: assignmentsKeys.taskIds(), queryFn: ({ signal }) => getTaskIds(signal) })

export function useTaskIds() {
  return useQuery(taskIdsQuery())
}
