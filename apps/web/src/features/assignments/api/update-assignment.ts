import type { AssignmentUpdateBody, AssignmentUpdateResponse } from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { assignmentsKeys } from '../../../lib/query-keys'

/** PUT /api/assignmentupdate: the edit form, times HH:MM:SS and worker_id an integer. */
export function updateAssignment(body: AssignmentUpdateBody): Promise<AssignmentUpdateResponse> {
  return api.call('assignmentUpdate', { body })
}

export function useUpdateAssignment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateAssignment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: assignmentsKeys.all }),
  })
}
