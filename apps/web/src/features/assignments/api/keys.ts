import type { AssignmentDetailsQuery, WorkerSuggestionsQuery } from '@townworks/contract'

/** Query keys of the assignments feature; invalidating `all` refreshes every list and detail after a write. */
export const assignmentsKeys = {
  all: ['assignments'] as const,
  rows: () => ['assignments', 'rows'] as const,
  ids: () => ['assignments', 'ids'] as const,
  taskIds: () => ['assignments', 'task-ids'] as const,
  statuses: () => ['assignments', 'statuses'] as const,
  form: (assignmentId: number) => ['assignments', 'form', assignmentId] as const,
  task: (assignmentId: number) => ['assignments', 'task', assignmentId] as const,
  details: (query: Partial<AssignmentDetailsQuery>) => ['assignments', 'details', query] as const,
  request: (id: number) => ['assignments', 'request', id] as const,
  suggestions: (query: WorkerSuggestionsQuery) => ['assignments', 'suggestions', query] as const,
}
