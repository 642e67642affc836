import type { TaskStatus, TaskStatusesResponse } from '@townworks/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, type EndpointPath } from '../../../lib/api-client'
import { assignmentsKeys } from './keys'

/** GET /api/taskstatus: the statuses in the machine's order (the seed reads `statutes`, row[0]). */
export async function getTaskStatuses(signal?: AbortSignal): Promise<TaskStatus[]> {
  const { statutes } = await api.get<TaskStatusesResponse>('/api/taskstatus' satisfies EndpointPath<'taskStatuses'>, {
    signal,
  })
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
