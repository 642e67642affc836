import type { JobSummary } from '@townworks/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { assignmentsKeys, tasksKeys } from '../../../lib/query-keys'
import { getTaskSummaries } from '../../../lib/shared-api/jobs'

/** Which picker: assignments (the id sent is the assignment's) or tasks (the task's). */
export type SummaryKind = 'assignment' | 'task'

/** GET /api/assignments/summaries or /api/tasks/summaries: newest first, narrowed by `q` on the server. */
export async function getJobSummaries(kind: SummaryKind, q: string, signal?: AbortSignal): Promise<JobSummary[]> {
  const query = q ? { q } : {}
  if (kind === 'task') return getTaskSummaries(query, signal)
  return (await api.call('assignmentSummaries', { query, signal })).summaries
}

export const jobSummariesQuery = (kind: SummaryKind, q: string) =>
  queryOptions({
    queryKey: kind === 'assignment' ? assignmentsKeys.summaries(q) : tasksKeys.summaries(q ? { q } : {}),
    queryFn: ({ signal }) => getJobSummaries(kind, q, signal),
    staleTime: 10_000,
  })

/** A picker's rows for what was typed; the last rows stay while the next ones load. */
export function useJobSummaries(kind: SummaryKind, q: string) {
  return useQuery({ ...jobSummariesQuery(kind, q), placeholderData: keepPreviousData })
}
