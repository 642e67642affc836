import type { AssignmentUpdateBody, AssignmentUpdateResponse } from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, type EndpointPath } from '../../../lib/api-client'
import { assignmentsKeys } from './keys'

/** PUT /api/assignmentupdate: the edit form, times HH:MM:SS and worker_id an integer. */
export function updateAssignment(body: AssignmentUpdateBody): Promise<AssignmentUpdateResponse> {
  return api.put<AssignmentUpdateResponse>('/api/assignmentupdate' satisfies EndpointPath<'assignmentUpdate'>, body)
}

export function useUpdateAssignment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateAssignment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: assignmentsKeys.all }),
  })
}
