import type { JobResponse } from '@townworks/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { tasksKeys } from '../../../lib/query-keys'

/** GET /api/jobs/{taskId}: the task, its request, assignment, money, messages and history in one answer. */
export function getJob(taskId: number, signal?: AbortSignal): Promise<JobResponse> {
  return api.call('job', { params: { taskId }, signal })
}

export const jobQuery = (taskId: number) =>
  queryOptions({ queryKey: tasksKeys.job(taskId), queryFn: ({ signal }) => getJob(taskId, signal) })

/** The job page's one read; a status change or a new time reads it again (it is under `tasks`). */
export function useJob(taskId: number) {
  return useQuery(jobQuery(taskId))
}
