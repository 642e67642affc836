import type { TaskPhotosResponse } from '@townworks/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../api-client'
import { tasksKeys } from '../query-keys'

// GET /api/tasks/{task_id}/photos, the photos of the finished work (issue 21, decision 057), is read
// by the worker's My jobs, the customer's My requests and the office's job page: its one owner is here.

/** A task's photos of the work, oldest first, and whether the caller may add one now. */
export function getTaskPhotos(taskId: number, signal?: AbortSignal): Promise<TaskPhotosResponse> {
  return api.call('taskPhotos', { params: { task_id: taskId }, signal })
}

export const taskPhotosQuery = (taskId: number) =>
  queryOptions({
    queryKey: tasksKeys.photos(taskId),
    queryFn: ({ signal }) => getTaskPhotos(taskId, signal),
  })

export function useTaskPhotos(taskId: number) {
  return useQuery(taskPhotosQuery(taskId))
}
