import type { WorkflowResponse } from '@townworks/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { workflowKeys } from '../../../lib/query-keys'

/** GET /api/workflow/{taskId} (seed call 20): the task's workflow records, oldest first. */
export function getWorkflow(taskId: number, signal?: AbortSignal): Promise<WorkflowResponse> {
  return api.call('workflow', { params: { taskId }, signal })
}

export const workflowQuery = (taskId: number) =>
  queryOptions({
    queryKey: workflowKeys.records(taskId),
    queryFn: ({ signal }) => getWorkflow(taskId, signal),
    // A status can change at any moment: read the history afresh each time a task is chosen.
    staleTime: 0,
  })

/** The workflow records of the chosen task; nothing is fetched while no task is chosen. */
export function useWorkflow(taskId: number | null) {
  return useQuery({ ...workflowQuery(taskId ?? 0), enabled: taskId !== null })
}
