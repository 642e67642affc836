import type { TaskIdsResponse } from '@townworks/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

/** GET /api/task (seed call 16): every task as [task_id, task_name, status]. */
export function getTaskIds(signal?: AbortSignal): Promise<TaskIdsResponse> {
  return api.get<TaskIdsResponse>('/api/task', { signal })
}

export const taskIdsQuery = () =>
  queryOptions({
    queryKey: ['tasks', 'ids'] as const,
    queryFn: ({ signal }) => getTaskIds(signal),
  })

/** The tasks an operator can pick on /wfs. */
export function useTaskIds() {
  return useQuery(taskIdsQuery())
}
