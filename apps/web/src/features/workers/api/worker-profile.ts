import type {
  WorkerLanguage,
  WorkerLanguagesResponse,
  WorkerPhotoResponse,
  WorkerPhotoUpload,
} from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { workersKeys } from '../../../lib/query-keys'

// A worker's profile (issue 21, decision 059): their photo and languages, changed by the worker from
// My jobs or by the office on /wss. Every worker read is refreshed after (the roster, the worker, My
// jobs, the profile): each shows the photo or the languages.

/** PUT /api/workers/{id}/photo: a new photo (the browser made it smaller first, lib/photo.ts). */
export function setWorkerPhoto({
  workerId,
  photo,
}: {
  workerId: number
  photo: WorkerPhotoUpload
}): Promise<WorkerPhotoResponse> {
  return api.call('setWorkerPhoto', { params: { id: workerId }, body: photo })
}

/** DELETE /api/workers/{id}/photo */
export function deleteWorkerPhoto({ workerId }: { workerId: number }): Promise<WorkerPhotoResponse> {
  return api.call('deleteWorkerPhoto', { params: { id: workerId } })
}

/** PUT /api/workers/{id}/languages */
export function setWorkerLanguages({
  workerId,
  languages,
}: {
  workerId: number
  languages: WorkerLanguage[]
}): Promise<WorkerLanguagesResponse> {
  return api.call('setWorkerLanguages', { params: { id: workerId }, body: { languages } })
}

function useWorkerChange<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workersKeys.all }),
  })
}

export const useSetWorkerPhoto = () => useWorkerChange(setWorkerPhoto)
export const useDeleteWorkerPhoto = () => useWorkerChange(deleteWorkerPhoto)
export const useSetWorkerLanguages = () => useWorkerChange(setWorkerLanguages)
