import type { TaskPhotoResponse, TaskPhotoUpload } from '@townworks/contract'
import { IDEMPOTENCY_KEY_HEADER } from '@townworks/contract/constants'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { tasksKeys } from '../../../lib/query-keys'

export interface AddTaskPhotoInput {
  taskId: number
  photo: TaskPhotoUpload
  /** One per photo, kept for its retries: a retry after a lost answer is stored once. */
  idempotencyKey: string
}

/** POST /api/tasks/{task_id}/photos: the assigned worker adds a photo of the work. */
export function addTaskPhoto({ taskId, photo, idempotencyKey }: AddTaskPhotoInput): Promise<TaskPhotoResponse> {
  return api.call('addTaskPhoto', {
    params: { task_id: taskId },
    body: photo,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  })
}

/** Add a photo; the task's photos are read again whatever the answer (a refusal may mean it is full). */
export function useAddTaskPhoto() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addTaskPhoto,
    onSettled: (_data, _error, input) => queryClient.invalidateQueries({ queryKey: tasksKeys.photos(input.taskId) }),
  })
}
