import type { TaskStatus, UpdateStatusBody, UpdateStatusResponse } from '@townworks/contract'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../api-client'
import { TASK_STATUS_DEPENDENTS, tasksKeys } from '../query-keys'

// Calls of the tasks noun used by more than one feature (assignments, workers, requests,
// workflow): a feature may not import another, so their one owner is here.

/** A task as GET /api/task lists it; the seed's row [task_id, task_name, status] stops at this call. */
export interface TaskSummary {
  taskId: number
  taskName: string
  status: TaskStatus
}

/** GET /api/task (seed call 16): every task, as objects. */
export async function getTaskIds(signal?: AbortSignal): Promise<TaskSummary[]> {
  const { task_ids } = await api.call('taskIds', { signal })
  return task_ids.map(([taskId, taskName, status]) => ({ taskId, taskName, status }))
}

export const taskIdsQuery = () =>
  queryOptions({ queryKey: tasksKeys.ids(), queryFn: ({ signal }) => getTaskIds(signal) })

/** The tasks to pick from (/asu, /wfs): one cache entry, so a change seen on one screen is seen on the other. */
export function useTaskIds() {
  return useQuery(taskIdsQuery())
}

export interface UpdateStatusInput extends UpdateStatusBody {
  taskId: number
}

/** PUT /api/update-status/{task_id} (seed call 13): move the task through the status machine. */
export function updateStatus({ taskId, ...body }: UpdateStatusInput): Promise<UpdateStatusResponse> {
  return api.call('updateStatus', { params: { task_id: taskId }, body })
}

/**
 * Change a task's status (operator, the task's worker, its customer, an admin's override). Success
 * or a refusal (someone moved it first): every screen that shows the task reads it again.
 */
export function useUpdateStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateStatus,
    onSettled: () => Promise.all(TASK_STATUS_DEPENDENTS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  })
}
