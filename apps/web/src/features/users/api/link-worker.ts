import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { usersKeys } from '../../../lib/query-keys'

/** PUT /api/admin/users/{id}/worker: link a worker profile to a worker's login (null unlinks). */
export const linkWorker = ({ id, workerId }: { id: number; workerId: number | null }) =>
  api.call('linkWorker', { params: { id }, body: { worker_id: workerId } })

export function useLinkWorker() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: linkWorker,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  })
}
