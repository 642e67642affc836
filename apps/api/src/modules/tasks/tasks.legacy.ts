import type { TaskIdsResponse, TaskListItem, TaskStatus, TaskStatusesResponse } from '@townworks/contract'

// The seed's positional shapes, built only here: the repository and the service deal in objects.

/** GET /api/taskstatus as the seed's client reads it: `statutes` (sic), each status a row [status]. */
export function taskStatusesResponse(statuses: readonly TaskStatus[]): TaskStatusesResponse {
  return { statutes: statuses.map((status) => [status]) }
}

/** GET /api/task as the seed's client reads it: `task_ids`, each task a row [task_id, task_name, status]. */
export function taskIdsResponse(items: readonly TaskListItem[]): TaskIdsResponse {
  return { task_ids: items.map((t) => [t.task_id, t.task_name, t.status]) }
}
