import type { JobResponse, JobSummariesQuery, JobSummary } from '@townworks/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../api-client'
import { assignmentsKeys, tasksKeys } from '../query-keys'

// The job page (jobs), Send message's recipient picker (notifications) and the job pickers of the
// office's forms (components/job-picker: assignments, workflow, payments) read a job and look jobs up
// by reference or name: a feature may not import another, so their one owner is here.

/** GET /api/jobs/{taskId}: the task, its request, assignment, money, messages and history in one answer. */
export function getJob(taskId: number, signal?: AbortSignal): Promise<JobResponse> {
  return api.call('job', { params: { taskId }, signal })
}

export const jobQuery = (taskId: number) =>
  queryOptions({ queryKey: tasksKeys.job(taskId), queryFn: ({ signal }) => getJob(taskId, signal) })

/** One job; nothing is asked while no job is chosen. */
export function useJob(taskId: number | undefined) {
  return useQuery({ ...jobQuery(taskId ?? 0), enabled: taskId !== undefined })
}

/** GET /api/tasks/summaries?q=: tasks as a person recognises them (reference, service, town, worker). */
export function getTaskSummaries(query: Partial<JobSummariesQuery>, signal?: AbortSignal): Promise<JobSummary[]> {
  return api.call('taskSummaries', { query, signal }).then((res) => res.summaries)
}

export const taskSummariesQuery = (query: Partial<JobSummariesQuery>) =>
  queryOptions({
    queryKey: tasksKeys.summaries(query),
    queryFn: ({ signal }) => getTaskSummaries(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })

/** Tasks matching what was typed (newest first). */
export function useTaskSummaries(query: Partial<JobSummariesQuery>, enabled = true) {
  return useQuery({ ...taskSummariesQuery(query), enabled })
}

/** Which job picker: assignments (the id sent is the assignment's) or tasks (the task's). */
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
