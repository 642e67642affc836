import type { TaskPhotoResponse, TaskPhotoUpload } from '@townworks/contract'
import { IDEMPOTENCY_KEY_HEADER } from '@townworks/contract/constants'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { tasksKeys } from '../../../lib/query-keys'
import { sendWithProgress, type UploadProgress } from '../../../lib/send-with-progress'

export interface AddTaskPhotoInput {
  taskId: number
  photo: TaskPhotoUpload
  /** One per photo, kept for its retries: a retry after a lost answer is stored once. */
  idempotencyKey: string
  /** Told as the photo's bytes go (again from 0 when the call is sent again after a session renewal). */
  onProgress?: (progress: UploadProgress) => void
  /** Aborts the upload (the panel closed). */
  signal?: AbortSignal
}

/**
 * POST /api/tasks/{task_id}/photos: the assigned worker adds a photo of the work. Sent by
 * XMLHttpRequest (lib/send-with-progress.ts) to report its bytes; the client's headers, session
 * renewal and errors are those of every call.
 */
export function addTaskPhoto({
  taskId,
  photo,
  idempotencyKey,
  onProgress = () => {},
  signal,
}: AddTaskPhotoInput): Promise<TaskPhotoResponse> {
  return api.call('addTaskPhoto', {
    params: { task_id: taskId },
    body: photo,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    signal,
    send: sendWithProgress(onProgress),
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
