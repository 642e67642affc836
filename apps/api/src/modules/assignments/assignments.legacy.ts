import type { AssignmentListItem, AssignmentsResponse } from '@townworks/contract'

/**
 * GET /api/assignments as the seed's client reads it: each assignment a row
 * [assignment_id, task_id, worker_id, task_name, status] (it reads row[0]). The only place that row
 * is built: the repository and the service deal in objects.
 */
export function assignmentsResponse(items: readonly AssignmentListItem[]): AssignmentsResponse {
  return { assignments: items.map((a) => [a.assignment_id, a.task_id, a.worker_id, a.task_name, a.status]) }
}
