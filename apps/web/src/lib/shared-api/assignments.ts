import type { AssignmentUpdateBody, AssignmentUpdateResponse } from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api-client'
import { assignmentsKeys, boardKeys, tasksKeys } from '../query-keys'

// PUT /api/assignmentupdate is used by Update Task Assignment (assignments) and the job page
// (jobs): a feature may not import another, so its one owner is here.

/** PUT /api/assignmentupdate: the edit form, times HH:MM:SS and worker_id an integer. */
export function updateAssignment(body: AssignmentUpdateBody): Promise<AssignmentUpdateResponse> {
  return api.call('assignmentUpdate', { body })
}

/** Change an assignment's worker or time; the assignments and the job pages read it again. */
export function useUpdateAssignment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateAssignment,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: assignmentsKeys.all }),
        queryClient.invalidateQueries({ queryKey: tasksKeys.all }),
        queryClient.invalidateQueries({ queryKey: boardKeys.all }),
      ]),
  })
}
