import type { TaskStatus } from '@townworks/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { assignmentsKeys } from '../../../lib/query-keys'

/** An assignment as GET /api/assignments lists it; the seed's row stops at this call. */
export interface AssignmentSummary {
  assignmentId: number
  taskId: number
  workerId: number
  taskName: string
  status: TaskStatus
}

/** GET /api/assignments: rows [assignment_id, task_id, worker_id, task_name, status], newest first, as objects. */
export async function getAssignments(signal?: AbortSignal): Promise<AssignmentSummary[]> {
  const { assignments } = await api.call('assignments', { signal })
  return assignments.map(([assignmentId, taskId, workerId, taskName, status]) => ({
    assignmentId,
    taskId,
    workerId,
    taskName,
    status,
  }))
}

export const assignmentsQuery = () =>
  queryOptions({ queryKey: assignmentsKeys.rows(), queryFn: ({ signal }) => getAssignments(signal) })

export function useAssignments() {
  return useQuery(assignmentsQuery())
}
