import type { TaskStatus } from '@townworks/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { assignmentsKeys } from '../../../lib/query-keys'

/** GET /api/taskstatus: the statuses in the machine's order (the seed reads `statutes`, row[0]). */
export async function getTaskStatuses(signal?: AbortSignal): Promise<TaskStatus[]> {
  const { statutes } = await api.call('taskStatuses', { signal })
  return statutes.map((row) => row[0])
}

export const taskStatusesQuery = () =>
  queryOptions({
    queryKey: assignmentsKeys.statuses(),
    queryFn: ({ signal }) => getTaskStatuses(signal),
    staleTime: Infinity,
  })

export function useTaskStatuses() {
  return useQuery(taskStatusesQuery())
}
