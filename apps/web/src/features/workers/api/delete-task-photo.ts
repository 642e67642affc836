import type { DeleteTaskPhotoResponse } from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { tasksKeys } from '../../../lib/query-keys'

/** DELETE /api/task-photos/{id}: the worker takes back a photo of the work while the task is open. */
export function deleteTaskPhoto({ id }: { id: number; taskId: number }): Promise<DeleteTaskPhotoResponse> {
  return api.call('deleteTaskPhoto', { params: { id } })
}

export function useDeleteTaskPhoto() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteTaskPhoto,
    onSettled: (_data, _error, input) => queryClient.invalidateQueries({ queryKey: tasksKeys.photos(input.taskId) }),
  })
}
